import Basics
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// The `expect` keys of One Call, air pollution, zip and icons: checked by type, read the same way by
/// the cassette decoder and its fast path.
@Suite struct ExpectDetailsTests {
    private func cassette(expect: String) -> String {
        cassetteJSON(interaction(path: "/data/3.0/onecall", extra: #", "expect": \#(expect)"#))
    }

    @Test func detailsAreReadInTheTablesOrderWhateverTheFileSays() throws {
        let text = cassette(
            expect: #"{"hourly": 48, "timezone": "Asia/Seoul", "celsius": -2.34, "aqi": 3, "pm2_5": 31.95, "dt": -5}"#)
        let loaded = try library([("onecall.json", text)])
        let expectation = try #require(loaded.wholeCassettes().first?.interactions.first?.expectation)
        #expect(expectation.celsius == -2.34)
        #expect(
            expectation.details == [
                ExpectDetails.Entry(name: "celsius", value: .number(-2.34)),
                ExpectDetails.Entry(name: "timezone", value: .text("Asia/Seoul")),
                ExpectDetails.Entry(name: "hourly", value: .integer(48)),
                ExpectDetails.Entry(name: "dt", value: .integer(-5)),
                ExpectDetails.Entry(name: "aqi", value: .integer(3)),
                ExpectDetails.Entry(name: "pm2_5", value: .number(31.95)),
            ])
    }

    @Test(arguments: [
        (#"{"aqi": 6}"#, "$.interactions[0].expect.aqi", "expected a whole number from 1 to 5, found 6"),
        (#"{"hourly": -1}"#, "$.interactions[0].expect.hourly", "expected a whole number from 0, found -1"),
        (#"{"width": 2.5}"#, "$.interactions[0].expect.width", "expected a whole number from 0, found 2.5"),
        (#"{"timezone": 9}"#, "$.interactions[0].expect.timezone", "expected a string, found 9"),
        (#"{"pm2_5": "12"}"#, "$.interactions[0].expect.pm2_5", "expected a number, found a string"),
        (#"{"hourley": 48}"#, "$.interactions[0].expect.hourley", #"unknown key "hourley"; did you mean"#),
    ])
    func aDetailOfTheWrongKindIsReportedAtItsPath(expect: String, path: String, message: String) {
        let text = cassette(expect: expect)
        let found = problems([("onecall.json", text)])
        #expect(found.map(\.jsonPath) == [path])
        // A did-you-mean's quoting is the suggestion function's; what matters is that it is offered.
        #expect(found.first?.message.hasPrefix(message) == true, "\(found)")
    }

    @Test func anErrorExpectationCannotAlsoStateDetails() {
        let found = problems([("onecall.json", cassette(expect: #"{"error": "unauthorized", "hourly": 48}"#))])
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("an expectation is either a success") == true)
    }
}
