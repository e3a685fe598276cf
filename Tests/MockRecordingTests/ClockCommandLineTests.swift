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
        ["--clock", "2026-13-01T02:05Z"], ["--clock", "1796058300"],
    ])
    func aClockThatIsNoInstantWithAnOffsetExits64NamingTheOptionAndTheForm(arguments: [String]) async throws {
        let result = try await RunningProcess.run("mockweather", ["serve"] + arguments)
        #expect(result.status == 64)
        #expect(
            result.standardError.contains("invalid value '\(arguments[1])' for '--clock'"), "\(result.standardError)")
        #expect(result.standardError.contains("ISO 8601 date-time with a UTC offset or Z"))
    }

    @Test(arguments: ["gateway=json", "nosuchapi.gateway=json", "openweathermap.=x", "openweathermap.x"])
    func aProviderSettingOfNoRegisteredProviderExits64ListingTheProviders(setting: String) async throws {
        let result = try await RunningProcess.run("mockweather", ["serve", "--provider-setting", setting])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'--provider-setting'"), "\(result.standardError)")
        #expect(result.standardError.contains("openweathermap"))
        #expect(result.standardError.contains("kakao-local"))
    }

    @Test(arguments: [
        ("2026-12-01T02:05+09:00", "2026-11-30T17:05:00.000Z"), ("2026-11-30T17:05:30Z", "2026-11-30T17:05:30.000Z"),
        ("2026-11-30T17:05:30.250-01:00", "2026-11-30T18:05:30.250Z"),
    ])
    func aClockGivenToTheMinuteOrSecondIsFixedThereAndTimesShiftToIt(given: String, shown: String) async throws {
        let server = try await MockServer.start(
            cassettes: PackageLayout.bundledCassettes,
            arguments: ["--clock", given, "--shift-times", "--provider-setting", "openweathermap.note=x"])
        let client = RawHTTPClient(port: server.port)
        let clock = try await client.exchange("/__admin/clock")
        #expect(clock.body == #"{"now":"\#(shown)","fixed":true}"#, "\(clock.body)")
        let weather = try await client.exchange("/data/2.5/weather?q=Seoul&appid=k")
        let object = try JSONSerialization.jsonObject(with: Data(weather.body.utf8)) as? [String: Any]
        let dt = try #require(object?["dt"] as? Int)
        let instant = try #require(ISO8601DateFormatter().date(from: String(shown.prefix(19)) + "Z"))
        #expect(abs(Double(dt) - instant.timeIntervalSince1970) <= 60)
        server.process.signal(SIGTERM)
        #expect(await server.process.finish().status == 0)
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
