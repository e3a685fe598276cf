import Testing
import WeatherWorld

@Suite struct ScenarioTimeTextTests {
    @Test(
        arguments: [
            ("+3h", 10_800), ("-30m", -1_800), ("+2d", 172_800), ("+90s", 90), ("+0h", 0), ("-366d", -31_622_400),
        ] as [(String, Int64)])
    func aRelativeTimeIsSecondsAfterTheClockStart(_ text: String, _ seconds: Int64) {
        #expect(ScenarioTimeText.parse(text) == .success(.afterStart(seconds)))
    }

    @Test func anAbsoluteTimeIsTheSameInstantWhateverItsOffset() {
        let korea = ScenarioTimeText.parse("2026-09-06T00:00:00+09:00")
        #expect(korea == .success(.absolute(1_788_620_400)))
        #expect(ScenarioTimeText.parse("2026-09-05T15:00:00Z") == korea)
        #expect(ScenarioTimeText.parse("2026-09-05T15:00Z") == korea)
        #expect(ScenarioTimeText.parse("2026-09-05T10:00:00-05:00") == korea)
    }

    @Test(arguments: [
        "2026-02-29T00:00:00Z", "2026-09-06T24:00:00Z", "2026-09-06T00:00:00", "2026-09-06T00:00:00.5Z",
        "2026-09-06 00:00:00Z", "+3", "+h", "+3 h", "+3hours", "", "+3H", "now",
    ])
    func aMalformedTimeIsUnreadable(_ text: String) {
        #expect(ScenarioTimeText.parse(text) == .failure(.unreadable(hint: "")))
    }

    @Test func aRelativeTimeWithoutItsSignSuggestsOne() {
        #expect(ScenarioTimeText.parse("3h") == .failure(.unreadable(hint: "; did you mean \"+3h\"?")))
    }

    @Test func aFractionalRelativeTimeSuggestsASmallerUnit() {
        #expect(
            ScenarioTimeText.parse("+1.5h")
                == .failure(.unreadable(hint: "; write a whole number in a smaller unit (+90m)")))
    }

    @Test(arguments: ["+367d", "-9000h", "+99999999999999999999s"])
    func aRelativeTimeMoreThanAYearAwayIsOutOfRange(_ text: String) {
        #expect(ScenarioTimeText.parse(text) == .failure(.outOfRange))
    }

    @Test(arguments: [
        ScenarioTime.afterStart(10_800), .afterStart(-1_800), .afterStart(90), .afterStart(0),
        .absolute(1_788_620_400), .absolute(-62_135_596_800), .absolute(253_402_300_799),
    ])
    func aTimeWrittenAsTextReadsBackAsItself(_ time: ScenarioTime) {
        #expect(ScenarioTimeText.parse(ScenarioTimeText.text(time)) == .success(time))
    }

    @Test func badTimesInAFileAreReportedAtTheirField() {
        let text = ScenarioFixtures.document(
            events: """
                {"kind": "clear-spell", "start": "3h", "end": "+400d", "area": {"lat": 37, "lon": 127, "radius": 9}},
                {"kind": "clear-spell", "start": "+0h", "end": "2026-09-06T00:00:00Z",
                 "area": {"lat": 37, "lon": 127, "radius": 9}}
                """)
        let problems = ScenarioFixtures.problems(text)
        #expect(problems.count == 3)
        #expect(
            problems.contains {
                $0.contains("$.events[0].start: expected an ISO 8601 time") && $0.hasSuffix("did you mean \"+3h\"?")
            })
        #expect(
            problems.contains { $0.contains("$.events[0].end: \"+400d\" is more than 366 days from the clock's start") }
        )
        #expect(
            problems.contains { $0.contains("$.events[1].end: start \"+0h\" and end \"2026-09-06T00:00:00Z\" mix") })
    }
}
