import Basics
import Testing

@Suite struct DurationParsingTests {
    @Test(arguments: [
        ("250ms", Duration.milliseconds(250)),
        ("3s", .seconds(3)),
        ("1.5s", .milliseconds(1_500)),
        ("5m", .seconds(300)),
        ("2h", .seconds(7_200)),
        ("90d", .seconds(90 * 86_400)),
        (" 0s ", .zero),
    ])
    func durationWithAUnitIsRead(text: String, expected: Duration) {
        #expect(parseDuration(text) == expected)
    }

    @Test func bareNumberNeedsADefaultUnit() {
        #expect(parseDuration("200") == nil)
        #expect(parseDuration("200", defaultUnit: .milliseconds) == .milliseconds(200))
    }

    @Test(arguments: ["", "s", "-3s", "3 weeks", "3w", "1e400s", "..s"])
    func malformedDurationIsRejected(text: String) {
        #expect(parseDuration(text) == nil)
    }
}
