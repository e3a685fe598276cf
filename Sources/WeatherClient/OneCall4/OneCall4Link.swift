public import Foundation

/// A page's `prev` or `next` link, held without the API key the API writes into it.
///
/// The live API writes `http://api.openweathermap.org/data/4.0/onecall/timeline/1h?cnt=20&lat=…&lon=…
/// &start=…&appid=KEY&units=metric&lang=en`; the documentation's example is `https://` without
/// `units` and `lang`. Both decode. Only the path, `start` and `cnt` are kept: following a link sends
/// those to the client's own base URL with its own key, units and language (see
/// ``OpenWeatherClient/nextPage(after:)``), so neither the link's host nor the key in it is ever used.
/// Decoding never fails on what the link says; a link that cannot be followed is refused when it is.
public struct OneCall4Link: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The link as the API wrote it with the value of `appid` replaced by `<redacted>`.
    public let redactedText: String
    /// The link's path, e.g. `/data/4.0/onecall/timeline/1h`; `nil` when the text is not a URL.
    public let path: String?
    /// `start` from the query, when it is whole Unix seconds.
    public let start: Date?
    /// `cnt` from the query, when it is a positive integer.
    public let count: Int?

    /// Reads a link's text, keeping only its redacted form, path, `start` and `cnt`.
    public init(_ text: String) {
        redactedText = Redaction.scrubQueryParameter(text)
        let components = URLComponents(string: text)
        path = components.map(\.percentEncodedPath).flatMap { $0.isEmpty ? nil : $0 }
        let items = components?.queryItems ?? []
        start = items.first { $0.name == "start" }?.value.flatMap(Int64.init).map {
            Date(timeIntervalSince1970: TimeInterval($0))
        }
        count = items.first { $0.name == "cnt" }?.value.flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Decodes a `prev`/`next` string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// The redacted text.
    public var description: String { redactedText }

    /// `start` and `cnt` to request next, or `invalidRequest` naming the (redacted) link when it is not
    /// a link to `expectedPath` (alone, or under `basePath`, the client's base URL's own path) with a
    /// `start`.
    func target(expectedPath: String, basePath: String, role: String) throws(WeatherError) -> (
        start: Date, count: Int?
    ) {
        guard let path else {
            throw .invalidRequest(message: "the page's \(role) link \(redactedText) is not a URL")
        }
        let base = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        guard path == expectedPath || path == base + expectedPath else {
            throw .invalidRequest(
                message: "refused to follow the page's \(role) link \(redactedText): its path \(path) is not "
                    + "\(expectedPath), the timeline the page came from")
        }
        guard let start else {
            throw .invalidRequest(
                message: "the page's \(role) link \(redactedText) has no start (whole Unix seconds) in its query")
        }
        return (start, count)
    }
}
