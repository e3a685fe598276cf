import Testing
import WeatherClient

/// Calendar dates and UTC offsets as One Call writes them.
@Suite struct CalendarDateAndOffsetTests {
    @Test func datesParseAndPrintAsYearMonthDay() throws {
        let date = try #require(CalendarDate("2024-02-29"))
        #expect(date.year == 2024 && date.month == 2 && date.day == 29)
        #expect(date.description == "2024-02-29")
        #expect(CalendarDate(year: 1979, month: 1, day: 2)?.description == "1979-01-02")
        #expect(CalendarDate(year: 2026, month: 12, day: 1)! < CalendarDate(year: 2027, month: 1, day: 1)!)
    }

    /// Days that do not exist and other spellings are rejected.
    @Test(arguments: [
        "2023-02-29", "1900-02-29", "2026-13-01", "2026-04-31", "2026-00-10", "2026-1-5", "20261201",
        "2026-12-01T00:00", "", "２０２６-12-01", "+026-12-01",
    ])
    func malformedDatesAreRejected(text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test func offsetsParseAndPrintWithSignHoursAndMinutes() {
        #expect(UTCOffset("+09:00")?.seconds == 32400)
        #expect(UTCOffset("-03:30")?.seconds == -12600)
        #expect(UTCOffset(hours: 5, minutes: 45)?.description == "+05:45")
        #expect(UTCOffset(hours: -3, minutes: 30)?.description == "-03:30")
        #expect(UTCOffset.utc.description == "+00:00")
        #expect(UTCOffset(hours: 14)?.description == "+14:00")
    }

    /// Offsets outside -12:00...+14:00 and other spellings are rejected.
    @Test(arguments: ["+15:00", "-12:30", "+09", "09:00", "+9:00", "+09:60", "UTC", ""])
    func malformedOffsetsAreRejected(text: String) {
        #expect(UTCOffset(text) == nil)
    }

    @Test func offsetComponentsOutOfRangeGiveNil() {
        #expect(UTCOffset(hours: 15) == nil)
        #expect(UTCOffset(hours: 9, minutes: 60) == nil)
        #expect(UTCOffset(hours: 9, minutes: -1) == nil)
    }
}
