import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mockweather serve --clock`, `--shift-times` and `--provider-setting` on the real binary.
@Suite(.serialized) struct ClockCommandLineTests {
    @Test(arguments: [
        ["--clock", "2026-12-01T02:05"], ["--clock", "2026-12-01 02:05+09:00"], ["--clock", "tomorrow"],
        ["--clock", "2026-13-01T02:05Z"], ["--clock", "1796058300"], ["--clock", "2026-02-31T00:00Z"],
        ["--clock", "2026-02-29T00:00Z"], ["--clock", "2026-12-31T23:59:60Z"], ["--clock", "0000-01-01T00:00Z"],
        ["--clock", "0001-01-01T00:30+01:00"],
    ])
    func aClockThatIsNoInstantWithAnOffsetExits64NamingTheOptionAndTheForm(arguments: [String]) async throws {
        let result = try await RunningProcess.run("mockweather", ["serve"] + arguments)
        #expect(result.status == 64)
        #expect(
            result.standardError.contains("invalid value '\(arguments[1])' for '--clock'"), "\(result.standardError)")
        #expect(result.standardError.contains("ISO 8601 date-time with a UTC offset or Z"))
        #expect(result.standardError.contains("0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z"))
    }

    /// A cassette shifting its times with one near Int64's limits passed `validate`, and its first
    /// request ended the server (an overflow in the shift).
    @Test func validateRefusesAShiftedCassetteWithATimeOutsideTheClocksRangeNamingFileAndPath() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "current/far.json",
            #"""
            {"format": "mockweather-cassette/1", "source": "synthetic", "shiftTimes": true, "interactions": [
              {"request": {"path": "/data/2.5/weather", "query": {"q": "Seoul"}},
               "response": {"status": 200, "json": {"dt": 9223372036854775807, "sys": {"sunrise": -9223372036854775808}}}}]}
            """#)
        let result = try await RunningProcess.run("mockweather", ["validate", directory.url.path])
        #expect(result.status == 65)
        let output = result.standardOutput + result.standardError
        #expect(output.contains("current/far.json"), "\(output)")
        #expect(output.contains("$.interactions[0].response.json.dt"), "\(output)")
        #expect(output.contains("$.interactions[0].response.json.sys.sunrise"), "\(output)")
        #expect(output.contains("outside the clock's range"), "\(output)")
    }

    @Test(arguments: ["gateway=json", "nosuchapi.gateway=json", "openweathermap.=x", "openweathermap.x"])
    func aProviderSettingOfNoRegisteredProviderExits64ListingTheProviders(setting: String) async throws {
        let result = try await RunningProcess.run("mockweather", ["serve", "--provider-setting", setting])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'--provider-setting'"), "\(result.standardError)")
        #expect(result.standardError.contains("openweathermap"))
        #expect(result.standardError.contains("kakao-local"))
    }

    /// `kma.nonexistent=1` was accepted silently, and `kma.gateway=jsno` served XML.
    @Test(arguments: [
        ("kma.nonexistent=1", "expected one of its provider's settings: kma.gateway"),
        ("kma.gateway=jsno", "expected kma.gateway to be xml or json"),
        ("openweathermap.note=x", "expected a provider with settings: openweathermap has none"),
    ])
    func anUnknownProviderSettingOrValueExits64SayingWhatIsTaken(setting: String, expected: String) async throws {
        let result = try await RunningProcess.run("mockweather", ["serve", "--provider-setting", setting])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains("invalid value '\(setting)' for '--provider-setting': \(expected)"),
            "\(result.standardError)")
    }

    @Test(arguments: [
        ("2026-12-01T02:05+09:00", "2026-11-30T17:05:00.000Z"), ("2026-11-30T17:05:30Z", "2026-11-30T17:05:30.000Z"),
        ("2026-11-30T17:05:30.250-01:00", "2026-11-30T18:05:30.250Z"),
    ])
    func aClockGivenToTheMinuteOrSecondIsFixedThereAndTimesShiftToIt(given: String, shown: String) async throws {
        try await withMock(
            .replay(
                PackageLayout.bundledCassettes,
                arguments: ["--clock", given, "--shift-times", "--provider-setting", "kma.gateway=json"]), mode: .binary
        ) { server in
            let client = RawHTTPClient(port: try server.port)
            let clock = try await client.exchange("/__admin/clock")
            #expect(clock.body == #"{"now":"\#(shown)","fixed":true}"#, "\(clock.body)")
            let weather = try await client.exchange("/data/2.5/weather?q=Seoul&appid=k")
            let object = try JSONSerialization.jsonObject(with: Data(weather.body.utf8)) as? [String: Any]
            let dt = try #require(object?["dt"] as? Int)
            let instant = try #require(ISO8601DateFormatter().date(from: String(shown.prefix(19)) + "Z"))
            #expect(abs(Double(dt) - instant.timeIntervalSince1970) <= 60)
            try server.process.signal(SIGTERM)
            #expect(try await server.process.finish().status == 0)
        }
    }

    @Test func helpSaysAFixedClockStandsStill() async throws {
        let help = try await RunningProcess.run("mockweather", ["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--clock TIME"))
        #expect(help.standardOutput.contains("stands still"))
        #expect(help.standardOutput.contains("--shift-times"))
        #expect(help.standardOutput.contains("--provider-setting NAME=VALUE"))
    }
}
