public import Foundation

/// One thing `mockweather record` captures: an endpoint for a location, in given units and language.
public struct RecordTarget: Sendable, Equatable {
    /// Where.
    public enum Location: Sendable, Equatable {
        /// `--city NAME`: `q=NAME`.
        case city(String)
        /// `--id N`: `id=N`.
        case cityID(String)
        /// `--at LAT,LON`: `lat=LAT&lon=LON`.
        case coordinate(latitude: Double, longitude: Double)

        var text: String {
            switch self {
            case .city(let name): name
            case .cityID(let id): id
            case .coordinate(let latitude, let longitude):
                "\(UnitConversion.format(latitude)),\(UnitConversion.format(longitude))"
            }
        }
    }

    /// Which API call.
    public enum Endpoint: String, Sendable, CaseIterable {
        /// `/data/2.5/weather`.
        case current
        /// `/data/2.5/forecast`.
        case forecast
        /// `/geo/1.0/direct` for a city, `/geo/1.0/reverse` for coordinates (with `limit=5`, as the
        /// WeatherClient sends); city ids have no geocoding.
        case geocoding
    }

    /// Where.
    public var location: Location
    /// Which API call.
    public var endpoint: Endpoint
    /// `units`, sent when set (current weather and forecast only).
    public var units: String?
    /// `lang`, sent when set (current weather and forecast only).
    public var language: String?

    /// A target; nothing is checked until it is turned into a request.
    public init(location: Location, endpoint: Endpoint = .current, units: String? = nil, language: String? = nil) {
        self.location = location
        self.endpoint = endpoint
        self.units = units
        self.language = language
    }

    /// The request to send, or nil when the endpoint has no form for this location (geocoding by id).
    var request: RecordingRequest? {
        var parameters: [(String, String)]
        switch location {
        case .city(let name): parameters = [("q", name)]
        case .cityID(let id): parameters = [("id", id)]
        case .coordinate(let latitude, let longitude):
            parameters = [("lat", UnitConversion.format(latitude)), ("lon", UnitConversion.format(longitude))]
        }
        let path: String
        switch (endpoint, location) {
        case (.current, _): path = "/data/2.5/weather"
        case (.forecast, _): path = "/data/2.5/forecast"
        case (.geocoding, .city): path = "/geo/1.0/direct"
        case (.geocoding, .coordinate): path = "/geo/1.0/reverse"
        case (.geocoding, .cityID): return nil
        }
        if endpoint == .geocoding {
            parameters.append(("limit", "5"))
        } else {
            if let units { parameters.append(("units", units)) }
            if let language { parameters.append(("lang", language)) }
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
                        request: "\(target.endpoint.rawValue) for id \(target.location.text)", status: "-",
                        result: "skipped: geocoding needs a city name or coordinates", isFailure: false,
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
