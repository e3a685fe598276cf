import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `mockweather` binary against a hostile cassette directory and crafted request paths
/// (issue 24, findings 3 to 5). The servers start on port 0 and are stopped by each test; the time
/// limits only keep a regression from wedging the run.
@Suite(.serialized, .timeLimit(.minutes(2))) struct HostileInputCommandLineTests {
    /// A directory with one cassette, two links back to itself, a FIFO and a dangling link.
    private func hostileDirectory() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.copyBundled("openweathermap/current/seoul.json")
        let root = directory.url.path
        try FileManager.default.createSymbolicLink(atPath: root + "/a", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root + "/b", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root + "/gone.json", withDestinationPath: "nowhere.json")
        try #require(mkfifo(root + "/pipe.json", 0o644) == 0)
        return directory
    }

    @Test func serveOverTwoLinksBackToItselfListensAnswersHealthNamesWhatItSkippedAndStopsOnSIGTERM() async throws {
        let directory = try hostileDirectory()
        try await withMock(.replay(directory.url, arguments: ["--watch"]), mode: .binary) { server in

            let health = try await RawHTTPClient(port: try server.port).exchange("/__admin/health")
            #expect(health.head.hasPrefix("HTTP/1.1 200 OK"))
            #expect(health.body.contains(#""cassettes":1"#))
            let weather = try await RawHTTPClient(port: try server.port).exchange(
                "/data/2.5/weather?q=Seoul&appid=k")
            #expect(weather.head.hasPrefix("HTTP/1.1 200 OK"))
            try server.process.signal(SIGTERM)
            let result = try await server.process.finish()

            #expect(result.status == 0)
            #expect(
                result.standardError.contains(
                    "mockweather: skipped a: a link back to . (a directory cycle), not followed"))
            #expect(
                result.standardError.contains(
                    "mockweather: skipped b: a link back to . (a directory cycle), not followed"))
            #expect(result.standardError.contains("mockweather: skipped pipe.json: a FIFO (named pipe), not read"))
            #expect(
                result.standardError.contains(
                    "mockweather: skipped gone.json: a dangling symbolic link (to nowhere.json), not followed"))
            #expect(!result.standardError.contains("the same request as"))
        }
    }

    @Test func reloadOverALinkLoopAnswersAndNamesTheLoop() async throws {
        let directory = try hostileDirectory()
        try await withMock(.replay(directory.url), mode: .binary) { server in

            let reload = try await offTheCooperativePool {
                try RawHTTPStream(
                    port: try server.port, method: "POST", target: "/__admin/reload", headers: ["Connection: close"]
                )
                .readToEnd()
            }
            await server.stop()

            #expect(reload.hasPrefix("HTTP/1.1 200 OK"), "\(reload)")
            #expect(reload.contains(#"{"path":"a","reason":"a link back to . (a directory cycle), not followed"}"#))
        }
    }

    @Test func validateAndListNameWhatTheyLeftOutAndStillSucceed() async throws {
        let directory = try hostileDirectory()

        let validate = try await RunningProcess.run("mockweather", ["validate", directory.url.path])
        let list = try await RunningProcess.run("mockweather", ["list", directory.url.path])

        #expect(validate.status == 0)
        #expect(validate.standardOutput.contains("skipped a: a link back to . (a directory cycle), not followed"))
        #expect(validate.standardOutput.contains("skipped pipe.json: a FIFO (named pipe), not read"))
        #expect(validate.standardOutput.contains("ok: 1 cassettes"))
        #expect(list.status == 0)
        #expect(list.standardOutput.hasPrefix("NAME"))
        #expect(list.standardError.contains("mockweather list: skipped b: a link back to . (a directory cycle)"))
    }

    @Test func controlCharactersInCassetteFileNamesAreEscapedByValidateListAndServe() async throws {
        let evil = "evil\n\u{1b}[31mred\u{7f}\u{9b}"
        let valid = try TemporaryDirectory()
        defer { valid.cleanUp() }
        try valid.write(
            evil + ".json",
            try String(
                contentsOf: PackageLayout.bundledCassettes.appendingPathComponent("openweathermap/current/seoul.json"),
                encoding: .utf8))
        let broken = try TemporaryDirectory()
        defer { broken.cleanUp() }
        try broken.write(evil + ".json", "{")

        let list = try await RunningProcess.run("mockweather", ["list", valid.url.path])
        let validate = try await RunningProcess.run("mockweather", ["validate", broken.url.path])
        let serve = try await RunningProcess.run(
            "mockweather", ["serve", "--host", "127.0.0.1", "--port", "0", "--cassettes", broken.url.path])

        let shown = #"evil\n\u001b[31mred\u007f\u009b"#
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("\n" + shown + "#0  "), "\(list.standardOutput)")
        #expect(list.standardOutput.split(separator: "\n").count == 4, "a header, two rows and the count")
        #expect(validate.status == 65)
        #expect(
            validate.standardOutput.contains("\n  " + shown + ".json:1:2: $: not JSON"), "\(validate.standardOutput)")
        #expect(serve.status == 65)
        #expect(serve.standardError.contains("\n  " + shown + ".json:1:2: $: not JSON"), "\(serve.standardError)")
        let rawControl: (Unicode.Scalar) -> Bool = {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        }
        for output in [list.standardOutput, list.standardError, validate.standardOutput, serve.standardError] {
            #expect(!output.unicodeScalars.contains(where: rawControl), "no raw control character: \(output)")
        }
    }

    @Test func aRequestPathWithEncodedControlCharactersStaysOneEscapedLineInTheTextLog() async throws {
        try await withMock(.replay(PackageLayout.bundledCassettes, arguments: ["--fail-on-unmatched"]), mode: .binary) {
            server in
            let forged = "/data/2.5/weather%0a2026-01-01T00:00:00.000Z%20GET%20/forged%20200%0d%1b[31m%00%7f%c2%9b"

            let answer = try await RawHTTPClient(port: try server.port).exchange(forged + "?q=Seoul")
            try server.process.signal(SIGTERM)
            let result = try await server.process.finish()

            #expect(answer.head.hasPrefix("HTTP/1.1 501"))
            let logLines = result.standardOutput.split(separator: "\n").dropFirst()  // after the listening line
            #expect(logLines.count == 1, "one request, one line: \(logLines)")
            #expect(
                logLines.first?.contains(
                    #"GET /data/2.5/weather\n2026-01-01T00:00:00.000Z GET /forged 200\r\u001b[31m\u0000\u007f\u009b?q=Seoul 501"#
                )
                    == true, "\(logLines)")
            let rawControl: (Unicode.Scalar) -> Bool = {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            }
            #expect(!result.standardOutput.unicodeScalars.contains(where: rawControl), "no raw control byte on stdout")
            #expect(!result.standardError.unicodeScalars.contains(where: rawControl), "none in the unmatched report")
            #expect(result.standardError.contains(#"GET /data/2.5/weather\n2026-01-01T00:00:00.000Z GET /forged"#))
        }
    }
}
