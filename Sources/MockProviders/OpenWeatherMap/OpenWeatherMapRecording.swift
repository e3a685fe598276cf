import Basics
import MockEngine

/// How OpenWeatherMap is recorded: a request reduced to what identifies it: its endpoint and significant
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
/// - One Call 4.0: current and the timelines by `lat`+`lon`, `units`, `lang`, and the page's `start`
///   and `cnt` (pinned, absent when left out: each recorded page answers its own request); an alert's
///   detail by its path alone;
/// - icons (`/img/wn/10d@2x.png`): the path alone;
/// - any other path: every parameter except keys.
/// Shaping parameters change what the body holds, so a pattern pins them even when the request left
/// them out (`null`: must be absent). `units` is pinned only when given: a JSON body is converted on
/// replay, so one recording answers every unit system (overview's text cannot be converted, so there
/// it is pinned). `exclude` likewise: a full One Call answer serves every combination on replay. Keys
/// are never part of a pattern.
struct OpenWeatherMapRecording: RecordingProfile {
    let upstream = "https://api.openweathermap.org"
    /// Where the live API's icons are (`/img/wn/...`): the web site's host, not the API's.
    static let iconUpstream = "https://openweathermap.org"
    let keyVariable = "OPENWEATHERMAP_API_KEY"
    let keyPlacement = KeyPlacement.parameter("appid")
    let varyingShapePaths = OpenWeatherMapShapes.varyingPaths

    func upstream(forPath path: String, configured: String) -> String {
        IconPath.code(of: path) != nil && configured == upstream ? Self.iconUpstream : configured
    }

    func sendsKey(forPath path: String) -> Bool { IconPath.code(of: path) == nil }

    func interaction(
        for request: CapturedRequest, answers: [CapturedAnswer], storedAsJSON: Bool, given: JSONValue?
    ) -> RecordedInteraction {
        let endpoint = Endpoint(path: request.path)
        // A history becomes ranged only when every answer with data can be cut by `dt`; otherwise its
        // bounds stay pinned as sent.
        let historyRange = Self.historyRange(of: request).flatMap { range in
            answers.allSatisfy { answer in
                guard (200..<300).contains(answer.status), answer.body != nil else { return true }
                return answer.json.map { RangedBodies.cuts($0, items: "list", key: "dt") } ?? false
            } ? range : nil
        }
        // The range an expectation is for: the recorded one, when the pattern is ranged.
        let expectedRange: (start: Int64, end: Int64)? =
            if let given { given["range"] != nil ? Self.historyRange(of: request) : nil } else { historyRange }
        let units = Units(requestValue: request.value("units"))
        let members: [(String, JSONValue)] = endpoint.hasUnits ? [("units", .string(units.rawValue))] : []
        return RecordedInteraction(
            pattern: given ?? pattern(for: request, storedAsJSON: storedAsJSON, ranged: historyRange != nil),
            responseMembers: answers.map { _ in members },
            expectations: answers.map { answer in
                ExpectDerivation.expectation(
                    status: answer.status, body: answer.json, endpoint: endpoint, units: units,
                    mode: request.value("mode"), rawBody: answer.body ?? [], range: expectedRange)
            })
    }

    /// The families of the API, by path.
    enum Endpoint: Sendable, Equatable {
        case current, forecast, geocodingDirect, geocodingReverse, geocodingZip
        case oneCall, oneCallTimemachine, oneCallDaySummary, oneCallOverview
        case airPollution, airPollutionForecast, airPollutionHistory
        case oneCall4Current, oneCall4Timeline, oneCall4Alert
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
            default:
                switch OneCall4Endpoint(path: path) {
                case .current?: self = .oneCall4Current
                case .timeline?: self = .oneCall4Timeline
                case .alert?: self = .oneCall4Alert
                case nil: self = IconPath.code(of: path) != nil ? .icon : .other
                }
            }
        }

        /// Parameters that locate the request, in the order names list them.
        var locationParameters: [String] {
            switch self {
            case .current, .forecast: ["q", "id", "zip", "lat", "lon"]
            case .geocodingDirect: ["q"]
            case .geocodingReverse: ["lat", "lon"]
            case .geocodingZip: ["zip"]
            case .oneCall, .oneCallTimemachine, .oneCallDaySummary, .oneCallOverview, .oneCall4Current,
                .oneCall4Timeline:
                ["lat", "lon"]
            case .airPollution, .airPollutionForecast, .airPollutionHistory: ["lat", "lon"]
            case .oneCall4Alert, .icon, .other: []
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
            case .oneCall4Current: ["lang"]
            case .oneCall4Timeline: ["lang", "start", "cnt"]
            case .geocodingZip, .airPollution, .airPollutionForecast, .oneCall4Alert, .icon, .other: []
            }
        }

        /// Whether the body is in the request's `units` and replay converts it.
        var hasUnits: Bool {
            switch self {
            case .current, .forecast, .oneCall, .oneCallTimemachine, .oneCallDaySummary, .oneCall4Current,
                .oneCall4Timeline:
                true
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
            case .oneCall4Current, .oneCall4Timeline: ("onecall4", "")
            case .oneCall4Alert: ("onecall4", "alert-")
            case .icon: ("icons", "")
            case .other: ("other", "")
            }
        }
    }

    /// The `request` object of the cassette: method, path, significant parameters, and `near` for
    /// coordinates. `bodyIsConvertible` is false when the body is stored as text, which replay cannot
    /// convert, so `units` is then pinned absent too; `ranged` is false when a history's body cannot be
    /// cut by `dt`, so its bounds are pinned as sent instead of becoming a `range`.
    func pattern(for request: CapturedRequest, storedAsJSON bodyIsConvertible: Bool, ranged: Bool) -> JSONValue {
        let endpoint = Endpoint(path: request.path)
        var query: [(String, JSONValue)] = []
        let coordinate = endpoint.locationParameters.contains("lat") ? request.coordinate : nil
        if endpoint == .other {
            var seen = Set<String>()
            for parameter in request.parameters where seen.insert(parameter.name).inserted {
                query.append((parameter.name, .string(parameter.value)))
            }
        } else {
            for name in endpoint.locationParameters {
                if coordinate != nil, name == "lat" || name == "lon" { continue }
                if let value = request.value(name) { query.append((name, .string(value))) }
            }
            if endpoint.hasUnits {
                if let units = request.value("units") {
                    query.append(("units", .string(units)))
                } else if !bodyIsConvertible {
                    query.append(("units", .null))
                }
            }
            if endpoint == .oneCall, let exclude = request.value("exclude"),
                !ExcludedBlocks(requestValue: exclude).isEmpty
            {
                query.append(("exclude", .string(exclude)))
            }
            // Only a json body can be cut (replay serves a text body byte for byte).
            let ranged = ranged && Self.historyRange(of: request) != nil && bodyIsConvertible
            for name in endpoint.shapingParameters {
                // A recorded history serves every range inside the one recorded: its bounds are free.
                if ranged, name == "start" || name == "end" {
                    query.append((name, .string("*")))
                    continue
                }
                query.append((name, request.value(name).map { .string($0) } ?? .null))
            }
        }
        var fields: [(String, JSONValue)] = [("method", .string(request.method)), ("path", .string(request.path))]
        if !query.isEmpty { fields.append(("query", .object(query))) }
        if let coordinate {
            fields.append(
                (
                    "near",
                    .object([
                        ("lat", .number(coordinate.latitude)), ("lon", .number(coordinate.longitude)),
                        ("radiusKm", .number(CapturedRequest.nearRadiusKilometres)),
                    ])
                ))
        }
        if ranged, let range = Self.historyRange(of: request), bodyIsConvertible {
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
    static func historyRange(of request: CapturedRequest) -> (start: Int64, end: Int64)? {
        let endpoint = Endpoint(path: request.path)
        guard endpoint == .airPollutionHistory, let start = request.value("start").flatMap(RangeRule.wholeSeconds),
            let end = request.value("end").flatMap(RangeRule.wholeSeconds), start <= end
        else { return nil }
        return (start, end)
    }

    /// The deterministic name under `root` (`recorded`, or `imported` for HAR imports).
    func cassetteName(for request: CapturedRequest) -> String {
        let endpoint = Endpoint(path: request.path)
        let (folder, prefix) = endpoint.folderAndPrefix
        var parts: [String] = []
        // `current-…`, `1h-…`: the 4.0 path's last step names the file.
        if endpoint == .oneCall4Current || endpoint == .oneCall4Timeline,
            let last = request.path.split(separator: "/").last
        {
            parts.append(CassetteNaming.slug(String(last)))
        }
        if endpoint == .icon, let code = IconPath.code(of: request.path) {
            parts.append(CassetteNaming.slug(code))
        } else if case .alert(let id)? = OneCall4Endpoint(path: request.path) {
            parts.append(CassetteNaming.slug(id))
        } else if endpoint == .other {
            parts.append(CassetteNaming.slug(request.path))
            var seen = Set<String>()
            for parameter in request.parameters where seen.insert(parameter.name).inserted {
                parts.append("\(CassetteNaming.slug(parameter.name))-\(CassetteNaming.slug(parameter.value))")
            }
        } else {
            var location: [String] = []
            for name in endpoint.locationParameters where name != "lat" && name != "lon" {
                if let value = request.value(name) { location.append("\(name)-\(CassetteNaming.slug(value))") }
            }
            if let coordinate = request.coordinate {
                location.append(CassetteNaming.coordinates(coordinate.latitude, coordinate.longitude))
            } else {
                for name in ["lat", "lon"] where endpoint.locationParameters.contains(name) {
                    if let value = request.value(name) { location.append("\(name)-\(CassetteNaming.slug(value))") }
                }
            }
            parts.append(location.isEmpty ? "no-location" : location.joined(separator: "_"))
            if endpoint.hasUnits, let units = request.value("units") { parts.append(CassetteNaming.slug(units)) }
            if endpoint == .oneCall, let exclude = request.value("exclude"),
                !ExcludedBlocks(requestValue: exclude).isEmpty
            {
                parts.append("exclude-\(CassetteNaming.slug(exclude))")
            }
            for name in endpoint.shapingParameters {
                if let value = request.value(name) { parts.append("\(name)-\(CassetteNaming.slug(value))") }
            }
        }
        // Another method for the same target (a browser's CORS preflight, OPTIONS) gets its own name.
        let method = request.method == "GET" ? "" : "\(CassetteNaming.slug(request.method))-"
        return "\(folder)/\(method)\(prefix)\(CassetteNaming.limited(parts.joined(separator: "-")))"
    }

}
