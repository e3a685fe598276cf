import Basics
import Foundation
import HTTPServer
import Testing
import WeatherWorld

@testable import MockEngine
@testable import MockProviders

/// One world behind every family: the same instant reads the same state wherever it is printed, a
/// forecast comes true, and the condition follows the state and the sun.
@Suite struct OpenWeatherMapSynthesisConsistencyTests {
    private static let busan = "lat=35.1&lon=129.0&units=metric"

    @Test func currentOneCallCurrentAndTheForecastItemAgreeAtOneInstant() throws {
        // On a three-hour slot and a whole hour, so the forecast's first item and hourly[0] are now.
        let now = SynthesisFixture.noonInKorea
        let current = try SynthesisFixture.json("/data/2.5/weather", Self.busan, at: now)
        let oneCall = try SynthesisFixture.json("/data/3.0/onecall", Self.busan, at: now)
        let forecast = try SynthesisFixture.json("/data/2.5/forecast", Self.busan, at: now)
        let item = try #require(forecast.at("list.0"))
        #expect(item.number("dt") == Double(now))
        let temperature = current.number("main.temp")
        #expect(temperature != nil)
        for value in [oneCall.number("current.temp"), oneCall.number("hourly.0.temp"), item.number("main.temp")] {
            #expect(value == temperature)
        }
        let humidity = current.number("main.humidity")
        #expect(oneCall.number("current.humidity") == humidity && item.number("main.humidity") == humidity)
        let pressure = current.number("main.pressure")
        #expect(oneCall.number("current.pressure") == pressure && item.number("main.pressure") == pressure)
        let wind = current.number("wind.speed")
        #expect(oneCall.number("current.wind_speed") == wind && item.number("wind.speed") == wind)
        let code = current.number("weather.0.id")
        #expect(oneCall.number("current.weather.0.id") == code && item.number("weather.0.id") == code)
        #expect(oneCall.number("current.clouds") == current.number("clouds.all"))
        #expect(oneCall.number("current.sunrise") == current.number("sys.sunrise"))
        #expect(oneCall.number("current.sunset") == current.number("sys.sunset"))
    }

    @Test func theForecastMadeNowComesTrueLater() throws {
        let madeAt = SynthesisFixture.noonInKorea - 2 * 86_400 + 1_234
        let forecast = try SynthesisFixture.json("/data/2.5/forecast", Self.busan, at: madeAt)
        for index in [0, 7, 20, 39] {
            let item = try #require(forecast.at("list.\(index)"))
            let time = Int64(try #require(item.number("dt")))
            let later = try SynthesisFixture.json("/data/2.5/weather", Self.busan, at: time)
            #expect(later.number("main.temp") == item.number("main.temp"), "item \(index)")
            #expect(later.number("weather.0.id") == item.number("weather.0.id"), "item \(index)")
            #expect(later.text("weather.0.icon") == item.text("weather.0.icon"), "item \(index)")
        }
    }

    @Test func theSameRequestGivesTheSameBytesAndAnotherSeedOtherWeather() throws {
        let query = "lat=35.1&lon=129.0"
        let first = try #require(SynthesisFixture.answer("/data/3.0/onecall", query))
        let second = try #require(SynthesisFixture.answer("/data/3.0/onecall", query))
        #expect(first.response.body == second.response.body)
        let other = World(seed: 8, clockStart: SynthesisFixture.noonInKorea)
        let week = (0..<56).map { SynthesisFixture.noonInKorea + Int64($0) * 10_800 }
        let differs = week.contains { time in
            SynthesisFixture.answer("/data/2.5/weather", query, at: time)?.response.body
                != SynthesisFixture.answer("/data/2.5/weather", query, at: time, world: other)?.response.body
        }
        #expect(differs)
    }

    @Test func theIconFollowsTheSunAndTheCodeTheState() throws {
        let noon = SynthesisFixture.noonInKorea
        let day = try SynthesisFixture.json("/data/2.5/weather", Self.busan, at: noon)
        let night = try SynthesisFixture.json("/data/2.5/weather", Self.busan, at: noon + 12 * 3_600)
        #expect(day.text("weather.0.icon")?.hasSuffix("d") == true)
        #expect(night.text("weather.0.icon")?.hasSuffix("n") == true)
        for time in stride(from: noon, to: noon + 14 * 86_400, by: 3 * 3_600) {
            let body = try SynthesisFixture.json("/data/2.5/weather", Self.busan, at: time)
            let id = Int(try #require(body.number("weather.0.id")))
            let clouds = try #require(body.number("clouds.all"))
            let falls = body.at("rain") != nil || body.at("snow") != nil
            if (800...804).contains(id) {
                #expect(!falls)
                let expected = clouds < 11 ? 800 : clouds < 25 ? 801 : clouds < 51 ? 802 : clouds < 85 ? 803 : 804
                #expect(id == expected, "clouds \(clouds)")
            }
            if id < 700 { #expect(falls || id / 100 == 3, "code \(id) without rain or snow") }
            let code = try #require(ConditionCode.table[id])
            let sunrise = Int64(try #require(body.number("sys.sunrise")))
            let sunset = Int64(try #require(body.number("sys.sunset")))
            let sunUp = time >= sunrise && time < sunset
            #expect(body.text("weather.0.icon") == code.icon(daytime: sunUp))
        }
    }

    @Test func numbersAreWrittenAsTheProvidersConversionWritesThem() throws {
        var json = SyntheticJSON(units: .standard)
        json.beginArray()
        let values = [270.81, -2.345, 27, 0.4, -0.001, 1_031.499, 0.005, -273.15]
        for value in values {
            json.beginObject()
            json.decimal("v", value)
            json.endObject()
        }
        json.endArray()
        let expected = values.map { "{\"v\":\(UnitConversion.format(UnitConversion.rounded($0)))}" }
        #expect(String(decoding: json.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",") + "]")
    }
}
