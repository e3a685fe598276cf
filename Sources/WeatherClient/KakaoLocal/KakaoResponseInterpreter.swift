internal import Foundation

/// Turns a Kakao Local answer into a model or a ``KakaoLocalError``.
///
/// A non-2xx answer is the error its body names (``KakaoErrorBody``); a body that is not Kakao's
/// JSON (an HTML gateway page, an empty body) keeps only the statuses whose meaning does not depend
/// on who sent them (401, 429) and is otherwise `server`, described as the OpenWeatherMap side
/// describes such bodies. A 2xx body that does not decode is `decoding` with its JSON path, unless it
/// is an error body that names its error, which is then that error with the 2xx status.
struct KakaoResponseInterpreter {
    /// For `Retry-After` given as a date.
    let now: Date

    func decode<Model: Decodable>(_ type: Model.Type, from response: TransportResponse) throws(KakaoLocalError)
        -> Model
    {
        guard (200...299).contains(response.status) else { throw error(for: response) }
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            if let body = KakaoErrorBody(response.body), body.namesAnError {
                throw body.error(status: response.status, retryAfter: retryAfter(response))
            }
            guard let error = error as? DecodingError else {
                throw Self.kakao(DecodingDiagnostics.notJSON(response.body, expected: "a JSON object"))
            }
            throw Self.kakao(
                DecodingDiagnostics.error(for: error, body: response.body, expectedTopLevel: "a JSON object"))
        }
    }

    /// The error for a non-success answer, with the server's message when it sent one.
    func error(for response: TransportResponse) -> KakaoLocalError {
        let retryAfter = retryAfter(response)
        if let body = KakaoErrorBody(response.body) {
            return body.error(status: response.status, retryAfter: retryAfter)
        }
        let answer = KakaoLocalError.Answer(
            status: response.status,
            message: ResponseInterpreter.describeForeignBody(status: response.status, body: response.body),
            retryAfter: retryAfter
        )
        switch response.status {
        case 401: return .unauthorized(answer)
        case 429: return .rateLimited(answer)
        default: return .server(answer)
        }
    }

    private func retryAfter(_ response: TransportResponse) -> Duration? {
        RetryAfter.parse(response.header("Retry-After"), now: now)
    }

    /// The shared diagnostics speak ``WeatherError``; their decoding case carries over as it is.
    private static func kakao(_ error: WeatherError) -> KakaoLocalError {
        if case .decoding(let path, let expected, let found) = error {
            return .decoding(path: path, expected: expected, found: found)
        }
        return .decoding(path: DecodingDiagnostics.topLevel, expected: "a JSON object", found: error.description)
    }
}
