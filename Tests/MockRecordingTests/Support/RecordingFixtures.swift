import Basics
import Foundation

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// Record mode's reading of an OpenWeatherMap request, as the recording tests write one: the
/// captured request and what OpenWeatherMap's recording profile makes of it.
struct RecordingRequest {
    typealias Endpoint = OpenWeatherMapRecording.Endpoint

    let captured: CapturedRequest
    let profile = OpenWeatherMapRecording()

    init(method: String, rawPath: String, rawQuery: String?, body: [UInt8] = []) {
        captured = CapturedRequest(
            method: method, rawPath: rawPath, rawQuery: rawQuery, body: body, providers: Providers.all)
    }

    /// `recorded/current/q-seoul`.
    var cassetteName: String { Recorder.recordedFolder + "/" + profile.cassetteName(for: captured) }
    var endpoint: Endpoint { Endpoint(path: captured.path) }
    var displayText: String { captured.displayText }
    var path: String { captured.path }
    var historyRange: (start: Int64, end: Int64)? { OpenWeatherMapRecording.historyRange(of: captured) }

    func pattern(bodyIsConvertible: Bool, ranged: Bool = true) -> JSONValue {
        profile.pattern(for: captured, storedAsJSON: bodyIsConvertible, ranged: ranged)
    }
}

extension UpstreamAccess {
    /// Access with an OpenWeatherMap key only.
    init(apiKey: UpstreamAPIKey) {
        self.init(keys: ["openweathermap": apiKey])
    }
}

/// OpenWeatherMap's live API, as record mode names it.
let liveOpenWeatherMap = "https://api.openweathermap.org"

/// OpenWeatherMap as the providers register it.
let openWeatherMap = Providers.all.provider(named: "openweathermap")!

extension UpstreamRequest {
    /// An OpenWeatherMap request to forward.
    init(method: String, path: String, query: String, body: [UInt8] = []) {
        self.init(method: method, path: path, query: query, body: body, provider: openWeatherMap)
    }
}

extension CurlUpstream {
    /// A client for OpenWeatherMap with `key`, at `upstream` (its live API when nil).
    convenience init(upstream: UpstreamURL?, key: UpstreamAPIKey, timeout: Duration, scrubber: KeyScrubber) {
        var access = UpstreamAccess(apiKey: key)
        if let upstream { access.upstreams["openweathermap"] = upstream }
        access.timeout = timeout
        self.init(access: access, scrubber: scrubber)
    }

    /// The URL `request` is fetched from, the key where OpenWeatherMap takes it.
    func url(for request: UpstreamRequest) -> String {
        target(for: request, profile: OpenWeatherMapRecording(), key: access.keys["openweathermap"]!).url
    }
}

extension RecordedCassette {
    /// The document for one recorded OpenWeatherMap answer to `request`.
    static func document(
        request: RecordingRequest, displayText: String, status: Int, headers: [HeaderField], body: [UInt8],
        upstream: String = liveOpenWeatherMap, recordedAt: String
    ) -> (document: JSONValue, storedAsJSON: Bool) {
        document(
            request: request.captured, profile: request.profile, displayText: displayText, status: status,
            headers: headers, body: body, upstream: upstream, recordedAt: recordedAt)
    }
}

extension Recorder {
    /// A recorder for the registered providers.
    convenience init(
        transport: any UpstreamTransport, directory: URL, scrubber: KeyScrubber, store: CassetteStore?,
        clock: @escaping @Sendable () -> Int64 = Timestamp.nowMilliseconds,
        diagnostics: @escaping @Sendable (String) -> Void
    ) {
        self.init(
            transport: transport, directory: directory, scrubber: scrubber, store: store, providers: Providers.all,
            clock: clock, diagnostics: diagnostics)
    }

    /// Forwards an OpenWeatherMap request.
    func forward(_ request: RecordingRequest, replacing: Bool) async -> Result {
        await forward(request.captured, replacing: replacing)
    }
}

extension Expectation {
    /// An error expectation.
    init(error: ClientErrorKind, message: String? = nil) {
        self.init(error: error.rawValue, message: message)
    }
}
