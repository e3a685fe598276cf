/// Samples a ``Playback`` at a fixed interval and passes each sample through a ``DistanceFilter``, yielding
/// the fixes an app would receive, in time order.
///
/// Samples are taken at trace times 0, interval, 2·interval, ... (computed as k·interval, so no rounding
/// error accumulates over a long drive), and once more exactly at the end of playback so that the last fix
/// is the destination. Playback ends at the trace's end or at `limit`, whichever comes first; a trace that
/// loops forever without a limit yields fixes forever.
public struct FixSampler: Sequence, IteratorProtocol {
    private let playback: Playback
    /// Seconds of trace time between samples.
    public let interval: Double
    /// The trace time of the last sample, or `nil` when sampling never ends.
    public let endTime: Double?
    private var filter: DistanceFilter
    private var cursor = Playback.Cursor()
    private var nextIndex = 0
    private var finished = false
    /// How many samples have been taken, delivered or not.
    public private(set) var sampledCount = 0

    /// Creates a sampler. An interval that is not a positive finite number is a programming error and traps;
    /// the command line and the trace loader reject such values first.
    public init(playback: Playback, interval: Double, limit: Double? = nil, distanceFilter: DistanceFilter = .init()) {
        precondition(interval > 0 && interval.isFinite, "the sampling interval must be positive")
        self.playback = playback
        self.interval = interval
        self.filter = distanceFilter
        switch (playback.duration, limit) {
        case (let duration?, let limit?): endTime = Swift.min(duration, Swift.max(0, limit))
        case (let duration?, nil): endTime = duration
        case (nil, let limit?): endTime = Swift.max(0, limit)
        case (nil, nil): endTime = nil
        }
    }

    /// The next delivered fix, or `nil` when playback has ended.
    public mutating func next() -> LocationFix? {
        while let time = nextSampleTime() {
            sampledCount += 1
            let fix = playback.fix(at: time, cursor: &cursor)
            if filter.shouldDeliver(fix) { return fix }
        }
        return nil
    }

    private mutating func nextSampleTime() -> Double? {
        guard !finished else { return nil }
        let time = Double(nextIndex) * interval
        nextIndex += 1
        guard let endTime else { return time }
        if time < endTime - 1e-9 { return time }
        // The end itself: the previous sample lay before it, so this one is new (and lands on the grid
        // time when the end is a multiple of the interval).
        finished = true
        return endTime
    }
}
