import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `mockweather` binary: arguments, exit statuses, output.
@Suite(.serialized) struct CommandLineTests {
    @Test func validateAcceptsTheBundledCassettes() async throws {
        let result = try await RunningProcess.run("mockweather", ["validate", PackageLayout.bundledCassettes.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("ok: "))
    }

    @Test func validateListsEveryProblemAndExits65() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write(
            "a/broken.json", "{\"format\": \"mockweather-cassette/1\",\n \"source\": \"made-up\", \"interactions\": []}"
        )
        try directory.write("b.json", "[")
        let result = try await RunningProcess.run("mockweather", ["validate", directory.url.path])
        #expect(result.status == 65)
        #expect(result.standardOutput.contains("a/broken.json:2:12: $.source: unknown source \"made-up\""))
        #expect(result.standardOutput.contains("a/broken.json:2:39: $.interactions: no interactions"))
        #expect(result.standardOutput.contains("b.json:1:2: $: not JSON: unexpected end of file"))
    }

    @Test func anUnknownFlagExits64NamingItWithASuggestion() async throws {
        let result = try await RunningProcess.run("mockweather", ["serve", "--prot", "8080"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown option '--prot'; did you mean '--port'?"))
    }

    @Test(arguments: [
        ["serve", "--port", "http"], ["serve", "--port=70000"], ["serve", "--fault-rate", "2"],
        ["serve", "--latency", "5-1"], ["serve", "--log-format", "xml"], ["serve", "--fault-kinds", "boom"],
    ])
    func aMalformedValueExits64NamingTheFlag(arguments: [String]) async throws {
        let result = try await RunningProcess.run("mockweather", arguments)
        #expect(result.status == 64)
        let flag = arguments[1].split(separator: "=").first.map(String.init) ?? arguments[1]
        #expect(result.standardError.contains("'\(flag)'"), "\(result.standardError)")
    }

    @Test func versionAndHelpExitZero() async throws {
        let version = try await RunningProcess.run("mockweather", ["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("mockweather "))
        for command in ["serve", "validate", "list"] {
            let help = try await RunningProcess.run("mockweather", [command, "--help"])
            #expect(help.status == 0)
            #expect(help.standardOutput.contains("USAGE: mockweather \(command)"))
        }
    }

    @Test func listPrintsATable() async throws {
        let result = try await RunningProcess.run("mockweather", ["list", PackageLayout.bundledCassettes.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("NAME"))
        #expect(result.standardOutput.contains("openweathermap/errors/city-not-found"))
    }

    @Test func serveRefusesInvalidCassettesWithExit65() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("bad.json", "{}")
        let result = try await RunningProcess.run(
            "mockweather", ["serve", "--port", "0", "--cassettes", directory.url.path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("bad.json:1:1: $: missing \"format\""))
    }

    @Test func serveOnPortZeroPrintsTheListeningLineWritesThePortFileAndShutsDownOnSIGTERM() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let portFile = directory.url.appendingPathComponent("port")
        try await withMock(
            .replay(PackageLayout.bundledCassettes, arguments: ["--port-file", portFile.path]), mode: .binary
        ) { server in
            let port = try server.port
            #expect(try server.baseURL.absoluteString == "http://127.0.0.1:\(port)")
            #expect(try String(contentsOf: portFile, encoding: .utf8) == "\(port)\n")
            let exchange = try await RawHTTPClient(port: port).exchange("/data/2.5/weather?q=Seoul&appid=hunter2")
            #expect(exchange.head.hasPrefix("HTTP/1.1 200 OK"))
            #expect(exchange.body.contains(#""name":"Seoul""#))
            try server.process.signal(SIGTERM)
            let result = try await server.process.finish()
            #expect(result.status == 0)
            #expect(
                result.standardOutput.contains(
                    "GET /data/2.5/weather?q=Seoul&appid=*** 200 openweathermap/current/seoul#0")
            )
            #expect(!result.standardOutput.contains("hunter2"))
            #expect(result.standardError.contains("mockweather: served 1 request (1 matched, 0 unmatched)"))
        }
    }

    @Test func failOnUnmatchedExitsNonZeroListingEveryUnmatchedRequest() async throws {
        try await withMock(.replay(PackageLayout.bundledCassettes, arguments: ["--fail-on-unmatched"]), mode: .binary) {
            server in
            // A sanitizer build on a loaded machine can take seconds to work out a near miss: each answer
            // is awaited in full before the signal, so the summary is asked of requests that were served.
            let client = RawHTTPClient(port: try server.port, readTimeoutMilliseconds: 120_000)
            let answers = [
                try await client.exchange("/data/2.5/weather?q=Busan&appid=k"),
                try await client.exchange("/data/2.5/weather?q=Seoul"),
                try await client.exchange("/data/2.5/forecast?q=Busan"),
            ]
            #expect(
                answers.map { $0.head.split(separator: " ").dropFirst().first.map(String.init) } == [
                    "501", "200", "501",
                ])
            try server.process.signal(SIGINT)
            let result = try await server.process.finish()
            #expect(result.status == 1)
            #expect(result.standardError.contains("mockweather: 2 unmatched requests:"))
            #expect(
                result.standardError.contains(
                    "GET /data/2.5/weather?q=Busan&appid=*** → 501 (closest: openweathermap/near/suwon#0 (q: Busan ≠ suwon))"
                ))
            #expect(
                result.standardError.contains(
                    "GET /data/2.5/forecast?q=Busan → 501 (closest: openweathermap/forecast/route/suwon#1 (q: Busan ≠ suwon))"
                ))
        }
    }

    @Test func serveShutsDownOnSIGINTEvenWhenStartedWithItIgnored() async throws {
        // Shells start `serve &` with SIGINT ignored; the server must still shut down gracefully.
        let throughShell = MockSetup.replay(
            PackageLayout.bundledCassettes, launcher: ["/bin/sh", "-c", "trap '' INT; exec \"$@\"", "sh"])
        let result = try await withMock(throughShell, mode: .binary) { server in
            try server.process.signal(SIGINT)
            return try await server.process.finish()
        }
        #expect(result.status == 0)
        #expect(result.standardError.contains("mockweather: SIGINT, shutting down"))
    }

    /// docs/ARCHITECTURE.md#start-up-snapshots: the second start reads no file and answers the same.
    @Test func aSecondServeStartsFromTheSnapshotTheFirstWroteAndAnswersTheSame() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        let arguments = ["--snapshot-dir", folder.url.appendingPathComponent("snapshots").path]
        var bodies: [String] = []
        var lines: [String] = []
        for _ in 0..<2 {
            try await withMock(.replay(PackageLayout.bundledCassettes, arguments: arguments), mode: .binary) { server in
                let exchange = try await RawHTTPClient(port: try server.port).exchange(
                    "/data/2.5/weather?q=Seoul&appid=k")
                bodies.append(exchange.body)
                let result = try await server.process.stop()
                #expect(result.status == 0)
                lines.append(
                    result.standardError.split(separator: "\n").first { $0.contains("start-up snapshot") }.map(
                        String.init)
                        ?? "")
            }
        }
        #expect(lines[0].contains("start-up snapshot not used (there is none yet);"), "\(lines[0])")
        #expect(lines[1].contains("cassettes unchanged, 0 files read, 0 decoded"), "\(lines[1])")
        #expect(bodies[0].contains("\"name\":\"Seoul\"") && bodies[1] == bodies[0])
        try await withMock(
            .replay(PackageLayout.bundledCassettes, arguments: ["--snapshot-dir", "off"]), mode: .binary
        ) { off throws in
            #expect(try await !off.process.stop().standardError.contains("snapshot"))
        }
    }

    @Test func serveFindsTheBundledCassettesFromAnyDirectory() async throws {
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.cleanUp() }
        try await withMock(.replay(nil, currentDirectory: elsewhere.url), mode: .binary) { server in
            let exchange = try await RawHTTPClient(port: try server.port).exchange("/data/2.5/weather?q=atlantis")
            #expect(exchange.head.hasPrefix("HTTP/1.1 404"))
            try server.process.signal(SIGTERM)
            let result = try await server.process.finish()
            #expect(result.status == 0)
            #expect(result.standardError.contains("(bundled)"))
        }
    }
}
