public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything `replay-location` can be asked to do with a trace, already validated.
public struct PlaybackOptions: Sendable {
    /// Instant or realtime (with its speed).
    public var pace: PlaybackPace = .instant
    /// Seconds between samples; `nil` uses the trace's `intervalSeconds`.
    public var interval: Double?
    /// Stop after this much trace time; `nil` plays to the end (forever for a looping trace).
    public var limit: Double?
    /// CoreLocation-style distance filter in metres (0 = every valid fix).
    public var distanceFilter: Double = 0
    /// The output format.
    public var format: OutputFormat = .jsonl
    /// Whether fixes carry their KMA grid cell (only for formats that can hold it).
    public var includesKMAGrid = false
    /// Overrides the trace's noise seed.
    public var seed: UInt64?
    /// A command to run for each delivered fix.
    public var command: CommandTemplate?
    /// Where to draw the SVG map, if anywhere.
    public var svgPath: String?
    /// Where to write fixes: a file path, standard output (`nil`), or nowhere when ``writesFixes`` is false.
    public var outputPath: String?
    /// Whether fixes are written at all (`--weather` prints weather lines instead, unless `--output` is given).
    public var writesFixes = true

    /// Options with every default: instant JSON lines on standard output.
    public init() {}
}

/// Why a playback stopped with an error.
public enum PlaybackError: Error, Sendable, CustomStringConvertible {
    /// Writing the fixes or the SVG failed.
    case output(OutputError)
    /// The `--exec` command failed for a fix; playback stops there.
    case commandFailed(command: String, termination: CommandRunner.Termination, fixTime: Double)
    /// The shell for `--exec` could not be started.
    case commandNotRunnable(CommandRunnerError)
    /// A consumer added by the caller (such as the weather driver) failed.
    case consumer(any Error)

    /// What failed, with the command and the fix's trace time where that applies.
    public var description: String {
        switch self {
        case .output(let error):
            "\(error)"
        case .commandFailed(let command, let termination, let time):
            "--exec command failed with \(termination) for the fix at \(formatSeconds(time)); stopped playback. "
                + "The command was: \(command)"
        case .commandNotRunnable(let error):
            "--exec: \(error)"
        case .consumer(let error):
            "\(error)"
        }
    }
}

/// One run of `replay-location`: samples the trace, writes the chosen format, runs `--exec`, reports
/// progress, draws the SVG, and lets a caller add its own per-fix work (the `--weather` driver).
///
/// Output is closed properly however the run ends: on Ctrl-C (task cancellation) the document is completed
/// with the fixes delivered so far and committed; on an error it is completed too, then the error thrown.
public final class PlaybackSession {
    private let playback: Playback
    private let options: PlaybackOptions
    private let clock: any PlaybackClock
    /// The encoding context: start date, names, grid.
    public let context: FixEncodingContext
    private let progress: ProgressReporter?
    private let runner = CommandRunner()
    private var mapFixes = FixDecimator(limit: 20_000)

    /// Prepares a run of `trace` starting at `startDate` (the trace's own start, or now).
    ///
    /// `progressSink`, when given, receives progress lines (carriage-return updates) for a terminal.
    ///
    /// - Throws: ``TimelineError`` when the trace's motion cannot be resolved.
    public init(
        trace: Trace, options: PlaybackOptions, startDate: Date, clock: any PlaybackClock = SystemPlaybackClock(),
        progressSink: (@Sendable (String) -> Void)? = nil
    ) throws(TimelineError) {
        let playback = try Playback(trace: trace, seed: options.seed)
        self.playback = playback
        self.options = options
        self.clock = clock
        self.context = FixEncodingContext(
            trace: trace, startDate: startDate,
            includesKMAGrid: options.includesKMAGrid && options.format.carriesKMAGrid)
        self.progress = progressSink.map {
            ProgressReporter(playback: playback, limit: options.limit, clock: clock, sink: $0)
        }
    }

    /// The playback this session runs.
    public var trace: Trace {
        playback.trace
    }

    /// Plays the trace to its end (or until the task is cancelled), calling `consumer` for each delivered fix
    /// after it has been written and its command run, then writes the SVG with `mapLabels()`.
    ///
    /// - Throws: ``PlaybackError`` when output, the command or the consumer fails; output is still closed.
    public func run(
        consumer: ((LocationFix) async throws -> Void)? = nil,
        mapLabels: () -> [MapLabel] = { [] }
    ) async throws(PlaybackError) -> PlaybackOutcome {
        let writer: FixWriter?
        do {
            writer = try makeWriter()
        } catch {
            throw .output(error)
        }
        let sampler = FixSampler(
            playback: playback, interval: options.interval ?? playback.trace.intervalSeconds, limit: options.limit,
            distanceFilter: DistanceFilter(minimumDistance: options.distanceFilter))
        var player = TracePlayer(sampler: sampler, pace: options.pace, clock: clock)
        var failure: PlaybackError?
        var outcome: PlaybackOutcome
        do {
            let deliver = { (fix: LocationFix) throws in
                try writer?.write(fix)
                if let command = self.options.command { try self.execute(command, for: fix) }
                if self.options.svgPath != nil { self.mapFixes.append(fix) }
                self.progress?.update(fix)
            }
            if let consumer {
                outcome = try await player.run { fix in
                    try deliver(fix)
                    try await consumer(fix)
                }
            } else if options.pace == .instant {
                outcome = try player.runInstantly(deliver)
            } else {
                outcome = try await player.run(deliver)
            }
        } catch {
            failure = Self.playbackError(from: error)
            outcome = PlaybackOutcome(
                deliveredCount: 0, sampledCount: 0, lastFixTime: nil, elapsedSeconds: 0, lateness: nil,
                wasInterrupted: false)
        }
        progress?.finish()
        do {
            try writer?.finish()
            if let svgPath = options.svgPath { try writeMap(to: svgPath, labels: mapLabels()) }
        } catch {
            if case .closedByReader = error {} else { failure = failure ?? .output(error) }
        }
        if let failure {
            if case .output(.closedByReader) = failure { return outcome }
            throw failure
        }
        return outcome
    }

    private func makeWriter() throws(OutputError) -> FixWriter? {
        guard options.writesFixes else { return nil }
        let file = try options.outputPath.map { path throws(OutputError) in try OutputFile.atomic(path: path) }
        let flushesEachFix = options.pace != .instant || options.command != nil
        return FixWriter(
            encoder: options.format.makeEncoder(context: context), file: file ?? .standardOutput(),
            flushesEachFix: flushesEachFix && options.outputPath == nil)
    }

    private func execute(_ template: CommandTemplate, for fix: LocationFix) throws(PlaybackError) {
        let command = template.command(for: fix, context: context)
        let termination: CommandRunner.Termination
        do {
            termination = try runner.run(command)
        } catch {
            throw .commandNotRunnable(error)
        }
        guard termination.isSuccess else {
            // Ctrl-C reaches the command too; that is an interruption, not a failing command.
            if case .signalled(SIGINT) = termination { return }
            throw .commandFailed(command: command, termination: termination, fixTime: fix.time)
        }
    }

    private func writeMap(to path: String, labels: [MapLabel]) throws(OutputError) {
        let svg = SVGRenderer(trace: playback.trace, fixes: mapFixes.fixes, labels: labels).render()
        let file = try OutputFile.atomic(path: path)
        let buffer = OutputBuffer(capacity: svg.utf8.count)
        buffer.append(text: svg)
        try file.write(buffer)
        try file.commit()
    }

    private static func playbackError(from error: any Error) -> PlaybackError {
        switch error {
        case let error as PlaybackError: error
        case let error as OutputError: .output(error)
        default: .consumer(error)
        }
    }
}

/// Keeps at most `limit` fixes spread over the whole run: when full, every other fix is dropped and only
/// every second later fix is kept, so memory stays bounded for a trace that loops forever.
struct FixDecimator {
    let limit: Int
    private(set) var fixes: [LocationFix] = []
    private var stride = 1
    private var seen = 0

    init(limit: Int) {
        self.limit = max(2, limit)
    }

    mutating func append(_ fix: LocationFix) {
        defer { seen += 1 }
        let changesState = fixes.last.map { $0.authorization != fix.authorization } ?? true
        guard seen % stride == 0 || changesState else { return }
        fixes.append(fix)
        if fixes.count >= limit {
            fixes = fixes.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            stride *= 2
        }
    }
}
