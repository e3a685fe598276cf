import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `replay-location --weather` end to end: the real `replay-location` binary against the real `mockweather
/// serve` binary with the bundled cassettes, as the README's demo runs them.
@Suite(.timeLimit(.minutes(2)))
struct WeatherAgainstMockServerTests {
    @Test func seoulToDaeguWithWeatherNamesSeoulToDaeguInRouteOrder() async throws {
        let result = try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            try await RunningProcess.run(
                "replay-location",
                [
                    TestTraces.seoulToDaeguPath(), "--instant", "--interval", "120", "--weather",
                    try server.baseURL.absoluteString,
                ])
        }

        #expect(result.status == 0, "stderr: \(result.standardError)")
        let reports = result.standardOutput.split(separator: "\n").map(WeatherLine.init)
        #expect(reports.count > 100)
        // Live answers name the places along the drive, in the order the drive reaches them.
        var places: [String] = []
        for report in reports where report.origin == "live" && places.last != report.place {
            places.append(report.place)
        }
        let route = ["Seoul", "Suwon", "Cheonan", "Daejeon", "Gimcheon", "Gumi", "Daegu"]
        let positions = places.compactMap { place in route.firstIndex { place.hasPrefix($0) } }
        #expect(places.first?.hasPrefix("Seoul") == true, "places: \(places)")
        #expect(places.last?.hasPrefix("Daegu") == true, "places: \(places)")
        #expect(positions == positions.sorted(), "places out of route order: \(places)")
        #expect(Set(positions).count >= 4, "too few of the route's cities answered: \(places)")
        // The denied stretch past Daejeon switches to the default location, shown as Seoul, and back.
        let denied = reports.filter { $0.origin == "default location (location access denied)" }
        #expect(!denied.isEmpty)
        #expect(denied.allSatisfy { $0.place == "Seoul" && $0.temperature.hasSuffix("°C") })
        let afterDenied = reports.drop { $0.origin != "default location (location access denied)" }
            .drop { $0.origin == "default location (location access denied)" }
        #expect(afterDenied.contains { $0.origin == "live" })
    }

    /// With `--place-names` each line names the fix's district, from Seoul City Hall's to Daegu City
    /// Hall's, and the denied stretch the campus's ("서울 문래동3가").
    @Test func placeNamesNameEachFixsDistrictFromSeoulToDaegu() async throws {
        let result = try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            try await RunningProcess.run(
                "replay-location",
                [
                    TestTraces.seoulToDaeguPath(), "--instant", "--interval", "600", "--weather",
                    try server.baseURL.absoluteString, "--place-names",
                ])
        }

        #expect(result.status == 0, "stderr: \(result.standardError)")
        let reports = result.standardOutput.split(separator: "\n").map(WeatherLine.init)
        #expect(reports.first?.place == "서울 태평로1가")
        #expect(reports.last?.place == "대구 동인동1가")
        #expect(reports.contains { $0.place == "대전 둔산동" && $0.origin == "live" })
        let denied = reports.filter { $0.origin == "default location (location access denied)" }
        #expect(!denied.isEmpty)
        #expect(denied.allSatisfy { $0.place == "서울 문래동3가" })
    }

    /// The cells between the recorded ones are nobody's recording: the world answers them
    /// (`--synthesize`; without it they are the provider's 501, the bundled set has no catch-all).
    @Test func theKMADriveAsksEachCellItEntersOnceFromSeoulCityHallToDaegu() async throws {
        let result = try await withMock(
            .replay(PackageLayout.bundledCassettes, arguments: ["--synthesize"]), mode: .binary
        ) {
            server in
            try await server.readKoreanBoundaries()  // the sea mask's, before the drive's 10 s timeouts
            return try await RunningProcess.run(
                "replay-location",
                [
                    TestTraces.seoulToDaeguPath(), "--instant", "--weather", "kma", "--server",
                    try server.baseURL.absoluteString,
                ])
        }

        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let columns = lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        let cells = columns.compactMap { $0.count > 3 ? $0[3] : nil }
        #expect(cells.first == "60/127", "\(lines.prefix(3))")
        #expect(cells.last == "89/91", "\(lines.suffix(3))")
        #expect(cells.count > 50, "a 240 km drive crosses many 5 km cells: \(cells)")
        // One line per cell entered: never the same cell twice in a row.
        #expect(zip(cells, cells.dropFirst()).allSatisfy { $0 != $1 }, "\(cells)")
        // Every cell gets a forecast as the app shows it, live or for the default location while denied.
        let withoutForecast = lines.filter { !$0.contains("°C") || $0.contains("error:") }
        #expect(withoutForecast.isEmpty, "\(withoutForecast)")
        #expect(lines.contains { $0.contains("58/126") && $0.contains("default location (denied)") })
    }

    @Test func placeNamesWithoutWeatherIsAUsageError() async throws {
        let result = try await RunningProcess.run("replay-location", [TestTraces.seoulToDaeguPath(), "--place-names"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--place-names needs --weather URL"))
    }

    @Test(arguments: [
        (["--server", "http://127.0.0.1:9"], "--server needs --weather kma"),
        (["--weather", "http://127.0.0.1:9", "--server", "http://127.0.0.1:9"], "--server is for --weather kma"),
        (["--weather", "kma", "--place-names"], "--place-names is for --weather URL"),
        (["--weather", "kma", "--server", "ftp://x"], "invalid value 'ftp://x' for '--server'"),
        (["--weather", "kmaa"], "or kma"),
    ])
    func kmaDriveOptionsThatDoNotFitAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await RunningProcess.run("replay-location", [TestTraces.seoulToDaeguPath()] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}

/// The route `replay-location --weather` announced, as the mock's admin API serves it.
@Suite(.timeLimit(.minutes(2)))
struct RouteOnTheMockTests {
    @Test func replayShowsTheTracesRouteOnTheMocksDashboard() async throws {
        try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            let result = try await RunningProcess.run(
                "replay-location",
                [
                    TestTraces.seoulToDaeguPath(), "--instant", "--interval", "1800", "--weather",
                    try server.baseURL.absoluteString,
                ])
            #expect(result.status == 0, "stderr: \(result.standardError)")
            #expect(result.standardError.isEmpty, "a route shown is not news worth a line when stderr is no terminal")
            let (data, _) = try await URLSession.shared.data(
                from: try server.baseURL.appendingPathComponent("__admin/route"))
            let route = try #require(
                (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["route"] as? [String: Any])
            #expect(route["name"] as? String == "Seoul to Daegu on the Gyeongbu Expressway")
            let points = try #require(route["points"] as? [[String: Any]])
            #expect(points.count == 35)
            #expect(points.first?["name"] as? String == "Seoul City Hall")
            #expect(points.last?["name"] as? String == "Daegu City Hall")
        }
    }
}

/// One line of `--weather` output, split into its columns.
struct WeatherLine {
    var time: String
    var elapsed: String
    var position: String
    var place: String
    var temperature: String
    var condition: String
    var wind: String
    var origin: String

    init(_ line: Substring) {
        // Columns are separated by at least two spaces; the origin is the rest of the line.
        var columns: [String] = []
        var rest = Substring(line)
        while columns.count < 7, let gap = rest.range(of: "  ") {
            columns.append(String(rest[..<gap.lowerBound]))
            rest = rest[gap.upperBound...].drop { $0 == " " }
        }
        columns += Array(repeating: "", count: max(0, 7 - columns.count))
        (time, elapsed, position, place, temperature) = (columns[0], columns[1], columns[2], columns[3], columns[4])
        (condition, wind) = (columns[5], columns[6])
        origin = String(rest)
    }
}
