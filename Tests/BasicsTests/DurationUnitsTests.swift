import Testing

@testable import Basics

@Suite struct DurationUnitsTests {
    @Test func secondsAndMillisecondsKeepTheFraction() {
        let duration = Duration.seconds(2) + .microseconds(1_500)
        #expect(duration.inSeconds == 2.0015)
        #expect(abs(duration.inMilliseconds - 2001.5) < 1e-9)
    }

    @Test func microsecondsRoundDownAndCountWholeSeconds() {
        #expect((Duration.seconds(3) + .nanoseconds(2_999)).inMicroseconds == 3_000_002)
        #expect(Duration.zero.inMicroseconds == 0)
        #expect(Duration.milliseconds(250).inMicroseconds == 250_000)
    }
}
