import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing
import WeatherWorld

@testable import MockEngine
@testable import MockProviders

/// One world, two APIs: at one place and hour, the KMA's TMP and T1H are within 1.5 °C of
/// OpenWeatherMap's temperature in the same run (the grid's 5 km and the KMA's whole degrees aside),
/// and rain in one is rain in the other.
///
/// Temperatures are compared at the place itself, which the KMA answers for at its cell's centre (up
/// to 3.5 km away). Rain is compared at the cell's centre, where both read the same state: PTY is not
/// 0 exactly when OpenWeatherMap's condition is 2xx–6xx (any precipitation: neither API has a
/// threshold below which falling rain is not rain; KMA's 빗방울 codes still count as rain).
@Suite struct KMASynthesisConsistencyTests {
    struct Place: Sendable, CustomTestStringConvertible {
        var name: String
        var latitude: Double
        var longitude: Double
        var testDescription: String { name }
    }

    static let places = [
        Place(name: "Busan City Hall", latitude: 35.1796, longitude: 129.0756),
        Place(name: "Haeundae beach", latitude: 35.1587, longitude: 129.1604),
        Place(name: "Jeju airport", latitude: 33.5104, longitude: 126.4914),
        Place(name: "Gangneung station", latitude: 37.7640, longitude: 128.8996),
        Place(name: "Boseong-eup, Jeollanam-do", latitude: 34.7714, longitude: 127.0800),
    ]

    /// The climatology and the typhoon preset (rain over the south-east coast), both from 02:00 KST.
    static func worlds() throws -> [World] {
        let start = KMASynthesisFixture.clockStart
        return [
            World(seed: 7, clockStart: start),
            World(seed: 7, scenario: try WorldFixtures.preset("typhoon-landfall"), clockStart: start),
        ]
    }

    /// The 0200 issuance's village rows for `place`'s cell, by Unix second of their forecast time.
    static func village(_ place: Place, world: World) throws -> [Int64: [String: String]] {
        let cell = KMAGridProjection.cell(latitude: place.latitude, longitude: place.longitude)
        let rows = try KMASynthesisFixture.rows(
            KMASynthesisFixture.answer(
                "getVilageFcst",
                "base_date=20260906&base_time=0200&nx=\(cell.x)&ny=\(cell.y)&numOfRows=1000&dataType=JSON",
                now: KMASynthesisFixture.kst("20260906", "0210"), world: world))
        var byTime: [Int64: [String: String]] = [:]
        for row in rows {
            let time = try #require(KMATime(date: row.rowText("fcstDate"), time: row.rowText("fcstTime")))
            byTime[Int64(time.seconds - KMATime.offset), default: [:]][row.rowText("category")] = row.rowText(
                "fcstValue")
        }
        return byTime
    }

    /// One Call's hourly entries at `latitude`, `longitude` at 02:10 KST, metric.
    static func hourly(latitude: Double, longitude: Double, world: World) throws -> [JSONValue] {
        let answer = try #require(
            SynthesisFixture.answer(
                "/data/3.0/onecall", "lat=\(latitude)&lon=\(longitude)&units=metric&appid=k",
                at: KMASynthesisFixture.clockStart + 600, world: world))
        return try JSONParser.parse(answer.response.body)["hourly"]?.elements ?? []
    }

    @Test(arguments: places)
    func villageTemperaturesAreOpenWeatherMapsWithinADegreeAndAHalf(place: Place) throws {
        for world in try Self.worlds() {
            let village = try Self.village(place, world: world)
            let hours = try Self.hourly(latitude: place.latitude, longitude: place.longitude, world: world)
            var compared = 0
            for hour in hours {
                guard let time = hour.number("dt").map(Int64.init), let kma = village[time]?["TMP"] else { continue }
                let owm = try #require(hour.number("temp"))
                #expect(abs(try #require(Double(kma)) - owm) <= 1.5, "\(place.name) \(world.label) at \(time)")
                compared += 1
            }
            #expect(compared >= 45, "\(compared) hours compared")
        }
    }

    @Test(arguments: places)
    func theNowcastIsOpenWeatherMapsCurrentWeatherWithinADegreeAndAHalf(place: Place) throws {
        let cell = KMAGridProjection.cell(latitude: place.latitude, longitude: place.longitude)
        for world in try Self.worlds() {
            for (base, offset) in [("0200", 0), ("0500", 3), ("1400", 12)] {
                let instant = KMASynthesisFixture.clockStart + Int64(offset * 3_600)
                let rows = try KMASynthesisFixture.rows(
                    KMASynthesisFixture.answer(
                        "getUltraSrtNcst",
                        "base_date=20260906&base_time=\(base)&nx=\(cell.x)&ny=\(cell.y)&dataType=JSON",
                        now: KMASynthesisFixture.kst("20260906", base).adding(600), world: world))
                let t1h = try #require(
                    rows.first { $0.rowText("category") == "T1H" }.flatMap { Double($0.rowText("obsrValue")) })
                let answer = try #require(
                    SynthesisFixture.answer(
                        "/data/2.5/weather", "lat=\(place.latitude)&lon=\(place.longitude)&units=metric&appid=k",
                        at: instant, world: world))
                let current = try JSONParser.parse(answer.response.body)
                let owm = try #require(current.number("main.temp"))
                #expect(abs(t1h - owm) <= 1.5, "\(place.name) \(world.label) at \(base): KMA \(t1h), OWM \(owm)")
            }
        }
    }

    @Test func rainInOneIsRainInTheOther() throws {
        var rainy = 0
        var dry = 0
        for world in try Self.worlds() {
            for place in Self.places {
                let cell = KMAGridProjection.cell(latitude: place.latitude, longitude: place.longitude)
                let centre = KMAGridProjection.centre(x: cell.x, y: cell.y)
                let village = try Self.village(place, world: world)
                for hour in try Self.hourly(latitude: centre.latitude, longitude: centre.longitude, world: world) {
                    guard let time = hour.number("dt").map(Int64.init), let pty = village[time]?["PTY"] else {
                        continue
                    }
                    let id = try #require(hour.number("weather.0.id"))
                    #expect((pty != "0") == (id < 700), "\(place.name) \(world.label) at \(time): PTY \(pty), id \(id)")
                    if pty != "0" { rainy += 1 } else { dry += 1 }
                }
            }
        }
        #expect(rainy >= 5 && dry >= 5, "\(rainy) rainy and \(dry) dry hours: the check must see both")
    }
}
