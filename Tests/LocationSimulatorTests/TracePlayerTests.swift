import LocationSimulator
import Testing

@Suite struct TracePlayerTests {
    @Test func realtimeSchedulesEachFixAtItsTraceTimeDividedBySpeed() async throws {
        let clock = ManualPlaybackClock()
        let playback = try Playback(trace: TestTraces.drive())
        var player = TracePlayer(
            sampler: FixSampler(playback: playback, interval: 10, limit: 60), pace: .realtime(speed: 4), clock: clock)
        var received: [Double] = []

        let outcome = try await player.run { received.append($0.time) }

        #expect(received == [0, 10, 20, 30, 40, 50, 60])
        #expect(clock.sleeps == [1_000, 1_002.5, 1_005, 1_007.5, 1_010, 1_012.5, 1_015])
        #expect(outcome.deliveredCount == 7 && outcome.wasInterrupted == false)
        #expect(outcome.elapsedSeconds == 15)
        #expect(outcome.lateness?.count == 7)
    }

    @Test func aSlowConsumerMakesFixesLateWithoutShiftingTheSchedule() async throws {
        let clock = ManualPlaybackClock()
        let playback = try Playback(trace: TestTraces.drive())
        var player = TracePlayer(
            sampler: FixSampler(playback: playback, interval: 1, limit: 4), pace: .realtime(speed: 1), clock: clock)

        let outcome = try await player.run { fix in
            if fix.time == 1 { clock.advance(by: 2.5) }
        }

        // The fix due at 1 took until 3.5; those due at 2 and 3 are late, the one due at 4 is on time.
        #expect(clock.sleeps == [1_000, 1_001, 1_002, 1_003, 1_004])
        #expect(outcome.lateness?.maximum == 1.5)
        #expect(outcome.lateness?.median == 0)
    }

    @Test func latenessIsMeasuredAgainstTheSchedule() async throws {
        let clock = ManualPlaybackClock(lateness: 0.002)
        var player = TracePlayer(
            sampler: FixSampler(playback: try Playback(trace: TestTraces.drive()), interval: 0.1, limit: 9.9),
            pace: .realtime(speed: 1), clock: clock)

        let outcome = try await player.run { _ in }

        let lateness = try #require(outcome.lateness)
        #expect(lateness.count == 100)
        #expect(abs(lateness.p99 - 0.002) < 1e-9 && abs(lateness.median - 0.002) < 1e-9)
    }

    @Test func instantPlaybackNeverSleeps() async throws {
        let clock = ManualPlaybackClock()
        var player = TracePlayer(
            sampler: FixSampler(playback: try Playback(trace: TestTraces.drive()), interval: 1), pace: .instant,
            clock: clock)

        let outcome = try await player.run { _ in }

        #expect(clock.sleeps.isEmpty)
        #expect(outcome.lateness == nil)
        #expect(outcome.deliveredCount == outcome.sampledCount)
    }

    @Test func cancellationStopsBetweenFixesAndReportsAnInterruption() async throws {
        let playback = try Playback(trace: TestTraces.drive(loop: .forever))
        let outcome = try await cancelPlayback(afterFixes: 5) { consume in
            var player = TracePlayer(
                sampler: FixSampler(playback: playback, interval: 1), pace: .realtime(speed: 1),
                clock: ManualPlaybackClock())
            return try await player.run { await consume($0) }
        }

        #expect(outcome.wasInterrupted)
        #expect(outcome.deliveredCount >= 5)
    }

    @Test func theDistanceFilterThinsWhatTheConsumerSees() async throws {
        let playback = try Playback(trace: TestTraces.drive(speedKmh: 36))  // 10 m/s
        var player = TracePlayer(
            sampler: FixSampler(
                playback: playback, interval: 1, limit: 100, distanceFilter: DistanceFilter(minimumDistance: 25)),
            pace: .instant)
        var times: [Double] = []

        let outcome = try await player.run { times.append($0.time) }

        #expect(times == Array(stride(from: 0.0, through: 99, by: 3)))
        #expect(outcome.sampledCount == 101)
    }
}
