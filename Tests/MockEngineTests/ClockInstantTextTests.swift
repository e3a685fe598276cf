import Foundation
import Testing

@testable import MockEngine

/// The instants `--clock` and `PUT /__admin/clock` accept, and that cassettes' `recordedAt` still
/// needs its seconds.
@Suite struct ClockInstantTextTests {
    @Test(arguments: [
        ("2026-12-01T02:05+09:00", 1_796_058_300.0), ("2026-11-30T17:05Z", 1_796_058_300),
        ("2026-11-30T17:05:09Z", 1_796_058_309), ("2026-11-30T17:05:09.5-00:30", 1_796_060_109.5),
    ])
    func anInstantWithAnOffsetIsReadToTheMinuteOrTheSecond(text: String, seconds: Double) {
        #expect(MockClock.instant(fromISO8601: text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "2026-12-01T02:05", "2026-12-01", "2026-12-01T02:05.5Z", "2026-12-01T24:00Z", "2026-12-01T02:05+9:00",
        "2026-12-01T02:05Z ", "",
    ])
    func anythingElseIsNoInstant(text: String) {
        #expect(MockClock.instant(fromISO8601: text) == nil)
    }

    @Test func aCassettesRecordedAtStillNeedsItsSeconds() {
        #expect(ISO8601Time.milliseconds("2026-11-30T17:05Z") == nil)
        #expect(ISO8601Time.milliseconds("2026-11-30T17:05:00Z") == 1_796_058_300_000)
    }
}
