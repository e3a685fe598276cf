/// How fast playback runs against the wall clock.
public enum PlaybackPace: Sendable, Hashable {
    /// As fast as the consumers take the fixes; no clock involved.
    case instant
    /// `speed` seconds of trace time per second of wall time (1 = real time, 60 = a minute per second).
    case realtime(speed: Double)
}

/// What a playback run did.
public struct PlaybackOutcome: Sendable, Hashable {
    /// Fixes handed to the consumer.
    public var deliveredCount: Int
    /// Samples taken, including those the distance filter or an invalid fix held back.
    public var sampledCount: Int
    /// The trace time of the last delivered fix, if any.
    public var lastFixTime: Double?
    /// Wall-clock seconds the run took, on the playback clock.
    public var elapsedSeconds: Double
    /// How late each realtime emission was against its schedule; `nil` for instant playback.
    public var lateness: LatenessStatistics?
    /// Whether the run was stopped early by task cancellation (Ctrl-C) rather than reaching its end.
    public var wasInterrupted: Bool
}

/// Drives a ``FixSampler`` at a ``PlaybackPace``, handing each delivered fix to a consumer.
///
/// In realtime mode the fix for trace time t is handed over when `t / speed` seconds have passed on the
/// clock since the run began; the schedule is absolute, so a slow consumer makes later fixes late but
/// never shifts the schedule (no drift). Cancelling the task running ``run(_:)`` stops it between fixes
/// (or wakes its sleep) and returns an outcome marked interrupted, so the caller can still close its output.
public struct TracePlayer {
    private var sampler: FixSampler
    private let pace: PlaybackPace
    private let clock: any PlaybackClock

    /// Creates a player. A realtime speed that is not positive and finite is a programming error and traps.
    public init(sampler: FixSampler, pace: PlaybackPace, clock: any PlaybackClock = SystemPlaybackClock()) {
        if case .realtime(let speed) = pace { precondition(speed > 0 && speed.isFinite, "speed must be positive") }
        self.sampler = sampler
        self.pace = pace
        self.clock = clock
    }

    /// Plays every fix into `consume`.
    ///
    /// - Throws: whatever `consume` throws, except `CancellationError`, which ends the run as interrupted.
    public mutating func run(_ consume: (LocationFix) async throws -> Void) async throws -> PlaybackOutcome {
        let started = clock.now()
        var delivered = 0
        var lastTime: Double?
        var lateness: [Double] = []
        var interrupted = false
        do {
            while let fix = sampler.next() {
                if Task.isCancelled {
                    interrupted = true
                    break
                }
                if case .realtime(let speed) = pace {
                    let deadline = started + fix.time / speed
                    try await clock.sleep(until: deadline)
                    lateness.append(max(0, clock.now() - deadline))
                }
                try await consume(fix)
                delivered += 1
                lastTime = fix.time
            }
        } catch is CancellationError {
            interrupted = true
        }
        return outcome(started: started, delivered: delivered, lastTime: lastTime, lateness: lateness, interrupted)
    }

    /// Plays every fix into a synchronous `consume` as fast as it takes them, ignoring the pace: the hot path
    /// of `--instant`, without the cost of an async call per fix. Cancellation is checked every 64 fixes.
    ///
    /// - Throws: whatever `consume` throws, except `CancellationError`, which ends the run as interrupted.
    public mutating func runInstantly(_ consume: (LocationFix) throws -> Void) throws -> PlaybackOutcome {
        let started = clock.now()
        var delivered = 0
        var lastTime: Double?
        var interrupted = false
        do {
            while let fix = sampler.next() {
                if delivered & 63 == 0, Task.isCancelled {
                    interrupted = true
                    break
                }
                try consume(fix)
                delivered += 1
                lastTime = fix.time
            }
        } catch is CancellationError {
            interrupted = true
        }
        return outcome(started: started, delivered: delivered, lastTime: lastTime, lateness: [], interrupted)
    }

    private func outcome(
        started: Double, delivered: Int, lastTime: Double?, lateness: [Double], _ interrupted: Bool
    ) -> PlaybackOutcome {
        PlaybackOutcome(
            deliveredCount: delivered, sampledCount: sampler.sampledCount, lastFixTime: lastTime,
            elapsedSeconds: clock.now() - started,
            lateness: pace == .instant ? nil : LatenessStatistics(samples: lateness),
            wasInterrupted: interrupted || Task.isCancelled)
    }
}
