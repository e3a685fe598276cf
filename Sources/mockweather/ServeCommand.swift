import ArgumentParsing
import Basics
import HTTPServer
import LocalTLS
import MockEngine
import MockProviders
import MockRecording
import WeatherWorld

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mockweather serve`: replay cassettes over HTTP until SIGINT or SIGTERM (docs/ARCHITECTURE.md#serving).
enum ServeCommand {
    /// The options, declared in ``ServeCommandOptions``.
    static let option = ServeCommandOptions()
    /// The cassette directory option `verify` and `export` share.
    static var cassettes: OptionSpec { option.cassettes }
    /// The seed option `synthesize` shares.
    static var seed: OptionSpec { option.seed }

    static let spec = CommandSpec(
        name: "mockweather serve",
        abstract: "Serve cassettes as a mock of the APIs they are for (OpenWeatherMap first).",
        discussion: """
            The first line on standard output is 'mockweather listening on http://HOST:PORT'; one line per \
            request follows. A request no cassette matches gets a 501 naming the closest cassette and what \
            differed. The admin API (loopback only) is under /__admin/: health, cassettes, requests, \
            requests/unmatched, requests.har (the journal as HAR), clock (GET, PUT), clock/advance (POST), world \
            (GET, PUT), reset (POST), reload (POST). The admin API and \
            record mode answer only requests for this server's Host (a loopback name or the bound address) \
            and refuse what a web page of another origin sends (see --allow-host, --allow-origin).

            THE MOCK CLOCK: real time unless --clock fixes it; a fixed clock stands still until set or \
            advanced (GET|PUT /__admin/clock, POST /__admin/clock/advance). The journal and the log keep real \
            timestamps.

            THE SYNTHETIC WORLD: with --synthesize, a request no cassette matches is answered from one \
            deterministic model of the atmosphere (any place, any time, under --scenario and --seed), each answer \
            marked synthetic. Without it nothing is invented, but a q= city name no place has gets the API's own \
            404 'city not found'. Presets: the files of World/scenarios, listed by GET /__admin/world \
            (docs/Scenarios.md).

            HTTPS: an app's own HTTPS code reaches the mock through it as a proxy. A CONNECT to an API's host \
            (api.openweathermap.org:443, dapi.kakao.com:443, apis.data.go.kr:443) or a --tls-host is answered 200 \
            and served with TLS as that host, with a certificate from the local CA (made on first use; \
            mockweather ca shows it and prints the commands that trust it); what comes through is replayed as any \
            request. Any other host is refused. With --tls, HTTPS is also served directly on the same port. \
            Needs OpenSSL 3, loaded when first needed; plain HTTP works without it.

            \(CassetteDirectoryOption.discussion)

            RECORD MODE: with --record new or all, requests go to the live API with the real key (--api-key, or \
            $\(UpstreamOptions.keyVariables.map(\.variable).joined(separator: ", $"))) in place of the client's, and each answer worth keeping becomes \
            a cassette under DIR/recorded/, served at once. Keys are scrubbed from cassettes, logs, the journal and \
            errors. An upstream failure is answered 502. 401, 429 and 5xx answers are passed on but not recorded.

            EXIT STATUS: 0 after SIGINT/SIGTERM (or the end of standard input with --exit-on-stdin-eof), 1 with \
            --fail-on-unmatched when a request was unmatched, 64 usage (also --record without a key), 65 invalid \
            cassettes, 69 the address cannot be bound.
            """,
        options: option.all
    )

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "."), providers: Providers.all)
        let recording = try recordingOptions(arguments)
        let scrubber = try UpstreamOptions.scrubber(arguments)
        options.scrubber = scrubber
        // Recording writes, so it never falls back to the package's bundled set.
        let resolved =
            recording == nil
            ? CassetteDirectoryOption.resolve(arguments.value(option.cassettes))
            : try UpstreamOptions.recordingDirectory(arguments.value(option.cassettes))
        options.cassetteDirectory = resolved.directory
        options.cassetteDirectoryAsGiven = CassetteDirectory.asGiven(
            origin: resolved.origin, explicit: arguments.value(option.cassettes),
            environment: ProcessInfo.processInfo.environment)
        options.recording = recording?.hook(scrubber: scrubber, directory: resolved.directory)
        options.host = arguments.value(option.host) ?? options.host
        options.allowedHosts = arguments.values(option.allowHost)
        options.allowedOrigins = try arguments.values(option.allowOrigin).map { origin throws(UsageError) in
            guard LocalAccessPolicy.isOrigin(origin) else {
                throw .invalidValue(
                    option: "--allow-origin", value: origin,
                    expected: "an origin, scheme://host[:port] (http://localhost:3000)")
            }
            return origin
        }
        options.port = try arguments.integer(option.port, in: 0...65_535) ?? options.port
        options.logFormat =
            try arguments.choice(option.logFormat, as: LogFormat.self) ?? .text
        options.failOnUnmatched = arguments.flag(option.failOnUnmatched)
        options.requireKey = arguments.flag(option.requireKey)
        options.watch = arguments.flag(option.watch)
        options.unmatchedStatus =
            try arguments.integer(option.unmatchedStatus, in: 400...599) ?? options.unmatchedStatus
        options.journalCapacity =
            try arguments.integer(option.journalSize, in: 0...10_000_000) ?? options.journalCapacity
        options.eventLoopCount = try arguments.integer(option.eventLoops, in: 1...256)
        options.chaos = try chaosConfiguration(arguments)
        options.clock = try clockSetting(arguments)
        options.shiftTimes = arguments.flag(option.shiftTimes)
        options.keepsAnswers = !arguments.flag(option.noAnswerMemo)
        options.providerSettings = try providerSettings(arguments, providers: options.providers)
        options.snapshots = SnapshotFolder.resolve(
            explicit: arguments.value(option.snapshotDirectory), environment: ProcessInfo.processInfo.environment)
        try configureTLS(&options, arguments)
        options.synthesis = try WorldOptions.synthesis(
            arguments, seed: try explicitSeed(arguments), isOn: arguments.flag(option.synthesize))
        if recording != nil, options.synthesis.choice != nil {
            throw .other("'--synthesize' answers from the world what record mode would record; use one or the other")
        }

        guard
            let shutdown = ShutdownSignal.install(watchingStandardInput: arguments.flag(option.exitOnStandardInputEOF))
        else {
            Console.standardError.writeLine("mockweather serve: cannot set up signal handling")
            return .unavailable
        }
        let diagnostics = StandardOutputLog(descriptor: 2)
        let server: MockWeatherServer
        do {
            server = try MockWeatherServer(options: options, log: StandardOutputLog(), diagnostics: diagnostics)
        } catch {
            Console.standardError.writeLine("mockweather serve: \(CassetteDirectoryOption.message(for: error))")
            return .dataError
        }
        do {
            try server.prepareTLS()
        } catch {
            Console.standardError.writeLine("mockweather serve: --tls cannot serve HTTPS: \(error.description)")
            return .unavailable
        }
        let boundPort: Int
        do {
            boundPort = try server.start()
        } catch {
            Console.standardError.writeLine(
                "mockweather serve: cannot listen on \(options.host):\(options.port): \(error)")
            return .unavailable
        }
        // The port file is written before the listening line, so a script that waits for either
        // finds both.
        if let file = arguments.value(option.portFile) {
            do {
                try Data("\(boundPort)\n".utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                Console.standardError.writeLine(
                    "mockweather serve: cannot write --port-file \(file): \(FileSystemFacts.describe(error))")
                _ = await server.stop()
                return .unavailable
            }
        }

        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        Console.standardOutput.writeLine("mockweather listening on http://\(shownHost):\(boundPort)")
        let library = server.store.library
        // The directory as named, control characters escaped: it can be any path the user was given.
        let shownDirectory = LogText.escapingControlCharacters(resolved.directory.path)
        Console.standardError.writeLine(
            "mockweather: serving \(library.cassettes.count) cassettes (\(library.interactionCount) interactions) from "
                + "\(shownDirectory) (\(resolved.origin)); seed \(options.chaos.seed); admin API at "
                + "http://\(shownHost):\(boundPort)/__admin/health")
        if let line = Self.snapshotLine(server.store.startup) { Console.standardError.writeLine(line) }
        for entry in server.store.skipped {
            Console.standardError.writeLine("mockweather: \(entry.logText)")
        }
        if case .fixed(let instant) = options.clock {
            Console.standardError.writeLine(
                "mockweather: the mock clock stands still at \(MockClock.iso8601(instant)) until set or advanced "
                    + "(/__admin/clock)" + (options.shiftTimes ? "; recorded times are shifted to it" : ""))
        }
        if let world = server.stack.world.world {
            Console.standardError.writeLine(
                "mockweather: answering what no cassette matches from the synthetic world (\(world.label)), marked "
                    + "synthetic; scenario times count from \(Timestamp.iso8601(milliseconds: world.clockStart * 1_000))"
            )
        }
        if let recording {
            let what =
                recording.mode == .new ? "recording what no cassette matches" : "forwarding and recording everything"
            let upstreams = recording.access.keys.keys.sorted().map { name in
                recording.access.upstreams[name]?.description
                    ?? Providers.all.provider(named: name)?.provider.recording?.upstream ?? name
            }
            Console.standardError.writeLine(
                "mockweather: \(what) via \(upstreams.joined(separator: ", ")) into "
                    + "\(shownDirectory)/recorded/; API keys are scrubbed everywhere"
            )
        }
        let signal = await shutdown.next()
        Console.standardError.writeLine("mockweather: \(signal), shutting down")
        let summary = await server.stop()
        Console.standardError.writeLine(summary.description)
        if options.failOnUnmatched, summary.unmatched > 0 {
            Console.standardError.writeLine(summary.unmatchedReport)
            return .failure
        }
        return .success
    }

    /// What the start-up snapshot did for this start, or nil when none is kept (`--snapshot-dir off`).
    static func snapshotLine(_ startup: CassetteStore.StartupReport) -> String? {
        guard let snapshot = startup.snapshot else { return nil }
        let read = "\(startup.read) \(startup.read == 1 ? "file" : "files") read"
        if let reason = startup.unusable {
            return "mockweather: start-up snapshot not used (\(reason)); \(read) (\(snapshot))"
        }
        return "mockweather: start-up snapshot: \(startup.reused) cassettes unchanged, \(read), "
            + "\(startup.decoded) decoded (\(snapshot))"
    }

    /// `--record` with its key and upstream, or nil for replay only. A recording mode without a key is
    /// refused: it never falls back to replay silently.
    private static func recordingOptions(_ arguments: ParsedArguments) throws(UsageError) -> RecordingOptions? {
        let mode: RecordingOptions.Mode
        switch try arguments.choice(option.record, as: RecordChoice.self) ?? .replayOnly {
        case .replayOnly:
            for option in [UpstreamOptions.apiKey, UpstreamOptions.upstream, UpstreamOptions.timeout]
            where arguments.contains(option) {
                throw .other("'\(option.name)' is only used with '--record new' or '--record all'")
            }
            return nil
        case .new: mode = .new
        case .all: mode = .all
        }
        let keys = try UpstreamOptions.keys(arguments)
        guard !keys.isEmpty else {
            throw .other(
                UpstreamOptions.missingKeyMessage("--record \(mode.rawValue)")
                    + ". To replay without recording, leave out --record.")
        }
        return RecordingOptions(mode: mode, access: try UpstreamOptions.access(arguments, keys: keys))
    }

    /// `--clock`: fixed at the instant given, or real time when it is absent.
    static func clockSetting(_ arguments: ParsedArguments) throws(UsageError) -> MockClock.Setting {
        guard let text = arguments.value(option.clock) else { return .real }
        guard let instant = MockClock.instant(fromISO8601: text) else {
            throw .invalidValue(option: option.clock.name, value: text, expected: MockClock.instantForm)
        }
        return .fixed(instant)
    }

    /// `--provider-setting NAME=VALUE`, each NAME `<provider>.<setting>` of one of `providers`' settings
    /// and VALUE one it takes (``ProviderSet/checkSetting(_:value:)``); a setting given twice keeps its
    /// last value.
    static func providerSettings(_ arguments: ParsedArguments, providers: ProviderSet) throws(UsageError)
        -> [String: String]
    {
        var settings: [String: String] = [:]
        for text in arguments.values(option.providerSetting) {
            guard let equals = text.firstIndex(of: "=") else {
                let error = ProviderSettingError.malformedName(text, providers: providers.registered.map(\.name))
                throw .invalidValue(option: option.providerSetting.name, value: text, expected: error.expected)
            }
            let name = String(text[..<equals])
            let value = String(text[text.index(after: equals)...])
            do {
                try providers.checkSetting(name, value: value)
            } catch {
                throw .invalidValue(option: option.providerSetting.name, value: text, expected: error.expected)
            }
            settings[name] = value
        }
        return settings
    }

    /// What `--record` accepts: replay only (`none`, the default) or one of record mode's two modes.
    private enum RecordChoice: String, CaseIterable {
        case replayOnly = "none"
        case new, all
    }

    private static func chaosConfiguration(_ arguments: ParsedArguments) throws(UsageError) -> ChaosConfiguration {
        var latencyRange: ClosedRange<Int>?
        if let text = arguments.value(option.latency) {
            let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            switch bounds.count {
            case 1 where (bounds[0] ?? -1) >= 0: latencyRange = bounds[0]!...bounds[0]!
            case 2 where (bounds[0] ?? -1) >= 0 && (bounds[1] ?? -1) >= bounds[0]!:
                latencyRange = bounds[0]!...bounds[1]!
            default:
                throw .invalidValue(
                    option: option.latency.name, value: text,
                    expected: "milliseconds such as 200, or a range such as 100-500")
            }
        }
        let rate = try arguments.number(option.faultRate, in: 0...1) ?? 0
        var kinds = ChaosConfiguration.defaultFaultKinds
        if let text = arguments.value(option.faultKinds) {
            let names = text.split(separator: ",").map { $0.trimmingWhitespace() }
            let parsed = names.compactMap(FaultKind.init(rawValue:))
            guard !parsed.isEmpty, parsed.count == names.count else {
                throw .invalidValue(
                    option: option.faultKinds.name, value: text,
                    expected: "a comma-separated list of \(FaultKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            kinds = parsed
        }
        return ChaosConfiguration(
            latencyMilliseconds: latencyRange, faultRate: rate, faultKinds: kinds,
            seed: try explicitSeed(arguments) ?? UInt64.random(in: 0...UInt64(UInt32.max)))
    }

    /// `--seed`, when given.
    static func explicitSeed(_ arguments: ParsedArguments) throws(UsageError) -> UInt64? {
        guard let text = arguments.value(option.seed) else { return nil }
        guard let parsed = UInt64(text) else {
            throw .invalidValue(option: option.seed.name, value: text, expected: "a non-negative integer")
        }
        return parsed
    }
}

/// The write end of the pipe the signal handler writes to (set once, before the handler is installed).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Async-signal-safe: only `write(2)` of the signal number to the pipe.
private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
}

/// Written to the pipe instead of a signal number when standard input reaches end of file.
private let standardInputClosed: UInt8 = 0

/// Catches SIGINT and SIGTERM with a real handler (not just a dispatch source), so they work even when
/// the parent started us with them ignored, as shells do for `serve &`. Installed before the
/// listening line is printed, so a signal sent as soon as a script sees that line is never lost.
struct ShutdownSignal {
    private let readEnd: Int32

    /// Installs the handlers; with `watchingStandardInput`, the end of standard input also counts as a
    /// request to shut down.
    static func install(watchingStandardInput: Bool) -> ShutdownSignal? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        signalPipeWriteEnd = ends[1]
        signal(SIGINT, forwardSignal)
        signal(SIGTERM, forwardSignal)
        // A parent may start us with these blocked (Foundation's Process on Linux can), which would leave
        // the handlers above deaf; unblock them for the whole process.
        var shutdownSignals = sigset_t()
        sigemptyset(&shutdownSignals)
        sigaddset(&shutdownSignals, SIGINT)
        sigaddset(&shutdownSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &shutdownSignals, nil)
        if watchingStandardInput {
            let writeEnd = ends[1]
            do {
                try startThread(name: "mockweather-stdin") {
                    var buffer = [UInt8](repeating: 0, count: 512)
                    while true {
                        let count = read(0, &buffer, buffer.count)
                        if count > 0 || (count < 0 && errno == EINTR) { continue }
                        var byte = standardInputClosed
                        _ = write(writeEnd, &byte, 1)
                        return
                    }
                }
            } catch {
                return nil
            }
        }
        return ShutdownSignal(readEnd: ends[0])
    }

    /// Waits (on a thread of its own) for the first signal and returns its name.
    func next() async -> String {
        let readEnd = readEnd
        @Sendable func waitForSignal() -> String {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0, errno == EINTR {}
            switch byte {
            case standardInputClosed: return "standard input closed"
            case UInt8(SIGINT): return "SIGINT"
            default: return "SIGTERM"
            }
        }
        return await withCheckedContinuation { continuation in
            do {
                try startThread(name: "mockweather-signals") { continuation.resume(returning: waitForSignal()) }
            } catch {
                // Out of threads: the wait blocks this task's thread instead.
                continuation.resume(returning: waitForSignal())
            }
        }
    }
}
