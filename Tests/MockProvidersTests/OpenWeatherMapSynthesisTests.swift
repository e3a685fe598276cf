import Basics
import Foundation
import Gazetteer
import HTTPServer
import TestSupport
import Testing
import WeatherWorld

@testable import MockEngine
@testable import MockProviders

/// Asks OpenWeatherMap's synthesis directly, as the engine does for a request no cassette matched.
struct SynthesisFixture {
    /// The real gazetteer of the package's `World/` folder.
    static let gazetteer = Gazetteer(directory: PackageLayout.root.appendingPathComponent("World").path)
    /// 2026-01-15 03:00 UTC (12:00 KST): daytime in Korea.
    static let noonInKorea: Int64 = 1_768_446_000
    /// Seed 7 over the climatology, its clock started at ``noonInKorea``.
    static let world = World(seed: 7, clockStart: noonInKorea)

    /// The answer to `GET path?query` at `time` with `world`.
    static func answer(
        _ path: String, _ query: String, at time: Int64 = noonInKorea, world: World? = Self.world
    ) -> SynthesizedAnswer? {
        let request = ReplayRequest(
            method: "GET", path: path, query: query, providers: Providers.all,
            now: Date(timeIntervalSince1970: TimeInterval(time)))
        return OpenWeatherMap().synthesize(request, context: SynthesisContext(world: world, gazetteer: gazetteer))
    }

    /// The JSON of a 200 answer.
    static func json(_ path: String, _ query: String, at time: Int64 = noonInKorea) throws -> JSONValue {
        let answer = try #require(Self.answer(path, query, at: time), "no answer to \(path)?\(query)")
        #expect(
            answer.response.status == 200, "\(path)?\(query): \(String(decoding: answer.response.body, as: UTF8.self))")
        #expect(answer.isSynthetic)
        return try JSONParser.parse(answer.response.body)
    }
}

extension JSONValue {
    /// The member at a dotted path (`main.temp`, `list.0.dt`).
    func at(_ path: String) -> JSONValue? {
        var value: JSONValue? = self
        for part in path.split(separator: ".") {
            if let index = Int(part) {
                value = value?.elements.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            } else {
                value = value?[String(part)]
            }
        }
        return value
    }

    /// The number at a dotted path.
    func number(_ path: String) -> Double? { at(path)?.doubleValue }

    /// The text at a dotted path.
    func text(_ path: String) -> String? { at(path)?.stringValue }

    /// Member names in order.
    var keys: [String] { members?.map(\.key) ?? [] }
}

/// Every family answers from the world in the recorded shape, names places as documented, and keeps
/// the mock fail-closed without a world.
@Suite struct OpenWeatherMapSynthesisTests {
    static let cityQueries = ["q=Busan", "q=%EB%B6%80%EC%82%B0", "id=1838524", "lat=33.5&lon=126.5", "q=London"]

    @Test(arguments: cityQueries)
    func currentWeatherAnswersInTheRecordedShape(query: String) throws {
        let body = try SynthesisFixture.json("/data/2.5/weather", query)
        #expect(
            body.keys == [
                "coord", "weather", "base", "main", "visibility", "wind", "clouds", "dt", "sys", "timezone", "id",
                "name", "cod",
            ] || body.keys.contains("rain") || body.keys.contains("snow"))
        #expect(body.number("cod") == 200)
        #expect(body.number("dt") == Double(SynthesisFixture.noonInKorea))
        #expect(
            body.at("main")?.keys == [
                "temp", "feels_like", "temp_min", "temp_max", "pressure", "humidity", "sea_level", "grnd_level",
            ])
        let kelvin = try #require(body.number("main.temp"))
        #expect((200...330).contains(kelvin))
        #expect(body.text("weather.0.icon")?.count == 3)
        #expect(body.text("sys.country") != nil)
        #expect(try #require(body.text("name")).isEmpty == false)
    }

    @Test func cityNamesIdsAndCoordinatesNameTheirPlaces() throws {
        let busan = try SynthesisFixture.json("/data/2.5/weather", "q=Busan")
        #expect(busan.text("name") == "Busan")
        #expect(busan.number("id") == 1_838_524)
        #expect(busan.number("timezone") == 32_400)
        #expect(busan.text("sys.country") == "KR")
        let korean = try SynthesisFixture.json("/data/2.5/weather", "q=%EB%B6%80%EC%82%B0")
        #expect(korean.number("id") == 1_838_524)
        let byID = try SynthesisFixture.json("/data/2.5/weather", "id=1838524")
        #expect(byID.text("name") == "Busan")
        let jeju = try SynthesisFixture.json("/data/2.5/weather", "lat=33.5&lon=126.5")
        #expect(jeju.text("name") == "Jeju City")
        #expect(jeju.number("coord.lat") == 33.5 && jeju.number("coord.lon") == 126.5)
        let london = try SynthesisFixture.json("/data/2.5/weather", "q=London")
        #expect(london.text("sys.country") == "GB")
        #expect(london.number("timezone") == 0)
    }

    @Test func aPointAtSeaHasNoNameIdOrCountry() throws {
        let body = try SynthesisFixture.json("/data/2.5/weather", "lat=30&lon=-40")
        #expect(body.text("name") == "")
        #expect(body.number("id") == 0)
        #expect(body.at("sys.country") == nil)
        #expect(body.number("timezone") == Double(-3 * 3_600))
        let oneCall = try SynthesisFixture.json("/data/3.0/onecall", "lat=30&lon=-40&exclude=minutely,hourly,daily")
        #expect(oneCall.text("timezone") == "Etc/GMT+3")
    }

    @Test func unitsConvertTemperaturesAndWindAsTheAPIDoes() throws {
        let standard = try SynthesisFixture.json("/data/2.5/weather", "q=Busan")
        let metric = try SynthesisFixture.json("/data/2.5/weather", "q=Busan&units=metric")
        let imperial = try SynthesisFixture.json("/data/2.5/weather", "q=Busan&units=imperial")
        let kelvin = try #require(standard.number("main.temp"))
        let celsius = try #require(metric.number("main.temp"))
        let fahrenheit = try #require(imperial.number("main.temp"))
        #expect(abs(kelvin - 273.15 - celsius) < 0.011)
        #expect(abs(celsius * 9 / 5 + 32 - fahrenheit) < 0.03)
        let metresPerSecond = try #require(metric.number("wind.speed"))
        #expect(standard.number("wind.speed") == metresPerSecond)
        #expect(abs(try #require(imperial.number("wind.speed")) - metresPerSecond * 2.236_936) < 0.02)
        #expect(metric.number("main.pressure") == imperial.number("main.pressure"))
    }

    @Test func langKrDescribesInKoreanAndKeepsTheRest() throws {
        let english = try SynthesisFixture.json("/data/2.5/weather", "q=Busan")
        let korean = try SynthesisFixture.json("/data/2.5/weather", "q=Busan&lang=kr")
        let id = try #require(english.number("weather.0.id"))
        let code = try #require(ConditionCode.table[Int(id)])
        #expect(english.text("weather.0.description") == code.english)
        #expect(korean.text("weather.0.description") == code.korean)
        #expect(korean.text("weather.0.main") == english.text("weather.0.main"))
        #expect(korean.text("name") == "Busan")
        #expect(ConditionCode.table[803]?.korean == "튼구름")
    }

    @Test func anUnknownCityIsTheAPIs404WithAndWithoutAWorld() throws {
        for world in [SynthesisFixture.world, nil] as [World?] {
            for query in ["q=Seuol", "q=Nowhereville"] {
                let answer = try #require(SynthesisFixture.answer("/data/2.5/weather", query, world: world))
                #expect(answer.response.status == 404)
                #expect(
                    String(decoding: answer.response.body, as: UTF8.self)
                        == #"{"cod":"404","message":"city not found"}"#)
                #expect(!answer.isSynthetic)
            }
        }
        let forecast = SynthesisFixture.answer("/data/2.5/forecast", "q=Seuol", world: nil)
        #expect(forecast?.response.status == 404)
    }

    @Test(arguments: [
        ("/data/2.5/weather", "q=Busan"), ("/data/2.5/weather", "lat=33.5&lon=126.5"),
        ("/data/2.5/forecast", "q=Busan"),
        ("/data/3.0/onecall", "lat=35.1&lon=129.0"), ("/data/2.5/air_pollution", "lat=37.5&lon=127"),
        ("/geo/1.0/direct", "q=Busan"), ("/data/2.5/weather", ""),
    ])
    func withoutAWorldNothingElseIsAnswered(path: String, query: String) {
        #expect(SynthesisFixture.answer(path, query, world: nil) == nil)
    }

    @Test func aMissingLocationIsNothingToGeocode() throws {
        for path in ["/data/2.5/weather", "/data/2.5/forecast", "/data/3.0/onecall", "/data/2.5/air_pollution"] {
            for query in ["", "lat=35", "units=metric"] {
                let answer = try #require(SynthesisFixture.answer(path, query))
                #expect(answer.response.status == 400)
                #expect(
                    String(decoding: answer.response.body, as: UTF8.self)
                        == #"{"cod":"400","message":"Nothing to geocode"}"#)
                #expect(!answer.isSynthetic)
            }
        }
        let notANumber = try #require(SynthesisFixture.answer("/data/2.5/weather", "lat=north&lon=129"))
        #expect(
            String(decoding: notANumber.response.body, as: UTF8.self) == #"{"cod":"400","message":"wrong latitude"}"#)
    }

    @Test func theForecastHas40ThreeHourlyItemsFromTheNextSlot() throws {
        let now = SynthesisFixture.noonInKorea + 3_700
        let body = try SynthesisFixture.json("/data/2.5/forecast", "q=Busan", at: now)
        #expect(body.text("cod") == "200")
        #expect(body.number("cnt") == 40)
        let items = try #require(body.at("list")?.elements)
        #expect(items.count == 40)
        #expect(items[0].number("dt") == Double(SynthesisFixture.noonInKorea + 10_800))
        for (item, next) in zip(items, items.dropFirst()) {
            #expect(try #require(next.number("dt")) - (try #require(item.number("dt"))) == 10_800)
        }
        #expect(items[0].text("dt_txt") == "2026-01-15 06:00:00")
        #expect(items[0].number("pop").map { (0...1).contains($0) } == true)
        #expect(["d", "n"].contains(items[0].text("sys.pod") ?? ""))
        #expect(
            body.at("city")?.keys == ["id", "name", "coord", "country", "population", "timezone", "sunrise", "sunset"])
        #expect(body.text("city.name") == "Busan")
        let five = try SynthesisFixture.json("/data/2.5/forecast", "q=Busan&cnt=5", at: now)
        #expect(five.number("cnt") == 5)
        #expect(five.at("list")?.elements?.count == 5)
    }

    @Test func oneCallHasItsBlocksAndExcludeDropsThem() throws {
        let body = try SynthesisFixture.json("/data/3.0/onecall", "lat=35.1&lon=129.0")
        #expect(
            Array(body.keys.prefix(8)) == [
                "lat", "lon", "timezone", "timezone_offset", "current", "minutely", "hourly", "daily",
            ])
        #expect(body.text("timezone") == "Asia/Seoul")
        #expect(body.at("minutely")?.elements?.count == 60)
        #expect(body.at("hourly")?.elements?.count == 48)
        #expect(body.at("daily")?.elements?.count == 8)
        #expect(body.at("daily.0.temp")?.keys == ["day", "min", "max", "night", "eve", "morn"])
        #expect(body.number("daily.0.dt") == Double(SynthesisFixture.noonInKorea))
        let trimmed = try SynthesisFixture.json(
            "/data/3.0/onecall", "lat=35.1&lon=129.0&exclude=minutely,hourly,alerts")
        #expect(trimmed.keys == ["lat", "lon", "timezone", "timezone_offset", "current", "daily"])
    }

    @Test func oneCallsOtherPathsAnswer() throws {
        let noon = SynthesisFixture.noonInKorea
        let machine = try SynthesisFixture.json(
            "/data/3.0/onecall/timemachine", "lat=35.1&lon=129.0&dt=\(noon - 86_400)")
        #expect(machine.at("data")?.elements?.count == 1)
        #expect(machine.number("data.0.dt") == Double(noon - 86_400))
        let summary = try SynthesisFixture.json(
            "/data/3.0/onecall/day_summary", "lat=35.1&lon=129.0&date=2026-01-14&units=metric")
        #expect(summary.text("tz") == "+09:00")
        #expect(summary.text("date") == "2026-01-14")
        #expect(summary.text("units") == "metric")
        #expect(summary.at("temperature")?.keys == ["min", "max", "afternoon", "night", "evening", "morning"])
        let overview = try SynthesisFixture.json("/data/3.0/onecall/overview", "lat=35.1&lon=129.0&units=imperial")
        let text = try #require(overview.text("weather_overview"))
        #expect(text.hasPrefix("The current weather is "))
        #expect(text.contains("°F") && !text.contains("°C"))
        let early = try #require(SynthesisFixture.answer("/data/3.0/onecall/timemachine", "lat=35.1&lon=129.0&dt=0"))
        #expect(
            String(decoding: early.response.body, as: UTF8.self)
                == #"{"cod":"400","message":"requested time is out of allowed range"}"#)
    }

    @Test func airPollutionAnswersNowForecastAndHistoryWithTheAPIsIndex() throws {
        let now = try SynthesisFixture.json("/data/2.5/air_pollution", "lat=37.5683&lon=126.9778")
        #expect(now.at("list")?.elements?.count == 1)
        #expect(now.at("list.0.components")?.keys == ["co", "no", "no2", "o3", "so2", "pm2_5", "pm10", "nh3"])
        #expect((1...5).contains(Int(try #require(now.number("list.0.main.aqi")))))
        let forecast = try SynthesisFixture.json("/data/2.5/air_pollution/forecast", "lat=37.5683&lon=126.9778")
        #expect(forecast.at("list")?.elements?.count == 96)
        let start = SynthesisFixture.noonInKorea - 10 * 3_600
        let history = try SynthesisFixture.json(
            "/data/2.5/air_pollution/history", "lat=37.5683&lon=126.9778&start=\(start)&end=\(start + 3 * 3_600)")
        #expect(
            history.at("list")?.elements?.compactMap { $0.number("dt") }
                == [0, 1, 2].map { Double(start + $0 * 3_600) })
        let reversed = try #require(
            SynthesisFixture.answer(
                "/data/2.5/air_pollution/history", "lat=37.5&lon=127&start=\(start)&end=\(start - 1)"))
        #expect(reversed.response.status == 400)
    }

    @Test func theIndexIsTheWorstBandOfThePrintedComponents() throws {
        // The API's bands (climate-and-codes.md §3.7), lower bounds of indices 2 to 5, read again here.
        let bands: [(String, [Double])] = [
            ("so2", [20, 80, 250, 350]), ("no2", [40, 70, 150, 200]), ("pm10", [20, 50, 100, 200]),
            ("pm2_5", [10, 25, 50, 75]), ("o3", [60, 100, 140, 180]), ("co", [4_400, 9_400, 12_400, 15_400]),
        ]
        let forecast = try SynthesisFixture.json("/data/2.5/air_pollution/forecast", "lat=37.5683&lon=126.9778")
        for item in try #require(forecast.at("list")?.elements) {
            let expected = try bands.map { name, bounds in
                let value = try #require(item.number("components.\(name)"))
                return 1 + bounds.count(where: { value >= $0 })
            }.max()
            #expect(item.number("main.aqi") == expected.map(Double.init))
        }
    }

    @Test func geocodingAnswersFromTheGazetteerWithKoreanNames() throws {
        let direct = try SynthesisFixture.json("/geo/1.0/direct", "q=Busan&limit=1")
        #expect(direct.elements?.count == 1)
        #expect(direct.text("0.name") == "Busan")
        #expect(direct.text("0.local_names.ko") == "부산")
        #expect(direct.text("0.country") == "KR")
        let reverse = try SynthesisFixture.json("/geo/1.0/reverse", "lat=33.5&lon=126.5&limit=5")
        #expect(reverse.elements?.count == 5)
        #expect(reverse.elements?.contains { $0.text("name") == "Jeju City" } == true)
        let sea = try SynthesisFixture.json("/geo/1.0/reverse", "lat=30&lon=-40")
        #expect(sea.elements?.isEmpty == true)
        let unknown = try SynthesisFixture.json("/geo/1.0/direct", "q=Nowhereville")
        #expect(unknown.elements?.isEmpty == true)
    }
}
