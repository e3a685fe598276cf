/// Percentiles of how late realtime emissions were against their schedule, in seconds.
public struct LatenessStatistics: Sendable, Hashable {
    /// How many emissions were measured.
    public var count: Int
    /// The median lateness.
    public var median: Double
    /// The 99th percentile (nearest-rank).
    public var p99: Double
    /// The worst lateness.
    public var maximum: Double

    /// Summarises measured latenesses (in any order); all zero for none.
    public init(samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func percentile(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let rank = Int((fraction * Double(sorted.count)).rounded(.up))
            return sorted[min(sorted.count - 1, max(0, rank - 1))]
        }
        median = percentile(0.5)
        p99 = percentile(0.99)
        maximum = sorted.last ?? 0
    }
}
