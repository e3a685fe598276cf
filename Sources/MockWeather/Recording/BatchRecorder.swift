public import Foundation

/// One thing `mockweather record` captures: an endpoint for a location, in given units and language.
public struct RecordTarget: Sendable, Equatable {
    /// Where.
    public enum Location: Sendable, Equatable {
        /// `--city NAME`: `q=NAME`.
        case city(String)
        /// `--id N`: `id=N`.
        case cityID(String)
        /// `--zip CODE,COUNTRY`: `zip=CODE,COUNTRY`.
        case zip(String)
        /// `--at LAT,LON`: `lat=LAT&lon=LON`.
        case coordinate(latitude: Double, longitude: Double)
        /// One icon, `10d@2x` (`--endpoint icons` records all of them).
        case icon(String)

        var text: String {
            switch self {
            case .city(let name): name
            case .cityID(let id): id
            case .zip(let zip): zip
            case .coordinate(let latitude, let longitude):
                "\(UnitConversion.format(latitude)),\(UnitConversion.format(longitude))"
            case .icon(let name): name
            }
        }

        /// How a skipped target is named: `id 1835848`, `Seoul`, `zip 04524,KR`, `35.87,128.6`.
        var label: String {
            switch self {
            case .cityID(let id): "id \(id)"
            case .zip(let zip): "zip \(zip)"
            default: text
            }
        }
    }

    /// Which API call.
    public enum Endpoint: String, Sendable, CaseIterable {
        /// `/data/2.5/weather`.
        case current
        /// `/data/2.5/forecast`.
        case forecast
        /// `/geo/1.0/direct` for a city, `/geo/1.0/reverse` for coordinates, `/geo/1.0/zip` for a zip
        /// code (with `limit=5` for the first two, as the WeatherClient sends); city ids have no
        /// geocoding.
        case geocoding
        /// `/data/3.0/onecall` (coordinates only; `exclude` when set).
        case oneCall = "onecall"
        /// `/data/3.0/onecall/timemachine` (coordinates and `dt`).
        case timemachine
        /// `/data/3.0/onecall/day_summary` (coordinates and `date`).
        case daySummary = "day-summary"
        /// `/data/3.0/onecall/overview` (coordinates; `date` when set).
        case overview
        /// `/data/2.5/air_pollution` (coordinates only).
        case air
        /// `/data/2.5/air_pollution/forecast` (coordinates only).
        case airForecast = "air-forecast"
        /// `/data/2.5/air_pollution/history` (coordinates, `start` and `end`).
        case airHistory = "air-history"
        /// `/img/wn/{code}.png`, `@2x`, `@4x` for every condition icon (no location needed).
        case icons

        /// Whether the endpoint takes only coordinates.
        var needsCoordinates: Bool {
            switch self {
            case .oneCall, .timemachine, .daySummary, .overview, .air, .airForecast, .airHistory: true
            case .current, .forecast, .geocoding, .icons: false
            }
        }
    }

    /// The icon names `--endpoint icons` records: 18 condition codes in three sizes.
    public static let iconNames: [String] = ["01", "02", "03", "04", "09", "10", "11", "13", "50"].flatMap { code in
        ["d", "n"].flatMap { time in ["", "@2x", "@4x"].map { "\(code)\(time)\($0)" } }
    }

    /// Where.
    public var location: Location
    /// Which API call.
    public var endpoint: Endpoint
    /// `units`, sent when set (current weather, forecast and One Call).
    public var units: String?
    /// `lang`, sent when set (current weather, forecast and One Call).
    public var language: String?
    /// One Call's `exclude`, sent when set.
    public var exclude: String?
    /// timemachine's `dt` (Unix seconds).
    public var time: Int?
    /// day_summary's and overview's `date` (`YYYY-MM-DD`).
    public var date: String?
    /// Air pollution history's `start` and `end` (Unix seconds).
    public var period: (start: Int, end: Int)?

    /// A target; nothing is checked until it is turned into a request.
    public init(location: Location, endpoint: Endpoint = .current, units: String? = nil, language: String? = nil) {
        self.location = location
        self.endpoint = endpoint
        self.units = units
        self.language = language
    }

    /// Same location, endpoint and parameters (`period` compared by its bounds).
    public static func == (left: RecordTarget, right: RecordTarget) -> Bool {
        left.location == right.location && left.endpoint == right.endpoint && left.units == right.units
            && left.language == right.language && left.exclude == right.exclude && left.time == right.time
            && left.date == right.date && left.period?.start == right.period?.start
            && left.period?.end == right.period?.end
    }

    /// Why this target has no request (`geocoding` for a city id, One Call for a city name, ...), or nil.
    public var skipReason: String? {
        switch (endpoint, location) {
        case (.icons, .icon): return nil
        case (.icons, _), (_, .icon): return "icons have no location; --endpoint icons records them all"
        case (.geocoding, .cityID): return "geocoding needs a city name, zip code or coordinates"
        case (let endpoint, let location) where endpoint.needsCoordinates:
            if case .coordinate = location {
                if endpoint == .timemachine, time == nil { return "timemachine needs --dt" }
                if endpoint == .daySummary, date == nil { return "day-summary needs --date" }
                if endpoint == .airHistory, period == nil { return "air-history needs --start and --end" }
                return nil
            }
            return "\(endpoint.rawValue) needs coordinates (--at)"
        default: return nil
        }
    }

    /// The request to send, or nil when the endpoint has no form for this target (see ``skipReason``).
    var request: RecordingRequest? {
        guard skipReason == nil else { return nil }
        var parameters: [(String, String)]
        switch location {
        case .city(let name): parameters = [("q", name)]
        case .cityID(let id): parameters = [("id", id)]
        case .zip(let zip): parameters = [("zip", zip)]
        case .coordinate(let latitude, let longitude):
            parameters = [("lat", UnitConversion.format(latitude)), ("lon", UnitConversion.format(longitude))]
        case .icon(let name): return RecordingRequest(path: "/img/wn/\(name).png", parameters: [])
        }
        let path: String
        switch (endpoint, location) {
        case (.current, _): path = "/data/2.5/weather"
        case (.forecast, _): path = "/data/2.5/forecast"
        case (.geocoding, .city): path = "/geo/1.0/direct"
        case (.geocoding, .zip): path = "/geo/1.0/zip"
        case (.geocoding, _): path = "/geo/1.0/reverse"
        case (.oneCall, _): path = "/data/3.0/onecall"
        case (.timemachine, _): path = "/data/3.0/onecall/timemachine"
        case (.daySummary, _): path = "/data/3.0/onecall/day_summary"
        case (.overview, _): path = "/data/3.0/onecall/overview"
        case (.air, _): path = "/data/2.5/air_pollution"
        case (.airForecast, _): path = "/data/2.5/air_pollution/forecast"
        case (.airHistory, _): path = "/data/2.5/air_pollution/history"
        case (.icons, _): return nil
        }
        switch endpoint {
        case .geocoding:
            if path != "/geo/1.0/zip" { parameters.append(("limit", "5")) }
        case .air, .airForecast:
            break
        case .airHistory:
            if let period { parameters += [("start", String(period.start)), ("end", String(period.end))] }
        default:
            if endpoint == .oneCall, let exclude { parameters.append(("exclude", exclude)) }
            if endpoint == .timemachine, let time { parameters.append(("dt", String(time))) }
            if endpoint == .daySummary || endpoint == .overview, let date { parameters.append(("date", date)) }
            if let units { parameters.append(("units", units)) }
            if let language, endpoint != .overview { parameters.append(("lang", language)) }
        }
        return RecordingRequest(path: path, parameters: parameters)
    }
}

/// Where `mockweather record` writes and how it reaches the API.
public struct BatchRecordingOptions: Sendable {
    /// The cassette directory; cassettes go under `recorded/` in it.
    public var directory: URL
    /// The key, the upstream and the timeout.
    public var access: UpstreamAccess
    /// `--scrub` patterns (the key is added).
    public var scrubber = KeyScrubber()
    /// Replace the cassette for the same request (a refresh; the default), or keep it (`--keep-existing`).
    public var replacesExisting = true

    /// Options with every default, for `directory` and `access`.
    public init(directory: URL, access: UpstreamAccess) {
        self.directory = directory
        self.access = access
    }
}

/// `mockweather record`: captures a batch of requests one after the other (the API's free tier allows
/// 60 calls a minute) without a client, writing each answer as `serve --record all` would.
///
/// A 401 stops the batch: the key was rejected, and every further call would be too.
public final class BatchRecorder: Sendable {
    private let recorder: Recorder

    /// Prepares the upstream client and writer; removes temporary files killed runs left behind.
    public init(options: BatchRecordingOptions, diagnostics: @escaping @Sendable (String) -> Void = { _ in }) {
        let scrubber = options.scrubber.adding(secrets: [options.access.apiKey.revealed])
        recorder = Recorder(
            transport: options.access.transport(scrubber: scrubber), directory: options.directory, scrubber: scrubber,
            store: nil,
            diagnostics: diagnostics)
        replaces = options.replacesExisting
    }

    private let replaces: Bool

    init(recorder: Recorder, replacesExisting: Bool) {
        self.recorder = recorder
        replaces = replacesExisting
    }

    /// Records every target in order; `progress` is told before each one (position from 1, count, request).
    public func run(_ targets: [RecordTarget], progress: @Sendable (Int, Int, String) -> Void = { _, _, _ in }) async
        -> BatchReport
    {
        var rows: [BatchReport.Row] = []
        var keyRejected = false
        for (position, target) in targets.enumerated() {
            guard let request = target.request else {
                rows.append(
                    BatchReport.Row(
                        request: "\(target.endpoint.rawValue) for \(target.location.label)", status: "-",
                        result: "skipped: \(target.skipReason ?? "no such request")", isFailure: false,
                        isSkipped: true))
                continue
            }
            let display = recorder.scrubber.scrub(request.displayText)
            if keyRejected {
                rows.append(
                    BatchReport.Row(
                        request: display, status: "-", result: "skipped: the key was rejected", isFailure: true,
                        isSkipped: true))
                continue
            }
            progress(position + 1, targets.count, display)
            let result = await recorder.forward(request, replacing: replaces)
            rows.append(
                BatchReport.Row(
                    request: display, status: result.upstreamStatus.map(String.init) ?? "-",
                    result: Self.describe(result.disposition), isFailure: result.disposition.isFailure,
                    isSkipped: false))
            if result.upstreamStatus == 401 { keyRejected = true }
        }
        return BatchReport(rows: rows)
    }

    private static func describe(_ disposition: Recorder.Disposition) -> String {
        switch disposition {
        case .recorded(let name): "\(name).json (new)"
        case .replaced(let name): "\(name).json (replaced)"
        case .kept(let name): "\(name).json (kept, --keep-existing)"
        case .notRecorded(let reason): "not recorded: \(reason)"
        case .writeFailed(let reason): "FAILED: \(reason)"
        case .upstreamFailed(let reason): "FAILED: upstream: \(reason)"
        }
    }
}

/// What a batch did: one row per target, printed as a table.
public struct BatchReport: Sendable, CustomStringConvertible {
    /// One target's outcome.
    public struct Row: Sendable {
        /// The request, key masked.
        public var request: String
        /// The upstream's status, or `-`.
        public var status: String
        /// The file written, or why none was.
        public var result: String
        /// True when nothing usable was recorded for this target.
        public var isFailure: Bool
        /// True when the target was not sent (no such request, or the key was already rejected).
        public var isSkipped: Bool
    }

    /// In target order.
    public var rows: [Row]

    /// How many targets failed.
    public var failures: Int { rows.filter(\.isFailure).count }

    /// The table (`REQUEST  STATUS  RESULT`) and a summary line.
    public var description: String {
        let width = max("REQUEST".count, rows.map(\.request.count).max() ?? 0)
        func pad(_ text: String, _ count: Int) -> String {
            text + String(repeating: " ", count: max(0, count - text.count))
        }
        var lines = ["\(pad("REQUEST", width))  STATUS  RESULT"]
        for row in rows { lines.append("\(pad(row.request, width))  \(pad(row.status, 6))  \(row.result)") }
        let skipped = rows.filter { $0.isSkipped && !$0.isFailure }.count
        let recorded = rows.count - failures - skipped
        lines.append(
            "recorded \(recorded) of \(rows.count)" + (failures > 0 ? "; \(failures) failed" : "")
                + (skipped > 0 ? "; \(skipped) skipped" : ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
