import Gazetteer
import Testing

@Suite struct GazetteerTimeZoneTests {
    let gazetteer = BundledGazetteer.shared
    let january: Int64 = 1_705_276_800  // 2024-01-15T00:00Z
    let july: Int64 = 1_721_001_600  // 2024-07-15T00:00Z

    @Test func seoulKeepsNineHoursAllYear() throws {
        let seoul = try #require(gazetteer.place(id: 1_835_848))
        #expect(seoul.timeZone.standardOffset == 32_400 && seoul.timeZone.summerOffset == 32_400)
        #expect(seoul.utcOffset(at: january) == 32_400)
        #expect(seoul.utcOffset(at: july) == 32_400)
    }

    @Test func londonKeepsSummerTimeInTheNorthernSummer() throws {
        let london = try #require(gazetteer.place(id: 2_643_743))
        #expect(london.timeZone.standardOffset == 0 && london.timeZone.summerOffset == 3_600)
        #expect(london.utcOffset(at: january) == 0)
        #expect(london.utcOffset(at: july) == 3_600)
    }

    @Test func sydneyKeepsSummerTimeInTheSouthernSummer() throws {
        let sydney = try #require(gazetteer.places(matching: "Sydney,AU", limit: 1).first)
        #expect(sydney.timeZone.identifier == "Australia/Sydney")
        #expect(sydney.utcOffset(at: january) == 39_600)
        #expect(sydney.utcOffset(at: july) == 36_000)
    }

    @Test func summerTimeTurnsAtOneUTCOnTheLastSundaysOfMarchAndOctober() {
        let rule = TimeZoneRule(identifier: "Europe/London", standardOffset: 0, summerOffset: 3_600)
        #expect(rule.utcOffset(at: 1_711_846_799, latitude: 51.5) == 0)  // 2024-03-31T00:59:59Z
        #expect(rule.utcOffset(at: 1_711_846_800, latitude: 51.5) == 3_600)
        #expect(rule.utcOffset(at: 1_729_990_799, latitude: 51.5) == 3_600)  // 2024-10-27T00:59:59Z
        #expect(rule.utcOffset(at: 1_729_990_800, latitude: 51.5) == 0)
        #expect(rule.utcOffset(at: 1_729_990_800, latitude: -33.9) == 3_600)
    }

    @Test func instantsBefore1970FollowTheSameRule() {
        let rule = TimeZoneRule(identifier: "Europe/London", standardOffset: 0, summerOffset: 3_600)
        #expect(rule.utcOffset(at: -172_800_000, latitude: 51.5) == 3_600)  // 1964-07-10
        #expect(rule.utcOffset(at: -189_388_800, latitude: 51.5) == 0)  // 1964-01-01
    }
}
