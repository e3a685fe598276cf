import ArgumentParsing
import Dispatch
import Foundation
import LocationPlayback
import LocationSimulator
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program: parse, load, play, report, exit.
enum ReplayLocationMain {
    static let standardError = Console.standardError

    static func run(arguments commandLine: [String]) async -> Never {
        let arguments: ParsedArguments
        do {
            arguments = try ReplayLocationCommand.spec.parse(commandLine)
        } catch {
            usageFailure(error)
        }
        if arguments.isHelpRequested {
            Console.standardOutput.write(ReplayLocationCommand.spec.helpText)
            exit(ExitCode.success.rawValue)
        }

        let tracePath = arguments.positional(0)!
        var options: PlaybackOptions
        let weatherDrive: WeatherDrive?
        let namesPlaces: Bool
        let followsClock: Bool
        do {
            options = try ReplayLocationCommand.options(arguments)
            weatherDrive = try ReplayLocationCommand.weatherDrive(arguments)
            namesPlaces = try ReplayLocationCommand.namesPlaces(arguments)
            followsClock = try ReplayLocationCommand.followsClock(arguments)
        } catch {
            usageFailure(error)
        }
        let trace: Trace
        do {
            trace = try TraceLoader.load(path: tracePath)
        } catch {
            fail("invalid trace\n\(error)", .dataError)
        }
        do {
            options.pace = try ReplayLocationCommand.pace(arguments, tracePlaybackSpeed: trace.playbackSpeed)
            try ReplayLocationCommand.checkEnds(trace, path: tracePath, options: options)
        } catch {
            usageFailure(error)
        }

        let console = standardError
        let writeProgress: @Sendable (String) -> Void = { console.write($0) }
        let progressSink = console.isTerminal ? writeProgress : nil
        let session: PlaybackSession
        do {
            session = try PlaybackSession(
                trace: trace, options: options, startDate: trace.start ?? Date(), progressSink: progressSink)
        } catch {
            fail("invalid trace\n\(tracePath): \(error)", .dataError)
        }

        var clock: MockClockFollower?
        if followsClock, let weatherDrive {
            do {
                clock = try await MockClockFollower.begin(server: weatherDrive.server, traceStart: trace.start)
            } catch {
                fail("\(error)", .unavailable)
            }
        }
        let follower = clock

        // A reader that goes away (a pipe into `head`) ends playback quietly instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C and SIGTERM cancel playback, which completes the output and reports an interruption.
        // libdispatch registers a signal source asynchronously, and the signal is ignored meanwhile, so
        // playback starts only once both sources are registered: then no early Ctrl-C can be lost.
        let cancellation = Cancellation()
        let signalSources = await installSignalHandlers(for: [SIGINT, SIGTERM]) { cancellation.cancel() }
        let cpuBefore = processorSeconds()
        let playbackTask = Task.detached { () async throws(PlaybackError) -> PlaybackOutcome in
            try await runPlayback(
                session, trace: trace, weather: weatherDrive, namesPlaces: namesPlaces, clock: follower)
        }
        cancellation.attach { playbackTask.cancel() }

        let outcome: PlaybackOutcome
        do {
            outcome = try await playbackTask.value
        } catch {
            fail("\(error)", .unavailable)
        }
        signalSources.forEach { $0.cancel() }
        if arguments.flag(ReplayLocationCommand.stats) {
            standardError.write(statisticsLine(outcome, processorSeconds: processorSeconds() - cpuBefore) + "\n")
        }
        if outcome.wasInterrupted {
            standardError.write("replay-location: interrupted after \(outcome.deliveredCount) fixes\n")
            exit(ExitCode.interrupted.rawValue)
        }
        exit(ExitCode.success.rawValue)
    }

    /// Routes the signals to `handler` and returns once the kernel delivers them to it.
    static func installSignalHandlers(
        for signals: [Int32], handler: @escaping @Sendable () -> Void
    ) async -> [any DispatchSourceSignal] {
        let group = DispatchGroup()
        let sources = signals.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            group.enter()
            source.setRegistrationHandler { group.leave() }
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { continuation.resume() }
        }
        return sources
    }

    static func fail(_ message: String, _ code: ExitCode) -> Never {
        standardError.write("replay-location: \(message)\n")
        exit(code.rawValue)
    }

    static func usageFailure(_ error: UsageError) -> Never {
        standardError.write(error.report(command: "replay-location"))
        exit(ExitCode.usage.rawValue)
    }

    /// The summary `--stats` prints. Besides the wall-clock rate it gives the rate per second of processor
    /// time, which a machine busy with other work does not distort.
    static func statisticsLine(_ outcome: PlaybackOutcome, processorSeconds: Double) -> String {
        func rate(_ seconds: Double) -> String {
            String(format: "%.0f", seconds > 0 ? Double(outcome.deliveredCount) / seconds : 0)
        }
        var line =
            "replay-location: \(outcome.deliveredCount) fixes (\(outcome.sampledCount) sampled) in "
            + "\(String(format: "%.3f", outcome.elapsedSeconds)) s, \(rate(outcome.elapsedSeconds)) fixes/s; "
            + "processor \(String(format: "%.3f", processorSeconds)) s, \(rate(processorSeconds)) fixes/s"
        if let lateness = outcome.lateness {
            line +=
                "; lateness p50 \(milliseconds(lateness.median)), p99 \(milliseconds(lateness.p99)), "
                + "max \(milliseconds(lateness.maximum)) over \(lateness.count) emissions"
        }
        return line
    }

    /// User and system processor time this process has used, in seconds.
    static func processorSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.3f ms", seconds * 1_000)
    }
}

/// Cancels the playback task once a signal arrives, also when the signal comes before the task exists.
final class Cancellation: Sendable {
    private let state = Locked<(cancel: (@Sendable () -> Void)?, isRequested: Bool)>((nil, false))

    func cancel() {
        let action = state.withLock { state in
            state.isRequested = true
            return state.cancel
        }
        action?()
    }

    func attach(_ cancel: @escaping @Sendable () -> Void) {
        let isRequested = state.withLock { state in
            state.cancel = cancel
            return state.isRequested
        }
        if isRequested { cancel() }
    }
}
