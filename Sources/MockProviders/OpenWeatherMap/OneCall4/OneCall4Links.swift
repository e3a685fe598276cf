import MockEngine

/// A timeline page's `prev` and `next` links as the live API writes them (reference §4, every live
/// capture): `http://api.openweathermap.org/data/4.0/onecall/timeline/{step}?cnt=N&lat=…&lon=…&start=…&appid=KEY&units=…&lang=…`,
/// the coordinates with 4 decimals, `units` and `lang` as the request gave them (left out when it gave
/// none).
///
/// The key is the caller's own, as the API echoes it. Answers are made and kept once for every caller,
/// so they are written with ``keyPlaceholder`` and each client's key is put in as the answer is sent
/// (``echoKey(_:into:)``); the journal, the log and HAR show the placeholder, which is the scrubber's mask.
struct OneCall4Links: Hashable, Sendable {
    let step: OneCall4Step
    private let latitude: String
    private let longitude: String
    private let units: String?
    private let lang: String?

    /// Where the links point: the live API's host, in the `http://` form it writes.
    static let origin = "http://api.openweathermap.org"

    /// What stands for the key in a kept answer: `appid=***`.
    static let keyPlaceholder = "appid=" + KeyScrubber.mask

    /// The links of `step`'s pages for a request with `parameters` (its `lat` and `lon` are numbers).
    init(step: OneCall4Step, parameters: QueryParameters, latitude: Double, longitude: Double) {
        self.step = step
        self.latitude = Self.fourDecimals(latitude)
        self.longitude = Self.fourDecimals(longitude)
        units = parameters["units"].flatMap { $0.isEmpty ? nil : $0 }
        lang = parameters["lang"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The link to the page of `count` records from `start`.
    func link(start: Int64, count: Int) -> String {
        var link =
            "\(Self.origin)\(OneCall4Endpoint.timelinePrefix)\(step.rawValue)?cnt=\(count)&lat=\(latitude)"
            + "&lon=\(longitude)&start=\(start)&\(Self.keyPlaceholder)"
        if let units { link += "&units=" + RequestPath.percentEncoded(units) }
        if let lang { link += "&lang=" + RequestPath.percentEncoded(lang) }
        return link
    }

    /// `body` with the caller's `key` where ``keyPlaceholder`` stands (percent-encoded), or, for a
    /// caller that sent no key, without the placeholder's parameter; nil when the body holds none.
    static func echoKey(_ key: String?, into body: [UInt8]) -> [UInt8]? {
        let placeholder = Array(keyPlaceholder.utf8)
        guard var match = body.firstRange(of: placeholder) else { return nil }
        let replacement = key.map { Array(("appid=" + RequestPath.percentEncoded($0)).utf8) } ?? []
        var echoed: [UInt8] = []
        echoed.reserveCapacity(body.count + 64)
        var copied = 0
        while true {
            // Without a key, the `&` before the placeholder goes too.
            let at = match.lowerBound
            let cut = replacement.isEmpty && at > 0 && body[at - 1] == UInt8(ascii: "&") ? at - 1 : at
            echoed.append(contentsOf: body[copied..<cut])
            echoed.append(contentsOf: replacement)
            copied = match.upperBound
            guard let next = body[copied...].firstRange(of: placeholder) else { break }
            match = next
        }
        echoed.append(contentsOf: body[copied...])
        return echoed
    }

    /// `37.5683` for 37.5683, `-0.1000` for -0.1: four decimals, half away from zero, as the live links.
    /// Meant for coordinates; a value too large for four decimals in an Int64 (or not finite) is
    /// written as JSON writes it rather than trapping.
    static func fourDecimals(_ degrees: Double) -> String {
        guard degrees.isFinite, abs(degrees) < 1e14 else { return NumberText.shortest(degrees) }
        let scaled = Int64((abs(degrees) * 10_000).rounded(.toNearestOrAwayFromZero))
        let fraction = String(scaled % 10_000)
        let sign = degrees < 0 && scaled != 0 ? "-" : ""
        return "\(sign)\(scaled / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }
}
