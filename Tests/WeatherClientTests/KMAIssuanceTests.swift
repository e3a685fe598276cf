import Foundation
import Testing
import WeatherClient

/// The latest issuance available at an instant, per operation, across day, month and year ends.
/// Instants are read by Foundation's ISO 8601 parser, not by the code under test.
@Suite struct KMAIssuanceTests {
    private func latest(_ operation: KMAOperation, _ instant: String) -> String? {
        KMAIssuance.latest(operation, availableAt: KMAFixtures.instant(instant)).map { "\($0.baseDate) \($0.baseTime)" }
    }

    // MARK: Village forecast: 02, 05, … 23 o'clock, available 10 minutes later

    @Test func villageForecastAt0205IsYesterdays2300() {
        #expect(latest(.villageForecast, "2026-10-02T02:05:00+09:00") == "20261001 2300")
    }

    @Test func villageForecastAt0215IsTodays0200() {
        #expect(latest(.villageForecast, "2026-10-02T02:15:00+09:00") == "20261002 0200")
    }

    @Test func villageForecastAt0030IsYesterdays2300() {
        #expect(latest(.villageForecast, "2026-10-02T00:30:00+09:00") == "20261001 2300")
    }

    @Test func villageForecastAt2355IsTodays2300() {
        #expect(latest(.villageForecast, "2026-10-02T23:55:00+09:00") == "20261002 2300")
    }

    /// Available from base time + 10 minutes to the minute: 02:10:00 reads 0200, 02:09:59 does not.
    @Test func villageForecastBecomesAvailableExactlyTenMinutesAfterItsBaseTime() {
        #expect(latest(.villageForecast, "2026-10-02T02:10:00+09:00") == "20261002 0200")
        #expect(latest(.villageForecast, "2026-10-02T02:09:59+09:00") == "20261001 2300")
        #expect(latest(.villageForecast, "2026-10-02T14:09:00+09:00") == "20261002 1100")
    }

    /// The instant's own time zone does not matter: 17:05 UTC is 02:05 KST the next day.
    @Test func villageForecastIsChosenInKoreaStandardTimeWhateverTheInstantsOffset() {
        #expect(latest(.villageForecast, "2026-10-01T17:05:00Z") == "20261001 2300")
        #expect(latest(.villageForecast, "2026-10-01T17:15:00Z") == "20261002 0200")
    }

    @Test func villageForecastBeforeTheFirstIssuanceOfAMonthIsTheLastOfThePreviousMonth() {
        #expect(latest(.villageForecast, "2026-11-01T01:00:00+09:00") == "20261031 2300")
        #expect(latest(.villageForecast, "2028-03-01T00:30:00+09:00") == "20280229 2300")
        #expect(latest(.villageForecast, "2026-03-01T02:05:00+09:00") == "20260228 2300")
    }

    @Test func villageForecastBeforeTheFirstIssuanceOfAYearIsLastNewYearsEve() {
        #expect(latest(.villageForecast, "2027-01-01T00:30:00+09:00") == "20261231 2300")
        #expect(latest(.villageForecast, "2027-01-01T02:05:00+09:00") == "20261231 2300")
    }

    // MARK: Ultra-short nowcast: every HH00, available at HH:10

    @Test func nowcastIsTheHourOnceTenMinutesHavePassed() {
        #expect(latest(.ultraShortNowcast, "2026-10-02T00:30:00+09:00") == "20261002 0000")
        #expect(latest(.ultraShortNowcast, "2026-10-02T02:05:00+09:00") == "20261002 0100")
        #expect(latest(.ultraShortNowcast, "2026-10-02T02:15:00+09:00") == "20261002 0200")
        #expect(latest(.ultraShortNowcast, "2026-10-02T23:55:00+09:00") == "20261002 2300")
        #expect(latest(.ultraShortNowcast, "2026-10-02T02:10:00+09:00") == "20261002 0200")
    }

    @Test func nowcastInTheFirstTenMinutesOfAYearIsLastYears2300() {
        #expect(latest(.ultraShortNowcast, "2027-01-01T00:05:00+09:00") == "20261231 2300")
        #expect(latest(.ultraShortNowcast, "2026-12-01T00:09:59+09:00") == "20261130 2300")
    }

    // MARK: Ultra-short forecast: every HH30, available at HH:45

    @Test func ultraShortForecastIsTheHalfHourOnceFifteenMinutesHavePassed() {
        #expect(latest(.ultraShortForecast, "2026-10-02T00:30:00+09:00") == "20261001 2330")
        #expect(latest(.ultraShortForecast, "2026-10-02T00:45:00+09:00") == "20261002 0030")
        #expect(latest(.ultraShortForecast, "2026-10-02T02:05:00+09:00") == "20261002 0130")
        #expect(latest(.ultraShortForecast, "2026-10-02T02:15:00+09:00") == "20261002 0130")
        #expect(latest(.ultraShortForecast, "2026-10-02T23:55:00+09:00") == "20261002 2330")
    }

    @Test func ultraShortForecastAtTheStartOfAYearIsLastYears2330() {
        #expect(latest(.ultraShortForecast, "2027-01-01T00:40:00+09:00") == "20261231 2330")
    }

    /// The delays the schedule chose (KMASchedule.swift): 10, 10 and 15 minutes.
    @Test func availabilityDelaysAreTenTenAndFifteenMinutes() {
        #expect(KMAOperation.villageForecast.availabilityDelay == .seconds(600))
        #expect(KMAOperation.ultraShortNowcast.availabilityDelay == .seconds(600))
        #expect(KMAOperation.ultraShortForecast.availabilityDelay == .seconds(900))
    }

    // MARK: Issuances

    @Test func onlyPublishedBaseTimesAreIssuances() {
        #expect(KMAIssuance(.villageForecast, baseDate: "20261002", baseTime: "0300") == nil)
        #expect(KMAIssuance(.villageForecast, baseDate: "20261002", baseTime: "0500") != nil)
        #expect(KMAIssuance(.ultraShortNowcast, baseDate: "20261002", baseTime: "0030") == nil)
        #expect(KMAIssuance(.ultraShortForecast, baseDate: "20261002", baseTime: "0000") == nil)
        #expect(KMAIssuance(.ultraShortForecast, baseDate: "20261002", baseTime: "2330") != nil)
        #expect(KMAIssuance(.villageForecast, baseDate: "20260230", baseTime: "0200") == nil)
        #expect(KMAIssuance(.villageForecast, baseDate: "2026102", baseTime: "0200") == nil)
        #expect(KMAIssuance(.villageForecast, baseDate: "20261002", baseTime: "2400") == nil)
    }

    @Test func previousIssuanceCrossesDayMonthAndYear() {
        #expect(
            KMAFixtures.issuance(.villageForecast, "20261101", "0200").previous?.description
                == "getVilageFcst 20261031 2300")
        #expect(KMAFixtures.issuance(.villageForecast, "20261002", "0500").previous?.baseTime == "0200")
        #expect(
            KMAFixtures.issuance(.ultraShortNowcast, "20270101", "0000").previous?.description
                == "getUltraSrtNcst 20261231 2300")
        #expect(
            KMAFixtures.issuance(.ultraShortForecast, "20261002", "0030").previous?.description
                == "getUltraSrtFcst 20261001 2330")
    }

    @Test func availableAtIsBaseTimePlusTheDelay() {
        let issuance = KMAFixtures.issuance(.villageForecast, "20261002", "0200")

        #expect(issuance.availableAt == KMAFixtures.instant("2026-10-02T02:10:00+09:00"))
        #expect(issuance.base.instant == KMAFixtures.instant("2026-10-01T17:00:00Z"))
    }

    @Test func anInstantOutsideTheCalendarHasNoIssuance() {
        #expect(KMAIssuance.latest(.villageForecast, availableAt: Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(KMAIssuance.latest(.villageForecast, availableAt: Date(timeIntervalSince1970: 1e15)) == nil)
    }

    // MARK: KST wall time

    @Test func kstTimeIsUTCPlusNineWithSecondsDropped() throws {
        let time = try #require(KMATime(KMAFixtures.instant("2026-12-31T15:04:59Z")))

        #expect(time.description == "2027-01-01 00:04 KST")
        #expect(time.dateText == "20270101")
        #expect(time.timeText == "0004")
    }

    @Test func kstTimeBefore1970FallsOnTheRightDay() {
        #expect(KMATime(Date(timeIntervalSince1970: -9 * 3600))?.description == "1970-01-01 00:00 KST")
        #expect(KMATime(Date(timeIntervalSince1970: -9 * 3600 - 60))?.description == "1969-12-31 23:59 KST")
        #expect(KMATime(KMAFixtures.instant("1900-03-01T00:00:00+09:00"))?.description == "1900-03-01 00:00 KST")
    }

    @Test func kstTimeParsesOnlyTheAPIsDigits() {
        #expect(KMATime(dateText: "20280229", timeText: "2359")?.description == "2028-02-29 23:59 KST")
        #expect(KMATime(dateText: "20270229", timeText: "0000") == nil)
        #expect(KMATime(dateText: "2026-10-02", timeText: "0000") == nil)
        #expect(KMATime(dateText: "20261002", timeText: "0060") == nil)
        #expect(KMATime(dateText: "20261002", timeText: "+600") == nil)
    }
}
