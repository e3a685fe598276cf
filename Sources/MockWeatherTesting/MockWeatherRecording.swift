public import Foundation
import MockEngine
import MockProviders
import MockRecording

/// Whether a test records what no cassette answers (record-on-miss), as vcrpy's and
/// swift-snapshot-testing's record modes do: chosen by the environment (`MOCKWEATHER_RECORD`), never
/// in CI.
///
/// - `none` (the default): replay only; a request no cassette matches fails the test, saying which
///   variable and key would record it.
/// - `missing`: a request no cassette matches is sent to the live API with the key from that API's
///   environment variable (`OPENWEATHERMAP_API_KEY`, `KAKAO_REST_API_KEY`, `KMA_SERVICE_KEY`),
///   answered to the app, and written as a cassette under `recorded/` in the test's own cassette
///   directory (the first directory of its ``CassetteSet``), keys scrubbed as `mockweather serve
///   --record` scrubs them, atomically, never overwriting a file. The next run replays it.
/// - `all`: every request goes to the live API and its cassette is written anew.
///
/// Whenever `CI` is set (to anything but `false` or `0`), nothing is recorded whatever
/// `MOCKWEATHER_RECORD` says: the test fails on the miss, as with `none`, and says recording is off
/// in CI.
///
/// ```swift
/// // MOCKWEATHER_RECORD=missing OPENWEATHERMAP_API_KEY=... swift test   (on your machine, once)
/// @Test(.mockWeather(.directory(relativeTo: #filePath, "Cassettes")))
/// func showsBusan() async throws { /* the first run records Busan, every later run replays it */ }
/// ```
public struct MockWeatherRecording: Sendable, Equatable {
    /// Which requests go to the live API.
    public enum Mode: String, Sendable, CaseIterable {
        /// Replay only.
        case none
        /// Record what no cassette answers; replay the rest.
        case missing
        /// Record everything anew.
        case all
    }

    /// The environment variable the mode is read from.
    public static let modeVariable = "MOCKWEATHER_RECORD"

    /// The mode asked for.
    public var mode: Mode
    /// Where each API's requests go when recorded, by provider name (`openweathermap`, `kakao-local`,
    /// `kma`); each API's live host when absent. Tests of a recording setup point these at a local
    /// server.
    public var upstreams: [String: URL]
    /// Where the mode, `CI` and the keys are read from.
    public var environment: [String: String]
    /// How long one upstream exchange may take.
    public var timeout: Duration

    /// Replay only: nothing is ever recorded.
    public static let none = MockWeatherRecording(mode: .none, upstreams: [:], environment: [:])

    /// The mode `environment` asks for (`MOCKWEATHER_RECORD`, `none` when unset), its keys and `CI`,
    /// with `upstreams` in place of the live APIs where given.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, upstreams: [String: URL] = [:]
    ) -> MockWeatherRecording {
        let text = environment[modeVariable]?.lowercased() ?? ""
        var recording = MockWeatherRecording(
            mode: Mode(rawValue: text) ?? .none, upstreams: upstreams, environment: environment)
        if !text.isEmpty, Mode(rawValue: text) == nil { recording.unreadMode = environment[modeVariable] }
        return recording
    }

    /// A recording in `mode` through `upstreams`, its keys and `CI` read from `environment`.
    public init(
        mode: Mode, upstreams: [String: URL] = [:],
        environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Duration = .seconds(10)
    ) {
        self.mode = mode
        self.upstreams = upstreams
        self.environment = environment
        self.timeout = timeout
    }

    /// A `MOCKWEATHER_RECORD` value that is no mode, kept to be reported.
    private(set) var unreadMode: String?

    /// Whether `CI` is set, which turns recording off.
    public var isInCI: Bool {
        guard let value = environment["CI"]?.lowercased(), !value.isEmpty else { return false }
        return value != "false" && value != "0"
    }

    /// Whether requests are recorded: a mode other than `none`, outside CI.
    public var records: Bool { mode != .none && !isInCI }

    /// The recordable APIs with the variable each reads its key from, by provider name.
    static var keyVariables: [(provider: String, variable: String)] {
        Providers.all.registered.compactMap { registered in
            registered.provider.recording.map { (registered.provider.name, $0.keyVariable) }
        }
    }

    /// What a test failing on a request no cassette matched says beside it, for the API named
    /// `provider` (nil: any API): how to record it, or why it was not recorded.
    public func hint(forProvider provider: String?) -> String {
        let variables = Self.keyVariables.filter { provider == nil || $0.provider == provider }.map(\.variable)
        let keys = variables.isEmpty ? "the API's key variable" : variables.joined(separator: " or ")
        if let unreadMode {
            return "\(Self.modeVariable)=\(unreadMode) is no mode (none, missing, all): nothing was recorded"
        }
        if mode != .none, isInCI {
            return "\(Self.modeVariable)=\(mode.rawValue) is ignored because CI is set: nothing is recorded in CI"
        }
        if records {
            return "\(Self.modeVariable)=\(mode.rawValue) could not record it: is \(keys) set, and the API reachable?"
        }
        return "to record it, run the test once outside CI with \(Self.modeVariable)=missing and \(keys) set"
    }

    /// The keys the environment gives, by provider name; a key that cannot be used is a setup error
    /// naming its variable, never its value.
    func keys() throws(MockWeatherRecordingError) -> [String: UpstreamAPIKey] {
        var keys: [String: UpstreamAPIKey] = [:]
        for (provider, variable) in Self.keyVariables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            do {
                keys[provider] = try UpstreamAPIKey(value, origin: variable)
            } catch {
                throw .unusableKey(error.description)
            }
        }
        return keys
    }

    /// Record mode's hook writing into `directory`, or nil when nothing is recorded.
    func hook(directory: URL) throws(MockWeatherRecordingError) -> RecordingHook? {
        guard records else { return nil }
        var upstreamURLs: [String: UpstreamURL] = [:]
        for (name, url) in upstreams {
            guard Providers.all.provider(named: name)?.provider.recording != nil else {
                throw .unknownAPI(name)
            }
            do {
                upstreamURLs[name] = try UpstreamURL(url.absoluteString)
            } catch {
                throw .invalidUpstream(error.description)
            }
        }
        var access = UpstreamAccess(keys: try keys(), upstreams: upstreamURLs)
        access.timeout = timeout
        let options = RecordingOptions(mode: mode == .all ? .all : .new, access: access)
        return options.hook(
            scrubber: KeyScrubber(secretParameters: Providers.all.secretParameters), directory: directory)
    }
}

/// Why a recording could not be set up: the message names the variable or value at fault, never a key.
public enum MockWeatherRecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key variable holds something no API takes (whitespace, too long).
    case unusableKey(String)
    /// ``MockWeatherRecording/upstreams`` names an API that is not recordable.
    case unknownAPI(String)
    /// An upstream URL that record mode cannot use.
    case invalidUpstream(String)
    /// The cassette set has no directory to write recordings into.
    case noDirectory
    /// The directory recordings go into could not be made.
    case cannotCreateDirectory(path: String, reason: String)

    /// A message naming what was wrong.
    public var description: String {
        switch self {
        case .unusableKey(let reason): "mockweather: cannot record: \(reason)"
        case .unknownAPI(let name):
            "mockweather: cannot record: no recordable API is named '\(name)' (openweathermap, kakao-local, kma)"
        case .invalidUpstream(let reason): "mockweather: cannot record: \(reason)"
        case .noDirectory:
            "mockweather: cannot record: the cassette set has no directory to write into; add one, e.g. "
                + ".bundled.adding(.directory(relativeTo: #filePath, \"Cassettes\"))"
        case .cannotCreateDirectory(let path, let reason):
            "mockweather: cannot record: the directory \(path) could not be made: \(reason)"
        }
    }
}
