import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// `mockweather record --endpoint` for One Call, air pollution, zip and icons, through the real binary
/// against a fake upstream on 127.0.0.1.
@Suite struct RecordNewFamiliesCommandLineTests {
    @Test func oneCallAirAndZipTargetsAreRecordedUnderTheirNamesAndTheRestSkippedWithAReason() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        let result = try await withMock(.upstream(upstream), mode: .live) { api in
            try await record(
                [
                    "--at", "37.5683,126.9778", "--city", "Seoul", "--zip", "04524,KR", "--endpoint", "onecall",
                    "--endpoint", "timemachine", "--dt", "1670120043", "--endpoint", "air-history", "--start",
                    "1670112000", "--end", "1670198400", "--endpoint", "geocoding", "--exclude", "minutely", "--units",
                    "metric",
                ], upstream: try api.baseURL, directory: directory)
        }
        let paths = allFiles(under: directory.url).map(\.path)
        for name in [
            "recorded/onecall/lat37.57_lon126.98-metric-exclude-minutely.json",
            "recorded/onecall/timemachine-lat37.57_lon126.98-metric-dt-1670120043.json",
            "recorded/air/history-lat37.57_lon126.98-start-1670112000-end-1670198400.json",
            "recorded/geocoding/zip-zip-04524-kr.json",
        ] {
            #expect(paths.contains(name), "\(name) not in \(paths)")
        }
        #expect(result.standardOutput.contains("onecall for Seoul"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("skipped: onecall needs coordinates (--at)"))
        #expect(result.standardOutput.contains("skipped: air-history needs coordinates (--at)"))
        #expect(
            upstream.targets.contains { $0.hasPrefix("/data/3.0/onecall?lat=37.5683&lon=126.9778&exclude=minutely") })
        for text in allFiles(under: directory.url).map(\.contents) + [result.standardOutput, result.standardError] {
            #expect(!text.contains(realTestKey), "the key leaked")
        }
        #expect(
            try await RunningProcess.run("mockweather", ["validate", directory.url.path]).status == 0,
            "every recording validates")
    }

    @Test func aTargetMissingItsTimeIsSkippedAndAnUnknownEndpointIsAUsageError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        let (skipped, unknown, badDate) = try await withMock(.upstream(upstream), mode: .live) { api in
            let url = try api.baseURL
            let skipped = try await record(
                ["--at", "1,2", "--endpoint", "timemachine", "--endpoint", "day-summary"], upstream: url,
                directory: directory)
            let unknown = try await record(
                ["--at", "1,2", "--endpoint", "onecal"], upstream: url, directory: directory)
            let badDate = try await record(
                ["--at", "1,2", "--endpoint", "day-summary", "--date", "2022-13-05"], upstream: url,
                directory: directory)
            return (skipped, unknown, badDate)
        }
        #expect(skipped.standardOutput.contains("skipped: timemachine needs --dt"), "\(skipped.standardOutput)")
        #expect(skipped.standardOutput.contains("skipped: day-summary needs --date"))
        #expect(upstream.targets.isEmpty)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("'onecall'"), "\(unknown.standardError)")
        #expect(badDate.status == 64)
        #expect(badDate.standardError.contains("--date"), "\(badDate.standardError)")
    }
}
