import Basics

/// A request record mode forwards, reduced to what identifies it: its endpoint and significant
/// parameters (docs/ARCHITECTURE.md#recording). From it come the upstream request (the client's key replaced by the
/// real one), the cassette's request pattern and its deterministic file name.
///
/// Significant parameters, per endpoint:
/// - current weather and forecast: the location (`q`, `id`, `zip`, `lat`+`lon`), `units`, `lang`,
///   `mode`, and for the forecast `cnt`;
/// - geocoding: `q`, `zip` or `lat`+`lon`, and `limit`;
/// - One Call 3.0: `lat`+`lon`, `units`, `lang`, `exclude` (only when it names something), and
///   timemachine's `dt`, day_summary's `date` and `tz`, overview's `date` and `units`;
/// - air pollution: `lat`+`lon`, and history's `start` and `end`: a range with data becomes the
///   pattern's `range`, covering what was recorded, so every range inside it replays (cut to its items);
/// - icons (`/img/wn/10d@2x.png`): the path alone;
/// - any other path: every parameter except keys.
/// Shaping parameters change what the body holds, so a pattern pins them even when the request left
/// them out (`null`: must be absent). `units` is pinned only when given: a JSON body is converted on
/// replay, so one recording answers every unit system (overview's text cannot be converted, so there
/// it is pinned). `exclude` likewise: a full One Call answer serves every combination on replay. Keys
/// are never part of a pattern.
struct RecordingRequest: Sendable {
    enum Endpoint: Sendable, Equatable {
        case current, forecast, geocodingDirect, geocodingReverse, geocodingZip
        case oneCall, oneCallTimemachine, oneCallDaySummary, oneCallOverview
        case airPollution, airPollutionForecast, airPollutionHistory
        case icon
        case other

        init(path: String) {
            switch path {
            case "/data/2.5/weather": self = .current
            case "/data/2.5/forecast": self = .forecast
            case "/geo/1.0/direct": self = .geocodingDirect
            case "/geo/1.0/reverse": self = .geocodingReverse
            case "/geo/1.0/zip": self = .geocodingZip
            case "/data/3.0/onecall": self = .oneCall
            case "/data/3.0/onecall/timemachine": self = .oneCallTimemachine
            case "/data/3.0/onecall/day_summary": self = .oneCallDaySummary
            case "/data/3.0/onecall/overview": self = .oneCallOverview
            case "/data/2.5/air_pollution": self = .airPollution
            case "/data/2.5/air_pollution/forecast": self = .airPollutionForecast
            case "/data/2.5/air_pollution/history": self = .airPollutionHistory
            default: self = IconPath.code(of: path) != nil ? .icon : .other
            }
        }

        /// Parameters that locate the request, in the order names list them.
        var locationParameters: [String] {
            switch self {
            case .current, .forecast: ["q", "id", "zip", "lat", "lon"]
            case .geocodingDirect: ["q"]
            case .geocodingReverse: ["lat", "lon"]
            case .geocodingZip: ["zip"]
            case .oneCall, .oneCallTimemachine, .oneCallDaySummary, .oneCallOverview: ["lat", "lon"]
            case .airPollution, .airPollutionForecast, .airPollutionHistory: ["lat", "lon"]
            case .icon, .other: []
            }
        }

        /// Parameters that change the body: pinned, or pinned absent.
        var shapingParameters: [String] {
            switch self {
            case .current: ["lang", "mode"]
            case .forecast: ["lang", "cnt", "mode"]
            case .geocodingDirect, .geocodingReverse: ["limit"]
            case .oneCall: ["lang"]
            case .oneCallTimemachine: ["dt", "lang"]
            case .oneCallDaySummary: ["date", "tz", "lang"]
            case .oneCallOverview: ["date", "units"]
            case .airPollutionHistory: ["start", "end"]
            case .geocodingZip, .airPollution, .airPollutionForecast, .icon, .other: []
            }
        }

        /// Whether the body is in the request's `units` and replay converts it.
        var hasUnits: Bool {
            switch self {
            case .current, .forecast, .oneCall, .oneCallTimemachine, .oneCallDaySummary: true
            default: false
            }
        }

        /// The folder under `recorded/` and the prefix of the file name.
        var folderAndPrefix: (folder: String, prefix: String) {
            switch self {
            case .current: ("current", "")
            case .forecast: ("forecast", "")
            case .geocodingDirect: ("geocoding", "direct-")
            case .geocodingReverse: ("geocoding", "reverse-")
            case .geocodingZip: ("geocoding", "zip-")
            case .oneCall: ("onecall", "")
            case .oneCallTimemachine: ("onecall", "timemachine-")
            case .oneCallDaySummary: ("onecall", "day-summary-")
            case .oneCallOverview: ("onecall", "overview-")
            case .airPollution: ("air", "")
            case .airPollutionForecast: ("air", "forecast-")
            case .airPollutionHistory: ("air", "history-")
            case .icon: ("icons", "")
            case .other: ("other", "")
            }
        }
    }

    /// One query parameter as sent: its raw text (for forwarding) and decoded name and value.
    struct Parameter: Sendable {
        var raw: Substring
        /// Lower-case.
        var name: String
        var value: String
    }

    /// `near` radius for coordinate recordings: requests within this distance of the recorded point
    /// are answered by it (nearer recordings win), so a trace with GPS noise replays.
    static let nearRadiusKilometres = 1.0

    var method: String
    /// The raw path as the client sent it (percent-encoding kept), for forwarding.
    var rawPath: String
    /// Percent-decoded, without a trailing slash, as cassettes state paths.
    var path: String
    var endpoint: Endpoint
    /// Every parameter except keys, in the order sent.
    var parameters: [Parameter]
    /// The values of the key parameters the client sent (to be scrubbed, never forwarded).
    var clientKeys: [String]
    var body: [UInt8]

    /// Splits a request as the server received it (`path` raw, `query` raw after `?`).
    init(method: String, rawPath: String, rawQuery: String?, body: [UInt8] = []) {
        self.method = method
        self.rawPath = rawPath
        path = RequestPath.normalized(rawPath)
        endpoint = Endpoint(path: path)
        self.body = body
        var parameters: [Parameter] = []
        var clientKeys: [String] = []
        for piece in (rawQuery ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: "=")
            let name = RequestPath.percentDecoded(piece[..<(equals ?? piece.endIndex)], plusIsSpace: true).lowercased()
            let value =
                equals.map { RequestPath.percentDecoded(piece[piece.index(after: $0)...], plusIsSpace: true) } ?? ""
            if KeyScrubber.keyParameters.contains(name) {
                if !value.isEmpty { clientKeys.append(value) }
            } else {
                parameters.append(Parameter(raw: piece, name: name, value: value))
            }
        }
        self.parameters = parameters
        self.clientKeys = clientKeys
    }

    /// A request built from values (the `record` command), encoded as a client would.
    init(path: String, parameters: [(String, String)]) {
        let query = parameters.map { "\($0.0)=\(Self.queryEncoded($0.1))" }.joined(separator: "&")
        self.init(method: "GET", rawPath: path, rawQuery: query)
    }

    /// The first value of `name` (lower-case).
    func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// The units the response body comes in (the API serves `standard` for a missing or unknown value).
    var units: Units { Units(requestValue: value("units")) }

    /// The query to forward, without any key: the client's own text, in its order.
    var forwardedQuery: String { parameters.map { String($0.raw) }.joined(separator: "&") }

    /// `GET /data/2.5/weather?q=Seoul&appid=***`: as logs show it.
    var displayText: String {
        let query = forwardedQuery
        let withKey = query.isEmpty ? "appid=\(KeyScrubber.mask)" : "\(query)&appid=\(KeyScrubber.mask)"
        return "\(method) \(path)?\(withKey)"
    }

    /// `lat` and `lon` as numbers when both are given and in range.
    var coordinate: (latitude: Double, longitude: Double)? {
        guard let latitude = value("lat").flatMap(NumericText.value(of:)),
            let longitude = value("lon").flatMap(NumericText.value(of:)), (-90...90).contains(latitude),
            (-180...180).contains(longitude)
        else { return nil }
        return (latitude, longitude)
    }

    // MARK: - The cassette's request pattern

    /// The `request` object of the cassette: method, path, significant parameters, and `near` for
    /// coordinates. `bodyIsConvertible` is false when the body is stored as text, which replay cannot
    /// convert, so `units` is then pinned absent too; `ranged` is false when a history's body cannot be
    /// cut by `dt`, so its bounds are pinned as sent instead of becoming a `range`.
    func pattern(bodyIsConvertible: Bool, ranged: Bool = true) -> JSONValue {
        var query: [(String, JSONValue)] = []
        let coordinate = endpoint.locationParameters.contains("lat") ? self.coordinate : nil
        if endpoint == .other {
            var seen = Set<String>()
            for parameter in parameters where seen.insert(parameter.name).inserted {
                query.append((parameter.name, .string(parameter.value)))
            }
        } else {
            for name in endpoint.locationParameters {
                if coordinate != nil, name == "lat" || name == "lon" { continue }
                if let value = value(name) { query.append((name, .string(value))) }
            }
            if endpoint.hasUnits {
                if let units = value("units") {
                    query.append(("units", .string(units)))
                } else if !bodyIsConvertible {
                    query.append(("units", .null))
                }
            }
            if endpoint == .oneCall, let exclude = value("exclude"), !ExcludedBlocks(requestValue: exclude).isEmpty {
                query.append(("exclude", .string(exclude)))
            }
            // Only a json body can be cut (replay serves a text body byte for byte).
            let ranged = ranged && historyRange != nil && bodyIsConvertible
            for name in endpoint.shapingParameters {
                // A recorded history serves every range inside the one recorded: its bounds are free.
                if ranged, name == "start" || name == "end" {
                    query.append((name, .string("*")))
                    continue
                }
                query.append((name, value(name).map { .string($0) } ?? .null))
            }
        }
        var fields: [(String, JSONValue)] = [("method", .string(method)), ("path", .string(path))]
        if !query.isEmpty { fields.append(("query", .object(query))) }
        if let coordinate {
            fields.append(
                (
                    "near",
                    .object([
                        ("lat", .number(coordinate.latitude)), ("lon", .number(coordinate.longitude)),
                        ("radiusKm", .number(Self.nearRadiusKilometres)),
                    ])
                ))
        }
        if ranged, let range = historyRange, bodyIsConvertible {
            fields.append(
                (
                    "range",
                    .object([
                        ("from", .string("start")), ("to", .string("end")), ("items", .string("list")),
                        ("key", .string("dt")),
                        ("covers", .object([("from", .number(Int(range.start))), ("to", .number(Int(range.end)))])),
                    ])
                ))
        }
        return .object(fields)
    }

    /// Air pollution history's `start` and `end` when they form a range the API answers with data
    /// (whole seconds, `start` not after `end`): the span the recording covers.
    var historyRange: (start: Int64, end: Int64)? {
        guard endpoint == .airPollutionHistory, let start = value("start").flatMap(RangeRule.wholeSeconds),
            let end = value("end").flatMap(RangeRule.wholeSeconds), start <= end
        else { return nil }
        return (start, end)
    }

    // MARK: - The file name

    /// `recorded/current/q-seoul`, `recorded/current/lat37.57_lon126.98-metric`,
    /// `recorded/geocoding/direct-q-seoul-limit-5`, `recorded/onecall/timemachine-lat37.57_lon126.98-dt-1670120043`,
    /// `recorded/icons/10d-2x`: the same request always gives the same name.
    var cassetteName: String { cassetteName(under: Self.recordedFolder) }

    /// Where record mode writes, in the cassette directory.
    static let recordedFolder = "recorded"

    /// The deterministic name under `root` (`recorded`, or `imported` for HAR imports).
    func cassetteName(under root: String) -> String {
        let (folder, prefix) = endpoint.folderAndPrefix
        var parts: [String] = []
        if endpoint == .icon, let code = IconPath.code(of: path) {
            parts.append(CassetteNaming.slug(code))
        } else if endpoint == .other {
            parts.append(CassetteNaming.slug(path))
            var seen = Set<String>()
            for parameter in parameters where seen.insert(parameter.name).inserted {
                parts.append("\(CassetteNaming.slug(parameter.name))-\(CassetteNaming.slug(parameter.value))")
            }
        } else {
            var location: [String] = []
            for name in endpoint.locationParameters where name != "lat" && name != "lon" {
                if let value = value(name) { location.append("\(name)-\(CassetteNaming.slug(value))") }
            }
            if let coordinate {
                location.append(CassetteNaming.coordinates(coordinate.latitude, coordinate.longitude))
            } else {
                for name in ["lat", "lon"] where endpoint.locationParameters.contains(name) {
                    if let value = value(name) { location.append("\(name)-\(CassetteNaming.slug(value))") }
                }
            }
            parts.append(location.isEmpty ? "no-location" : location.joined(separator: "_"))
            if endpoint.hasUnits, let units = value("units") { parts.append(CassetteNaming.slug(units)) }
            if endpoint == .oneCall, let exclude = value("exclude"), !ExcludedBlocks(requestValue: exclude).isEmpty {
                parts.append("exclude-\(CassetteNaming.slug(exclude))")
            }
            for name in endpoint.shapingParameters {
                if let value = value(name) { parts.append("\(name)-\(CassetteNaming.slug(value))") }
            }
        }
        // Another method for the same target (a browser's CORS preflight, OPTIONS) gets its own name.
        let method = self.method == "GET" ? "" : "\(CassetteNaming.slug(self.method))-"
        return "\(root)/\(folder)/\(method)\(prefix)\(CassetteNaming.limited(parts.joined(separator: "-")))"
    }

    private static func queryEncoded(_ value: String) -> String {
        var output = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: ","):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}

/// File-name pieces for recorded cassettes: lower-case, letters and digits kept (any script), every
/// other run of characters one `-`.
enum CassetteNaming {
    static let maximumLength = 120

    static func slug(_ text: String) -> String {
        var output = ""
        var pendingDash = false
        for character in text.trimmingASCIIWhitespace().lowercased() {
            if character.isLetter || character.isNumber || character == "." && !output.isEmpty {
                if pendingDash, !output.isEmpty { output.append("-") }
                pendingDash = false
                output.append(character)
            } else {
                pendingDash = true
            }
        }
        while output.hasSuffix(".") { output.removeLast() }
        if output.isEmpty {
            // Only punctuation or nothing: name it by its bytes so different values stay apart.
            let bytes = Array(text.utf8.prefix(16))
            return bytes.isEmpty ? "empty" : "x" + bytes.map { String($0, radix: 16) }.joined()
        }
        return output
    }

    /// `lat37.57_lon126.98`: two decimals (about a kilometre), as the name only needs to read well.
    static func coordinates(_ latitude: Double, _ longitude: Double) -> String {
        "lat\(twoDecimals(latitude))_lon\(twoDecimals(longitude))"
    }

    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.toNearestOrAwayFromZero))
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Names longer than the limit are cut (file systems allow 255 bytes; the suffix `-2.json` must fit).
    static func limited(_ name: String) -> String {
        guard name.utf8.count > maximumLength else { return name }
        var cut = ""
        for character in name {
            if cut.utf8.count + character.utf8.count > maximumLength { break }
            cut.append(character)
        }
        return cut
    }
}

/// The icon paths the API serves: `/img/wn/{code}.png`, `{code}@2x.png`, `{code}@4x.png`.
enum IconPath {
    /// `10d@2x` for `/img/wn/10d@2x.png`; nil for any other path.
    static func code(of path: String) -> String? {
        let prefix = "/img/wn/"
        guard path.hasPrefix(prefix), path.hasSuffix(".png") else { return nil }
        let name = path.dropFirst(prefix.count).dropLast(4)
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return String(name)
    }
}
