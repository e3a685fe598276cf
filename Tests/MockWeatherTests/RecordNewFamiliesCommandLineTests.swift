import Foundation
import TestSupport
import Testing

@testable import MockWeather

/// `mockweather record --endpoint` for One Call, air pollution, zip and icons, through the real binary
/// against a fake upstream on 127.0.0.1.
@Suite struct RecordNewFamiliesCommandLineTests {
    private func record(_ arguments: [String], upstream: FakeUpstream, directory: TemporaryDirectory) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "MOCKWEATHER_CASSETTES")
        environment["OPENWEATHERMAP_API_KEY"] = realTestKey
        return try MockweatherBinary.run(
            ["record", "--upstream", upstream.url, "--cassettes", directory.url.path] + arguments,
            environment: environment)
    }

    @Test func oneCallAirAndZipTargetsAreRecordedUnderTheirNamesAndTheRestSkippedWithAReason() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = try FakeUpstream()
        let result = try record(
            [
                "--at", "37.5683,126.9778", "--city", "Seoul", "--zip", "04524,KR", "--endpoint", "onecall",
                "--endpoint", "timemachine", "--dt", "1670120043", "--endpoint", "air-history", "--start", "1670112000",
                "--end", "1670198400", "--endpoint", "geocoding", "--exclude", "minutely", "--units", "metric",
            ], upstream: upstream, directory: directory)
        await upstream.stop()
        let paths = allFiles(under: directory.url).map(\.path)
        for name in [
            "recorded/onecall/lat37.57_lon126.98-metric-exclude-minutely.json",
            "recorded/onecall/timemachine-lat37.57_lon126.98-metric-dt-1670120043.json",
            "recorded/air/history-lat37.57_lon126.98-start-1670112000-end-1670198400.json",
            "recorded/geocoding/zip-zip-04524-kr.json",
        ] {
            #expect(paths.contains(name), "\(name) not in \(paths)")
        }
        #expect(result.stdout.contains("onecall for Seoul"), "\(result.stdout)")
        #expect(result.stdout.contains("skipped: onecall needs coordinates (--at)"))
        #expect(result.stdout.contains("skipped: air-history needs coordinates (--at)"))
        #expect(
            upstream.targets.contains { $0.hasPrefix("/data/3.0/onecall?lat=37.5683&lon=126.9778&exclude=minutely") })
        for text in allFiles(under: directory.url).map(\.contents) + [result.stdout, result.stderr] {
            #expect(!text.contains(realTestKey), "the key leaked")
        }
        #expect(try MockweatherBinary.run(["validate", directory.url.path]).status == 0, "every recording validates")
    }

    @Test func aTargetMissingItsTimeIsSkippedAndAnUnknownEndpointIsAUsageError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = try FakeUpstream()
        let skipped = try record(
            ["--at", "1,2", "--endpoint", "timemachine", "--endpoint", "day-summary"], upstream: upstream,
            directory: directory)
        let unknown = try record(["--at", "1,2", "--endpoint", "onecal"], upstream: upstream, directory: directory)
        let badDate = try record(
            ["--at", "1,2", "--endpoint", "day-summary", "--date", "2022-13-05"], upstream: upstream,
            directory: directory)
        await upstream.stop()
        #expect(skipped.stdout.contains("skipped: timemachine needs --dt"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("skipped: day-summary needs --date"))
        #expect(upstream.targets.isEmpty)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("'onecall'"), "\(unknown.stderr)")
        #expect(badDate.status == 64)
        #expect(badDate.stderr.contains("--date"), "\(badDate.stderr)")
    }
}
