import Foundation
import TestSupport
import Testing

/// `replay-location --weather` along a trace nobody recorded, against `mockweather serve --synthesize`:
/// the drive the bundled set cannot answer, answered fix by fix from the world.
@Suite(.timeLimit(.minutes(2)))
struct DriveUnderTyphoonTests {
    /// Busan to Gangneung by the east coast, written here rather than bundled.
    static let trace = """
        {"format": "mockweather-trace/1", "name": "Busan to Gangneung", "speedKmh": 80, "intervalSeconds": 60,
         "waypoints": [{"lat": 35.1796, "lon": 129.0756, "name": "Busan"}, {"lat": 35.5384, "lon": 129.3114},
           {"lat": 36.0190, "lon": 129.3435, "name": "Pohang"}, {"lat": 37.7519, "lon": 128.8761, "name": "Gangneung"}]}
        """

    static func drive(_ extra: [String]) async throws -> [WeatherLine] {
        let directory = try TemporaryDirectory()
        try directory.write("busan-to-gangneung.json", trace)
        let result = try await withMock(
            .replay(
                PackageLayout.bundledCassettes,
                arguments: ["--clock", "2026-09-06T00:00:00Z"] + extra), mode: .binary
        ) { server in
            // Scenario times count from the clock's start; the drive is asked at landfall, three hours in.
            let advanced = try await RawHTTPClient(port: try server.port).exchange(
                method: "POST", "/__admin/clock/advance", headers: ["Content-Type: application/json"],
                body: #"{"seconds": 10800}"#)
            #expect(advanced.text.contains("2026-09-06T03:00:00.000Z"), "\(advanced.text)")
            return try await RunningProcess.run(
                "replay-location",
                [
                    directory.url.appendingPathComponent("busan-to-gangneung.json").path, "--instant", "--interval",
                    "900", "--weather", try server.baseURL.absoluteString,
                ])
        }
        #expect(result.status == 0, "stderr: \(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(WeatherLine.init)
    }

    @Test func withoutTheWorldNoFixOfAnUnrecordedDriveIsAnswered() async throws {
        let reports = try await Self.drive([])
        #expect(!reports.isEmpty)
        #expect(reports.allSatisfy { $0.origin.hasPrefix("error:") }, "\(reports.map(\.origin))")
    }

    /// The preset's landfall near Busan is three hours after the clock's start, where the clock stands for
    /// the whole drive: the wind is strongest near Busan and falls away toward Gangneung.
    @Test func underTheTyphoonEveryFixIsAnsweredAndTheWindPeaksWhereTheStormIs() async throws {
        let reports = try await Self.drive(["--synthesize", "--scenario", "typhoon-landfall", "--seed", "7"])
        #expect(reports.count >= 10)
        #expect(reports.allSatisfy { $0.origin == "live" && $0.temperature.hasSuffix("°C") }, "\(reports)")
        let winds = reports.compactMap { Double($0.wind.split(separator: " ").first ?? "") }
        #expect(winds.count == reports.count, "\(reports.map(\.wind))")
        let strongest = try #require(winds.indices.max { winds[$0] < winds[$1] })
        #expect(strongest < reports.count / 3, "the wind peaks at fix \(strongest) of \(reports.count): \(winds)")
        #expect(winds[strongest] >= 25, "\(winds)")
        #expect(reports.first?.condition.contains("rain") == true, "\(reports.first?.condition ?? "")")
        #expect(winds.last! < winds[strongest] * 0.7, "\(winds)")
    }

    /// `mockweather synthesize --fixes` freezes the drive at the fixes `replay-location` plays, each at its
    /// own time; served without the world, the same drive is answered at every fix from those cassettes.
    @Test func aDriveFrozenFromItsFixesReplaysEveryFixWithoutTheWorld() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("busan-to-gangneung.json", Self.trace)
        let trace = directory.url.appendingPathComponent("busan-to-gangneung.json").path
        let played = try await RunningProcess.run("replay-location", [trace, "--instant", "--interval", "900"])
        #expect(played.status == 0, "\(played.standardError)")
        try directory.write("fixes.jsonl", played.standardOutput)
        let cassettes = directory.url.appendingPathComponent("cassettes")
        let frozen = try await RunningProcess.run(
            "mockweather",
            [
                "synthesize", "--scenario", "typhoon-landfall", "--seed", "7", "--at", "2026-09-06T03:00:00Z",
                "--fixes", directory.url.appendingPathComponent("fixes.jsonl").path, "--out", cassettes.path,
            ])
        #expect(frozen.status == 0, "\(frozen.standardError)")
        let result = try await withMock(.replay(cassettes), mode: .binary) { server in
            try await RunningProcess.run(
                "replay-location",
                [trace, "--instant", "--interval", "900", "--weather", try server.baseURL.absoluteString])
        }
        let reports = result.standardOutput.split(separator: "\n").map(WeatherLine.init)
        #expect(reports.count >= 10)
        #expect(reports.allSatisfy { $0.origin == "live" }, "\(reports.map(\.origin))")
        #expect(reports.first?.condition.contains("rain") == true, "\(reports.first?.condition ?? "")")
    }

    /// `--follow-clock` moves the mock clock with the drive (about four hours at 80 km/h) and
    /// `--place-names` names every fix from Korea's boundaries: Busan, Ulsan, Gyeongbuk and Gangwon in
    /// route order, and the clock left at the last fix's time.
    @Test func followingTheClockTheDriveIsNamedFixByFixInRouteOrder() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("busan-to-gangneung.json", Self.trace)
        let trace = directory.url.appendingPathComponent("busan-to-gangneung.json").path
        let (result, clock) = try await withMock(
            .replay(
                PackageLayout.bundledCassettes,
                arguments: [
                    "--clock", "2026-09-06T00:00:00Z", "--synthesize", "--scenario", "typhoon-landfall", "--seed", "7",
                ]), mode: .binary
        ) { server in
            try await server.readKoreanBoundaries()  // before the drive's 10 s timeouts
            let result = try await RunningProcess.run(
                "replay-location",
                [
                    trace, "--instant", "--interval", "900", "--weather", try server.baseURL.absoluteString,
                    "--place-names", "--follow-clock",
                ])
            let clock = try await RawHTTPClient(port: try server.port).exchange(
                method: "GET", "/__admin/clock", headers: [])
            return (result, clock.text)
        }
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let reports = result.standardOutput.split(separator: "\n").map(WeatherLine.init)
        #expect(reports.count >= 10)
        #expect(reports.allSatisfy { $0.origin == "live" }, "\(reports.map(\.origin))")
        var provinces: [String] = []
        for report in reports {
            let province = String(report.place.split(separator: " ").first ?? "")
            if provinces.last != province { provinces.append(province) }
        }
        #expect(provinces == ["부산", "울산", "경북", "강원특별자치도"], "\(reports.map(\.place))")
        #expect(clock.contains("\"fixed\":true"), "\(clock)")
        #expect(!clock.contains("2026-09-06T00:"), "the clock did not follow the drive: \(clock)")
    }
}
