import Basics
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// Record mode's histories: a range covering what was recorded, or pinned bounds when the body cannot be cut.
@Suite struct RecordedRangeTests {
    @Test func aRecordedHistoryReplaysEveryRangeInsideTheOneRecordedAndVerifyAsksForItAgain() async throws {
        let request = RecordingRequest(
            method: "GET", rawPath: "/data/2.5/air_pollution/history",
            rawQuery: "lat=37.5683&lon=126.9778&start=7200&end=18000&appid=secret")
        let body =
            #"{"coord":{"lon":126.9778,"lat":37.5683},"list":[{"main":{"aqi":2},"components":{"pm2_5":12},"dt":7200},{"main":{"aqi":3},"components":{"pm2_5":30},"dt":10800},{"main":{"aqi":1},"components":{"pm2_5":5},"dt":14400}]}"#
        let recorded = RecordedCassette.document(
            request: request, displayText: request.displayText, status: 200, headers: [], body: Array(body.utf8),
            upstream: liveOpenWeatherMap, recordedAt: "2026-12-01T10:00:00Z")
        let file = String(decoding: recorded.document.prettyBytes, as: UTF8.self)
        #expect(file.contains(#""expect": {"#) && file.contains(#""firstDt": 7200"#), "\(file)")
        try await withMock(.cassettes([(request.cassetteName + ".json", file)]), mode: .router) { harness in
            let part = try await harness.respond(
                "/data/2.5/air_pollution/history?lat=37.5683&lon=126.9778&start=9000&end=14400")
            #expect(part.status == 200)
            #expect(
                part.text
                    == #"{"coord":{"lon":126.9778,"lat":37.5683},"list":[{"main":{"aqi":3},"components":{"pm2_5":30},"dt":10800}]}"#
            )
            #expect(
                try await harness.respond("/data/2.5/air_pollution/history?lat=37.5683&lon=126.9778&start=0&end=14400")
                    .status == 501)

            let pattern = try #require(try library([("r.json", file)]).entries.first?.pattern)
            let again = CassetteVerifier.request(for: pattern, providers: Providers.all)
            #expect(again.value("start") == "7200" && again.value("end") == "18000")
            #expect(
                OpenWeatherMapRecording().cassetteName(for: again)
                    == OpenWeatherMapRecording().cassetteName(for: request.captured))
        }
    }

    @Test func aRecordedHistoryThatCannotBeCutKeepsItsBoundsPinned() throws {
        let request = RecordingRequest(
            method: "GET", rawPath: "/data/2.5/air_pollution/history", rawQuery: "lat=1&lon=2&start=10&end=20")
        for body in [#"{"cod":200,"list":[{"time":10}]}"#, "{\n  \"list\": []\n}\n"] {
            let recorded = RecordedCassette.document(
                request: request, displayText: request.displayText, status: 200, headers: [], body: Array(body.utf8),
                upstream: liveOpenWeatherMap, recordedAt: "2026-12-01T10:00:00Z")
            let pattern = try #require(recorded.document["interactions"]?.elements?.first?["request"])
            #expect(pattern["range"] == nil, "\(body)")
            #expect(pattern["query"]?["start"]?.stringValue == "10" && pattern["query"]?["end"]?.stringValue == "20")
            let file = String(decoding: recorded.document.prettyBytes, as: UTF8.self)
            #expect(problems([("r.json", file)]).isEmpty, "\(body)")
        }
    }
}
