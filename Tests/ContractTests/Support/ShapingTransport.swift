import Foundation
import WeatherClient

/// Sends the client's request over the real URLSession transport after making its query satisfy the
/// interaction's pattern where the client would not produce it by itself.
///
/// The client refuses to send some requests that a cassette stages on purpose: no location at all (the
/// API's 400 "Nothing to geocode"), a latitude of 100 ("wrong latitude"), a literal fake key
/// (`appid=invalid` for the 401, `Authorization: KakaoAK null` or none at all), a history range that is reversed or not Unix seconds. Only those
/// differences are rewritten: a parameter the client already
/// sends with a value the pattern accepts is left exactly as the client wrote it, so the mock's
/// matching rules (case-insensitive `q`, numeric comparison, parameter order) are exercised for real.
struct ShapingTransport: HTTPTransport {
    let pattern: RequestPattern
    let underlying: any HTTPTransport

    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        var shaped = request
        shaped.url = shape(request.url)
        shaped.headers = shape(request.headers)
        return try await underlying.send(shaped)
    }

    /// The URL with the pattern's constraints satisfied. The query is edited in its percent-encoded form,
    /// so a parameter left alone keeps exactly the bytes the client wrote: a KMA service key's `%2B` stays
    /// `%2B` (a round trip through `queryItems` would write `+`, which the server reads as a space).
    func shape(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = components.percentEncodedQueryItems ?? []
        for (name, constraint) in pattern.query.sorted(by: { $0.key < $1.key }) {
            let index = items.firstIndex { $0.name.lowercased() == name }
            switch constraint {
            case .null:
                items.removeAll { $0.name.lowercased() == name }
            case .string("*"):
                if index == nil { items.append(URLQueryItem(name: name, value: "any")) }
            default:
                guard let literal = constraint.queryText else { continue }
                let encoded = Self.percentEncoded(literal)
                if let index {
                    let sent = items[index].value.flatMap { $0.removingPercentEncoding } ?? ""
                    if !Self.accepts(sent, literal: literal, parameter: name) {
                        items[index].value = encoded
                    }
                } else {
                    items.append(URLQueryItem(name: name, value: encoded))
                }
            }
        }
        if let range = pattern.range { shapeBounds(&items, range) }
        components.percentEncodedQueryItems = items
        return components.url ?? url
    }

    /// `literal` with everything but RFC 3986's unreserved characters percent-encoded, as a query value.
    private static func percentEncoded(_ literal: String) -> String {
        literal.addingPercentEncoding(withAllowedCharacters: unreserved) ?? literal
    }

    /// The headers with the pattern's literal ones set (a staged key: `KakaoAK disabled-service`) and
    /// the ones it requires absent removed; `"*"` leaves what the client sends.
    func shape(_ headers: [String: String]) -> [String: String] {
        var shaped = headers
        for (name, constraint) in pattern.headers {
            let existing = shaped.keys.filter { $0.lowercased() == name }
            switch constraint {
            case .null:
                for key in existing { shaped[key] = nil }
            case .string("*"):
                continue
            case .string(let literal):
                for key in existing { shaped[key] = nil }
                shaped[name] = literal
            default:
                continue
            }
        }
        return shaped
    }

    /// A `range` staging the API's 400 for bounds the client never sends: start after end, or not a
    /// Unix time at all.
    private func shapeBounds(_ items: inout [URLQueryItem], _ range: (from: String, to: String, bounds: String)) {
        guard let low = items.firstIndex(where: { $0.name.lowercased() == range.from }),
            let high = items.firstIndex(where: { $0.name.lowercased() == range.to })
        else { return }
        switch range.bounds {
        case "reversed":
            let (start, end) = (items[low].value, items[high].value)
            items[low].value = end
            items[high].value = start
            if start == end { items[low].value = String((Int64(end ?? "") ?? 0) + 3600) }
        case "malformed":
            items[low].value = "yesterday"
        default:
            break
        }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Whether the mock would accept `value` for a literal (docs/ARCHITECTURE.md#matching: `q` case-insensitive and
    /// trimmed, numbers numerically, anything else exactly).
    private static func accepts(_ value: String, literal: String, parameter: String) -> Bool {
        if parameter == "q" {
            return value.trimmingCharacters(in: .whitespaces).lowercased() == literal.lowercased()
        }
        if let number = Double(value), let expected = Double(literal) { return number == expected }
        return value == literal
    }
}
