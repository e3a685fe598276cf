import Testing
import WeatherWorld

@Suite struct ScenarioTimeTests {
    @Test func aRelativeTimeCountsFromTheClockStart() {
        #expect(ScenarioTime.afterStart(3600).instant(clockStart: 1_000) == 4_600)
        #expect(ScenarioTime.afterStart(-600).instant(clockStart: 1_000) == 400)
    }

    @Test func anAbsoluteTimeIgnoresTheClockStart() {
        #expect(ScenarioTime.absolute(42).instant(clockStart: 1_000) == 42)
    }
}
