import Basics
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

    @Test(arguments: [
        "2026-02-31T00:00Z", "2026-02-29T00:00Z", "1900-02-29T00:00Z", "2026-04-31T00:00Z", "2026-06-31T00:00Z",
        "2026-12-31T23:59:60Z", "2026-12-01T00:60Z", "2026-12-01T24:00:00Z", "0000-01-01T00:00Z",
        "0001-01-01T00:00+00:01", "9999-12-31T23:59:59.999-00:01",
    ])
    func aDateTheCalendarLacksOrOutsideTheRangeIsNoInstant(text: String) {
        #expect(MockClock.instant(fromISO8601: text) == nil)
    }

    @Test(arguments: [
        ("2024-02-29T00:00Z", 1_709_164_800.0), ("2000-02-29T00:00Z", 951_782_400),
        ("2026-04-30T00:00Z", 1_777_507_200),
        ("0001-01-01T00:00Z", -62_135_596_800), ("9999-12-31T23:59:59.999Z", 253_402_300_799.999),
    ])
    func leapDaysOfLeapYearsAndTheRangesEndsAreInstants(text: String, seconds: Double) {
        #expect(MockClock.instant(fromISO8601: text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        ClockRange.earliestMilliseconds, ClockRange.latestMilliseconds, 0, -1, 1_796_058_300_123, 951_782_400_000,
    ])
    func aReadingPrintedIsReadBackAsTheSameInstant(milliseconds: Int64) throws {
        let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
        let text = MockClock.iso8601(instant)
        #expect(!text.hasPrefix("0000-"), "\(text)")
        #expect(MockClock.instant(fromISO8601: text).map { ClockRange.milliseconds(of: $0) } == milliseconds)
    }

    @Test func anInstantPastTheRangeNeverPrintsAsZeroes() {
        #expect(MockClock.iso8601(Date(timeIntervalSince1970: 3e11)) == "9999-12-31T23:59:59.999Z")
        #expect(MockClock.iso8601(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59.999Z")
        #expect(MockClock.iso8601(Date(timeIntervalSince1970: -1e18)) == "0001-01-01T00:00:00.000Z")
    }

    @Test func aCassettesRecordedAtStillNeedsItsSeconds() {
        #expect(ISO8601Time.milliseconds("2026-11-30T17:05Z") == nil)
        #expect(ISO8601Time.milliseconds("2026-11-30T17:05:00Z") == 1_796_058_300_000)
    }
}
