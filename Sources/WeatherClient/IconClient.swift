internal import Foundation

// Icons come from the icon host (`iconBaseURL`), not the API, and take no key.
extension OpenWeatherClient {
    /// The icon for a condition code such as `"04d"` (see ``WeatherCondition/icon``), as PNG.
    ///
    /// ```swift
    /// let icon = try await client.icon("04d")   // /img/wn/04d@2x.png, 100×100
    /// ```
    /// - Throws: ``WeatherError``; a code that is not two digits then `d` or `n` is `invalidRequest`
    ///   before any request; a 2xx body that is not a PNG is `decoding`, saying what it is instead.
    public func icon(_ code: String, size: IconSize = .double) async throws(WeatherError) -> WeatherIcon {
        guard WeatherCondition.isIconCode(code) else {
            throw .invalidRequest(message: "icon code \"\(code)\" is not two digits then d or n (e.g. 04d)")
        }
        let response = try await send(.icon(code, size: size))
        let interpreter = ResponseInterpreter(units: units, now: Date())
        guard (200...299).contains(response.status) else {
            throw Redaction(key: apiKey.secret).scrub(interpreter.error(status: response.status, response: response))
        }
        let header = try PNGHeader.read(response.body)
        return WeatherIcon(
            code: code, size: size, png: response.body, width: header.width, height: header.height,
            contentType: response.header("Content-Type"))
    }
}
