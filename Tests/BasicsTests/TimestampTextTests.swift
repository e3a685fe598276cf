import Basics
import Testing

/// The package's one UTC formatter, as the request log, range messages and `replay-location --weather`
/// lines use it.
@Suite struct TimestampTextTests {
    @Test func wholeSecondsReadAsUTCWithAZ() {
        #expect(TimestampText.text(wholeSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(TimestampText.text(wholeSeconds: 1_670_112_000) == "2022-12-04T00:00:00Z")
        #expect(TimestampText.text(wholeSeconds: 951_782_399) == "2000-02-28T23:59:59Z")
        #expect(TimestampText.text(wholeSeconds: -1) == "1969-12-31T23:59:59Z")
    }

    /// A client may send any 18-digit number as a bound; no made-up date is given for it.
    @Test func aMomentWithoutAFourDigitYearHasNoText() {
        #expect(TimestampText.text(wholeSeconds: 999_999_999_999_999_999) == nil)
        #expect(TimestampText.text(wholeSeconds: 253_402_300_800) == nil)  // 10000-01-01
        #expect(TimestampText.text(wholeSeconds: 253_402_300_799) == "9999-12-31T23:59:59Z")
    }

    @Test func millisecondsBeforeTheEpochBorrowFromTheSecond() {
        var clock = TimestampText()
        var bytes: [UInt8] = []
        clock.append(milliseconds: -1, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "1969-12-31T23:59:59.999Z")
    }
}
