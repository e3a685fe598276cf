import Synchronization

/// Global chaos (`--latency`, `--fault-rate`, `--seed`): extra delay and random faults for every
/// replayed request, reproducible from the seed.
///
/// Draws come from a counter-based generator (SplitMix64 over `seed + n`), so the n-th draw is the same
/// in every run with the same seed; no lock is taken on the request path.
public struct ChaosConfiguration: Sendable, Equatable {
    /// Added to every replayed response: fixed (`low == high`) or uniform in `low...high` milliseconds.
    public var latencyMilliseconds: ClosedRange<Int>?
    /// The probability (0...1) that a replayed response is replaced by a random fault from `faultKinds`.
    public var faultRate: Double
    /// The faults `faultRate` chooses from.
    public var faultKinds: [FaultKind]
    /// The generator's seed; the same seed and request order give the same delays and faults.
    public var seed: UInt64

    /// The fault kinds chosen from by default: the ones a client sees as a transport error at once.
    public static let defaultFaultKinds: [FaultKind] = [.reset, .empty, .truncate]

    /// Creates a configuration; out-of-range rates are clamped to 0...1.
    public init(
        latencyMilliseconds: ClosedRange<Int>? = nil, faultRate: Double = 0,
        faultKinds: [FaultKind] = ChaosConfiguration.defaultFaultKinds, seed: UInt64 = 0
    ) {
        self.latencyMilliseconds = latencyMilliseconds
        self.faultRate = min(1, max(0, faultRate))
        self.faultKinds = faultKinds
        self.seed = seed
    }

    /// True when neither latency nor faults are configured.
    public var isQuiet: Bool { latencyMilliseconds == nil && faultRate == 0 }
}

/// The seeded generator behind chaos and `uniformMs` delays.
package final class SeededRandom: Sendable {
    private let seed: UInt64
    private let counter = Atomic<UInt64>(0)

    init(seed: UInt64) {
        self.seed = seed
    }

    /// The next 64 random bits.
    func next() -> UInt64 {
        let n = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        return Self.splitMix64(seed &+ n &* 0x9E37_79B9_7F4A_7C15)
    }

    /// A uniform value in `range`.
    func integer(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// A uniform value in `0..<1`.
    func unitInterval() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    func reset() { counter.store(0, ordering: .relaxed) }

    static func splitMix64(_ state: UInt64) -> UInt64 {
        var z = state &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
