import Testing
import WeatherClient

/// The display text for a KMA hour, Korean first.
@Suite struct KMAWeatherDisplayTests {
    private func hour(_ configure: (inout KMAHourlyWeather) -> Void) -> KMAHourlyWeather {
        var hour = KMAHourlyWeather(time: KMATime(dateText: "20261002", timeText: "0000")!)
        configure(&hour)
        return hour
    }

    /// §2.2's Seoul hour: clear, 14 °C, POP 0.
    @Test func aClearHourReadsSkyTemperatureAndProbability() async throws {
        let forecast = try await KMAForecastClient.testing(InMemoryTransport(.json(KMAFixtures.village2026)))
            .villageForecast(at: KMAFixtures.seoul)
        let display = KMAWeatherDisplay(try #require(forecast.hours.first))

        #expect(display.summaryKorean == "맑음 14°C, 강수확률 0%")
        #expect(display.summaryEnglish == "Clear 14°C, 0% chance of precipitation")
        #expect(display.humidity == "55%")
        #expect(display.precipitationKorean == "강수없음")
        #expect(display.snowfallKorean == "적설없음")
        #expect(display.windKorean == "북서풍 1.2 m/s")
        #expect(display.windEnglish == "NW 1.2 m/s")
    }

    /// Precipitating, the type names the condition rather than the sky.
    @Test func aRainyHourIsNamedByItsPrecipitationType() {
        let display = KMAWeatherDisplay(
            hour {
                $0.sky = .overcast
                $0.precipitationType = .shower
                $0.temperature = .celsius(21)
                $0.precipitationProbability = 60
                $0.precipitation = .range(from: 30, below: 50)
            })

        #expect(display.summaryKorean == "소나기 21°C, 강수확률 60%")
        #expect(display.summaryEnglish == "Shower 21°C, 60% chance of precipitation")
        #expect(display.precipitationKorean == "30.0~50.0mm")
        #expect(display.precipitationEnglish == "30–50 mm")
    }

    /// The nowcast has no sky or probability: the summary is the temperature alone.
    @Test func aDryNowcastShowsOnlyItsTemperature() async throws {
        let nowcast = try await KMAForecastClient.testing(InMemoryTransport(.json(KMAFixtures.nowcast)))
            .ultraShortNowcast(at: KMAFixtures.seoul)
        let display = KMAWeatherDisplay(nowcast.observation)

        #expect(display.summaryKorean == "15.2°C")
        #expect(display.conditionKorean == nil)
        #expect(display.precipitationProbability == nil)
        #expect(display.windKorean == "북서풍 3.7 m/s")
    }

    @Test func amountsReadAsTheKMAWritesThem() {
        let texts = [KMAAmount.lessThan(1), .exactly(6.2), .atLeast(50)].map { amount in
            KMAWeatherDisplay(hour { $0.precipitation = amount }).precipitationKorean
        }
        let snow = KMAWeatherDisplay(hour { $0.snowfall = .atLeast(5) }).snowfallKorean

        #expect(texts == ["1mm 미만", "6.2mm", "50.0mm 이상"])
        #expect(snow == "5.0cm 이상")
    }

    @Test func temperaturesKeepOneDecimalAtMostAndNeverShowMinusZero() {
        let texts = [Temperature.celsius(14), .celsius(15.2), .celsius(-0.5), .celsius(-0.04), .celsius(26.85)].map {
            temperature in KMAWeatherDisplay(hour { $0.temperature = temperature }).temperature
        }

        #expect(texts == ["14°C", "15.2°C", "-0.5°C", "0°C", "26.9°C"])
        #expect(KMAWeatherDisplay(hour { _ in }).summaryKorean == "--°C")
    }

    @Test func windWithoutADirectionShowsOnlyTheSpeed() {
        let display = KMAWeatherDisplay(hour { $0.wind = KMAWind(speed: 2) })

        #expect(display.windKorean == "2.0 m/s")
        #expect(display.windEnglish == "2.0 m/s")
    }
}
