import Foundation
import Testing
import WeatherClient

/// Air quality display text in English and Korean.
@Suite struct AirQualityDisplayTests {
    /// Each index has its documented English name and a Korean one.
    @Test(arguments: [
        (1, "Good", "좋음"), (2, "Fair", "보통"), (3, "Moderate", "약간 나쁨"), (4, "Poor", "나쁨"),
        (5, "Very Poor", "매우 나쁨"),
    ])
    func indexNamesInEnglishAndKorean(value: Int, english: String, korean: String) throws {
        let index = try #require(AirQualityIndex(rawValue: value))
        #expect(index.englishName == english)
        #expect(index.koreanName == korean)
        #expect(!index.englishMessage.isEmpty)
        #expect(!index.koreanMessage.isEmpty)
    }

    @Test func everyLevelHasItsOwnMessageInBothLanguages() {
        #expect(Set(AirQualityIndex.allCases.map(\.englishMessage)).count == 5)
        #expect(Set(AirQualityIndex.allCases.map(\.koreanMessage)).count == 5)
        #expect(AirQualityIndex.good.koreanMessage == "공기가 깨끗해요")
        #expect(AirQualityIndex.veryPoor.englishMessage == "Stay indoors if you can")
    }

    @Test func indexesOrderFromCleanToVeryPoor() {
        #expect(AirQualityIndex.allCases.sorted() == [.good, .fair, .moderate, .poor, .veryPoor])
        #expect(AirQualityIndex.poor > .fair)
    }

    @Test func displayOfSeoulsFairAirShowsLevelMessagesAndParticles() throws {
        let reading = try #require(try OneCallFixtures.decode(AirPollution.self, OneCallFixtures.airNow).first)

        let display = AirQualityDisplay(reading)

        #expect(display.index == .fair)
        #expect(display.levelEnglish == "Fair")
        #expect(display.levelKorean == "보통")
        #expect(display.summaryEnglish == "Air quality: Fair")
        #expect(display.summaryKorean == "대기질: 보통")
        #expect(display.messageEnglish == "The air is fine for most people")
        #expect(display.messageKorean == "대체로 괜찮은 공기예요")
        #expect(display.fineParticles == "PM2.5 12.3 µg/m³")
        #expect(display.coarseParticles == "PM10 20.1 µg/m³")
    }

    @Test func concentrationsRoundHalfAwayFromZeroOnTheDecimalValue() throws {
        let reading = try #require(
            try OneCallFixtures.decode(AirPollution.self, OneCallFixtures.airForecast).readings.last)

        let display = AirQualityDisplay(reading)

        #expect(display.fineParticles == "PM2.5 95.6 µg/m³")
        #expect(display.coarseParticles == "PM10 180.1 µg/m³")
        #expect(display.summaryKorean == "대기질: 매우 나쁨")
    }
}
