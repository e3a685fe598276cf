import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// The cassettes shipped in Cassettes/: valid, honest, and covering the Seoul-to-Daegu drive.
@Suite struct BundledCassetteTests {
    private func bundled() throws -> CassetteLibrary {
        CassetteLibrary(
            cassettes: try CassetteLoader.load(directory: PackageLayout.bundledCassettes, providers: Providers.all),
            providers: Providers.all)
    }

    @Test func theBundledSetValidatesCleanly() throws {
        let library = try bundled()
        #expect(library.cassettes.count >= 30)
    }

    @Test func everyBundledCassetteIsHonestAndStatesItsExpectation() throws {
        for cassette in try bundled().wholeCassettes() {
            #expect(cassette.source != .recorded, "\(cassette.name) claims to be recorded")
            #expect(cassette.notes?.isEmpty == false, "\(cassette.name) has no notes")
            for interaction in cassette.interactions {
                let expectation = try #require(interaction.expectation, "\(cassette.name) has no expect block")
                #expect(
                    expectation.error != nil || expectation.name != nil || !expectation.details.isEmpty,
                    "\(cassette.name)")
            }
        }
    }

    @Test func successExpectationsAgreeWithTheBodies() throws {
        let library = try bundled()
        for entry in library.entries {
            for prepared in entry.responses {
                let template = try prepared.template()
                guard template.status == 200, template.fault == nil else { continue }
                let body = prepared.response(
                    for: ReplayRequest(
                        method: "GET", path: entry.pattern.path, query: "units=metric", providers: Providers.all)
                ).body
                guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
                    let main = object["main"] as? [String: Any], let temp = main["temp"] as? Double
                else { continue }
                let cassette = try library.cassette(of: entry).content.cassette()
                let expectation = cassette.interactions[Int(entry.interactionIndex)].expectation
                #expect(expectation?.celsius == temp, "\(entry.label)")
                #expect(expectation?.name == object["name"] as? String, "\(entry.label)")
            }
        }
    }

    @Test(arguments: [
        ("q=Seoul", "openweathermap/current/seoul#0", 200), ("q=Seoul,KR", "openweathermap/current/seoul#1", 200),
        ("id=1835848", "openweathermap/current/seoul-by-id", 200),
        ("lat=37.5683&lon=126.9778", "openweathermap/near/seoul", 200),
        ("lat=37.517829&lon=126.886270", "openweathermap/near/sesac-campus", 200),
        ("q=seoul&lang=kr", "openweathermap/current/seoul-lang-kr", 200),
        ("q=Atlantis", "openweathermap/errors/city-not-found", 404),
        ("q=seoul&appid=invalid", "openweathermap/errors/invalid-api-key", 401),
        ("appid=k", "openweathermap/errors/nothing-to-geocode", 400),
        ("lat=100&lon=10", "openweathermap/errors/wrong-latitude", 400),
        ("q=mock-rate-limited", "openweathermap/errors/rate-limited", 429),
        ("q=mock-bad-gateway", "openweathermap/errors/bad-gateway", 502),
        ("q=Zocca", "openweathermap/current/zocca-rain", 200),
        ("q=mock-cold-wave", "openweathermap/scenarios/seoul-cold-wave", 200),
    ])
    func bundledRequestsReachTheIntendedCassette(query: String, cassette: String, status: Int) throws {
        let library = try bundled()
        let request = ReplayRequest(method: "GET", path: "/data/2.5/weather", query: query, providers: Providers.all)
        let ordinal = try #require(library.match(request)?.ordinal, "\(query) is unmatched")
        #expect(library.entries[ordinal].label == cassette)
        #expect(try library.entries[ordinal].responses[0].template().status == status)
    }

    @Test func nearCassettesCoverTheSeoulToDaeguExpresswayWithoutGaps() throws {
        let library = try bundled()
        let route: [(Double, Double)] = [
            (37.5663174, 126.9779451), (37.28310, 127.03783), (36.80413, 127.15247), (36.34712, 127.38657),
            (36.13690, 128.11580), (36.11655, 128.34678), (35.8714354, 128.6014),
        ]
        var checked = 0
        for (start, end) in zip(route, route.dropFirst()) {
            for point in GreatCircleSampler.points(from: start, to: end, everyKilometres: 0.5) {
                let request = ReplayRequest(
                    method: "GET", path: "/data/2.5/weather", query: "lat=\(point.0)&lon=\(point.1)",
                    providers: Providers.all)
                let ordinal = library.match(request)?.ordinal
                #expect(ordinal != nil, "no near cassette covers \(point)")
                if let ordinal { #expect(library.entries[ordinal].pattern.near != nil) }
                checked += 1
            }
        }
        #expect(checked > 470)  // ~237 km of legs sampled every 500 m
    }
}

/// Points along a great circle, for route coverage checks.
enum GreatCircleSampler {
    static func points(from start: (Double, Double), to end: (Double, Double), everyKilometres step: Double) -> [(
        Double, Double
    )] {
        let radians = Double.pi / 180
        let (lat1, lon1) = (start.0 * radians, start.1 * radians)
        let (lat2, lon2) = (end.0 * radians, end.1 * radians)
        let angle =
            GreatCircle.distanceKilometres(latitude1: start.0, longitude1: start.1, latitude2: end.0, longitude2: end.1)
            / GreatCircle.earthRadiusKilometres
        let count = max(1, Int((angle * GreatCircle.earthRadiusKilometres / step).rounded(.up)))
        return (0...count).map { index in
            let fraction = Double(index) / Double(count)
            let a = sin((1 - fraction) * angle) / sin(angle)
            let b = sin(fraction * angle) / sin(angle)
            let x = a * cos(lat1) * cos(lon1) + b * cos(lat2) * cos(lon2)
            let y = a * cos(lat1) * sin(lon1) + b * cos(lat2) * sin(lon2)
            let z = a * sin(lat1) + b * sin(lat2)
            return (atan2(z, (x * x + y * y).squareRoot()) / radians, atan2(y, x) / radians)
        }
    }
}
