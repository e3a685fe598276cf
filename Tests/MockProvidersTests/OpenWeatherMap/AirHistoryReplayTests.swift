import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// Air pollution history replayed from the bundled set: one archive per place, declared as a `range`,
/// answers each `start`/`end` with only the readings whose `dt` falls in it; the 400s, the empty list
/// before the archive and the fail-closed miss outside it come from their cassettes.
@Suite struct AirHistoryReplayTests {
    /// The engine over the bundled cassettes, read afresh for each mock.
    private var setup: MockSetup { get throws { .cassettes(try bundledFiles()) } }

    private static let seoul = "lat=37.5683&lon=126.9778"
    /// 2022-12-03 06:00 KST.
    private static let morning: Int64 = 1_670_014_800
    private static let hour: Int64 = 3600

    private func readings(_ response: HTTPResponse) throws -> [[String: Any]] {
        try #require(response.jsonObject?["list"] as? [[String: Any]])
    }

    private func history(_ start: Int64, _ end: Int64, at place: String = seoul) -> String {
        "/data/2.5/air_pollution/history?\(place)&start=\(start)&end=\(end)&appid=k"
    }

    @Test func aRangeGetsOnlyTheReadingsFromItsStartToJustBeforeItsEnd() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(history(Self.morning, Self.morning + 6 * Self.hour))
        }
        #expect(response.status == 200)
        #expect(response.headers["X-Mockweather-Cassette"] == "openweathermap/air/seoul#2")
        let times = try readings(response).map { ($0["dt"] as? NSNumber)?.int64Value }
        #expect(times == (0..<6).map { Self.morning + $0 * Self.hour })
        let body = try #require(response.jsonObject)
        #expect((body["coord"] as? [String: Double]) == ["lat": 37.5683, "lon": 126.9778])
    }

    @Test func boundsBetweenReadingsKeepTheReadingsInsideThem() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(history(Self.morning - 1, Self.morning + Self.hour + 1))
        }
        let times = try readings(response).map { ($0["dt"] as? NSNumber)?.int64Value }
        #expect(times == [Self.morning, Self.morning + Self.hour])
        let single = try await withMock(setup, mode: .router) {
            try await $0.respond(history(Self.morning, Self.morning))
        }
        #expect(try readings(single).isEmpty, "an empty range [start, start) holds no reading")
    }

    @Test func differentRangesGetDifferentReadings() async throws {
        let first = try readings(
            try await withMock(setup, mode: .router) {
                try await $0.respond(history(Self.morning, Self.morning + Self.hour))
            })
        let dayLater = try readings(
            try await withMock(setup, mode: .router) {
                try await $0.respond(history(Self.morning + 86_400, Self.morning + 86_400 + 3600))
            })
        #expect(first.count == 1 && dayLater.count == 1)
        #expect((first.first?["dt"] as? NSNumber)?.int64Value == Self.morning)
        #expect((dayLater.first?["dt"] as? NSNumber)?.int64Value == Self.morning + 86_400)
        #expect(
            (first.first?["components"] as? [String: Double]) != (dayLater.first?["components"] as? [String: Double]))
    }

    @Test func theWholeCoveredSpanIsTheArchiveByteForByte() async throws {
        let file = PackageLayout.bundledCassettes.appendingPathComponent("openweathermap/air/seoul.json")
        let archive = try #require(
            try JSONParser.parse(Array(Data(contentsOf: file)))["interactions"]?.elements?[2]["response"]?["json"])
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(history(1_669_561_200, 1_670_209_200))
        }
        #expect(response.body == archive.compactBytes)
        #expect(try readings(response).count == 180)
    }

    @Test func parametersInAnyCaseAndOrderGetTheSameReadings() async throws {
        let reference = try await withMock(setup, mode: .router) {
            try await $0.respond(history(Self.morning, Self.morning + 3 * Self.hour))
        }
        let variants = [
            "/data/2.5/air_pollution/history?END=\(Self.morning + 3 * Self.hour)&Start=\(Self.morning)&LON=126.977812345678&LAT=37.568312345678&APPID=k",
            "/data/2.5/air_pollution/history/?start=\(Self.morning)&lang=en&end=\(Self.morning + 3 * Self.hour)&\(Self.seoul)",
        ]
        for target in variants {
            let response = try await withMock(setup, mode: .router) { try await $0.respond(target) }
            #expect(response.status == 200, "\(target)")
            #expect(response.body == reference.body, "\(target)")
        }
    }

    @Test func aRangeEndingByTheArchivesFirstDayIsAnEmptyList() async throws {
        for (start, end) in [(Int64(1_577_836_800), Int64(1_577_923_200)), (1_606_348_800, 1_606_435_200)] {
            let response = try await withMock(setup, mode: .router) { try await $0.respond(history(start, end)) }
            #expect(response.status == 200)
            #expect(response.headers["X-Mockweather-Cassette"] == "openweathermap/air/seoul#3")
            #expect(response.text == #"{"coord":{"lon":126.9778,"lat":37.5683},"list":[]}"#)
        }
    }

    @Test func aRangeOutsideTheArchiveFailsClosedNamingItsSpan() async throws {
        // 2023-01-01: after the recording, so the mock cannot know the readings; it must not invent them.
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(history(1_672_531_200, 1_672_617_600))
        }
        #expect(response.status == 501)
        #expect(response.headers["X-Mockweather-Unmatched"] == "1")
        #expect(response.text.contains("openweathermap/air/seoul#2"), "\(response.text)")
        #expect(
            response.text.contains(
                "range: 2023-01-01T00:00:00Z – 2023-01-02T00:00:00Z is outside 2022-11-27T15:00:00Z – 2022-12-05T03:00:00Z"
            ), "\(response.text)")
        let straddling = try await withMock(setup, mode: .router) {
            try await $0.respond(history(1_670_200_000, 1_670_300_000))
        }
        #expect(straddling.status == 501, "a range reaching past the recording is not answered in part")
    }

    @Test(arguments: [
        ("lat=37.5683&lon=126.9778&end=1670112000", "start is required", "openweathermap/air/history-errors#0"),
        ("lat=35.68&lon=139.69&start=1670112000", "end is required", "openweathermap/air/history-errors#1"),
        (
            "lat=37.5683&lon=126.9778&start=yesterday&end=1670112000", "start and end must be Unix times in seconds",
            "openweathermap/air/history-errors#2"
        ),
        (
            "lat=37.5683&lon=126.9778&start=1670112000&end=1670198400.5",
            "start and end must be Unix times in seconds", "openweathermap/air/history-errors#2"
        ),
        (
            "lat=37.5683&lon=126.9778&start=1670198400&end=1670112000", "start must not be later than end",
            "openweathermap/air/history-errors#3"
        ),
    ])
    func boundsTheAPIRefusesGetItsBadRequest(query: String, message: String, cassette: String) async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/2.5/air_pollution/history?\(query)")
        }
        #expect(response.status == 400)
        #expect(response.headers["X-Mockweather-Cassette"] == cassette)
        #expect(response.text == #"{"cod":"400","message":"\#(message)"}"#)
    }

    @Test(arguments: ["/data/2.5/air_pollution", "/data/2.5/air_pollution/forecast", "/data/2.5/air_pollution/history"])
    func coordinatesOutOfRangeOrMissingGetTheirBadRequestOnEveryAirPath(path: String) async throws {
        let range = path.hasSuffix("history") ? "&start=\(Self.morning)&end=\(Self.morning + 3600)" : ""
        let cases = [
            ("lat=100&lon=126.9778", "wrong latitude"), ("lat=37.5683&lon=200", "wrong longitude"),
            ("lon=126.9778", "Nothing to geocode"), ("lat=37.5683", "Nothing to geocode"),
        ]
        for (query, message) in cases {
            let response = try await withMock(setup, mode: .router) {
                try await $0.respond("\(path)?\(query)\(range)&appid=k")
            }
            #expect(response.status == 400, "\(path)?\(query)")
            #expect(response.text == #"{"cod":"400","message":"\#(message)"}"#, "\(path)?\(query)")
            #expect(
                response.headers["X-Mockweather-Cassette"]?.hasPrefix("openweathermap/air/wrong-coordinates") == true)
        }
    }

    @Test func theRouteHasHistoryForTheSameRangeEverywhere() throws {
        let library = try CassetteLibrary(
            cassettes: CassetteLoader.load(directory: PackageLayout.bundledCassettes, providers: Providers.all),
            providers: Providers.all)
        let places = [(37.28310, 127.03783), (36.80413, 127.15247), (36.34712, 127.38657), (35.8714354, 128.6014)]
        for (latitude, longitude) in places {
            let query = "lat=\(latitude)&lon=\(longitude)&start=\(Self.morning)&end=\(Self.morning + 3600)"
            let request = ReplayRequest(
                method: "GET", path: "/data/2.5/air_pollution/history", query: query, providers: Providers.all)
            let ordinal = try #require(library.match(request)?.ordinal, "no history at \(latitude),\(longitude)")
            #expect(library.entries[ordinal].pattern.range?.bounds == .ordered)
        }
    }
}
