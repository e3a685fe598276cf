import LocationSimulator
import Testing

@Suite struct NoiseTests {
    func noisyWalk(seed: UInt64, accuracy: Double = 10) throws -> Playback {
        let trace = Trace(
            name: "noisy", noise: NoiseSettings(accuracyMeters: accuracy, seed: seed),
            waypoints: [Waypoint(TestTraces.seoulCityHall, pauseSeconds: 20_000)])
        return try Playback(trace: trace)
    }

    @Test func theSameSeedReproducesTheSameNoise() throws {
        let first = Array(FixSampler(playback: try noisyWalk(seed: 42), interval: 1, limit: 100))
        let second = Array(FixSampler(playback: try noisyWalk(seed: 42), interval: 1, limit: 100))
        let other = Array(FixSampler(playback: try noisyWalk(seed: 43), interval: 1, limit: 100))

        #expect(first == second)
        #expect(first != other)
    }

    @Test func theSeedOverrideReplacesTheTracesSeed() throws {
        let trace = try noisyWalk(seed: 1).trace

        let overridden = try Playback(trace: trace, seed: 99).fix(at: 10)

        #expect(overridden == (try noisyWalk(seed: 99)).fix(at: 10))
    }

    @Test func noiseIsBoundedByTheReportedAccuracyAsA68PercentRadius() throws {
        let playback = try noisyWalk(seed: 2_026, accuracy: 10)
        let fixes = Array(FixSampler(playback: playback, interval: 1, limit: 19_999))
        let errors = fixes.map { $0.coordinate.distance(to: TestTraces.seoulCityHall) }

        let withinAccuracy = Double(errors.filter { $0 <= 10 }.count) / Double(errors.count)
        let withinTwice = Double(errors.filter { $0 <= 20 }.count) / Double(errors.count)
        let meanEast = fixes.map { ($0.coordinate.longitude - TestTraces.seoulCityHall.longitude) }.reduce(0, +)
        let meanNorth = fixes.map { ($0.coordinate.latitude - TestTraces.seoulCityHall.latitude) }.reduce(0, +)

        #expect(fixes.count == 20_000)
        #expect(fixes.allSatisfy { $0.horizontalAccuracy == 10 })
        // Rayleigh with σ = a / 1.5096: P(r ≤ a) = 0.68, P(r ≤ 2a) = 0.9895; 20,000 samples give ±0.01.
        #expect(abs(withinAccuracy - 0.68) < 0.015)
        #expect(abs(withinTwice - 0.9895) < 0.005)
        #expect(errors.max()! < 45)
        // Unbiased: the mean offset is a small fraction of a metre (1e-6 degrees is about 0.1 m).
        #expect(abs(meanEast / Double(fixes.count)) < 1e-6 && abs(meanNorth / Double(fixes.count)) < 1e-6)
    }

    @Test func noiseDoesNotDependOnTheSamplingInterval() throws {
        let playback = try noisyWalk(seed: 5)

        let fine = Array(FixSampler(playback: playback, interval: 0.5, limit: 100))
        let coarse = Array(FixSampler(playback: playback, interval: 5, limit: 100))

        for fix in coarse { #expect(fine.contains(fix)) }
    }

    @Test func splitMix64IsDeterministic() {
        var generator = SplitMix64(seed: 1_234_567)

        let values = (0..<3).map { _ in generator.next() }

        // Reference values of SplitMix64 for seed 1234567 (Vigna's splitmix64.c).
        #expect(values == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }
}
