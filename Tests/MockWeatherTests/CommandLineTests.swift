import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `mockweather` binary: arguments, exit statuses, output.
@Suite(.serialized) struct CommandLineTests {
    @Test func validateAcceptsTheBundledCassettes() throws {
        let result = try MockweatherBinary.run(["validate", bundledCassettes.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("ok: "))
    }

    @Test func validateListsEveryProblemAndExits65() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write(
            "a/broken.json", "{\"format\": \"mockweather-cassette/1\",\n \"source\": \"made-up\", \"interactions\": []}"
        )
        try directory.write("b.json", "[")
        let result = try MockweatherBinary.run(["validate", directory.url.path])
        #expect(result.status == 65)
        #expect(result.stdout.contains("a/broken.json:2:12: $.source: unknown source \"made-up\""))
        #expect(result.stdout.contains("a/broken.json:2:39: $.interactions: no interactions"))
        #expect(result.stdout.contains("b.json:1:2: $: not JSON: unexpected end of file"))
    }

    @Test func anUnknownFlagExits64NamingItWithASuggestion() throws {
        let result = try MockweatherBinary.run(["serve", "--prot", "8080"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option '--prot'; did you mean '--port'?"))
    }

    @Test(arguments: [
        ["serve", "--port", "http"], ["serve", "--port=70000"], ["serve", "--fault-rate", "2"],
        ["serve", "--latency", "5-1"], ["serve", "--log-format", "xml"], ["serve", "--fault-kinds", "boom"],
    ])
    func aMalformedValueExits64NamingTheFlag(arguments: [String]) throws {
        let result = try MockweatherBinary.run(arguments)
        #expect(result.status == 64)
        let flag = arguments[1].split(separator: "=").first.map(String.init) ?? arguments[1]
        #expect(result.stderr.contains("'\(flag)'"), "\(result.stderr)")
    }

    @Test func versionAndHelpExitZero() throws {
        let version = try MockweatherBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("mockweather "))
        for command in ["serve", "validate", "list"] {
            let help = try MockweatherBinary.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: mockweather \(command)"))
        }
    }

    @Test func listPrintsATable() throws {
        let result = try MockweatherBinary.run(["list", bundledCassettes.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("NAME"))
        #expect(result.stdout.contains("openweathermap/errors/city-not-found"))
    }

    @Test func serveRefusesInvalidCassettesWithExit65() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("bad.json", "{}")
        let result = try MockweatherBinary.run(["serve", "--port", "0", "--cassettes", directory.url.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.json:1:1: $: missing \"format\""))
    }

    @Test func serveOnPortZeroPrintsTheListeningLineWritesThePortFileAndShutsDownOnSIGTERM() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let portFile = directory.url.appendingPathComponent("port")
        let server = try RunningMockweather([
            "serve", "--port", "0", "--port-file", portFile.path, "--cassettes", bundledCassettes.path,
        ])
        let port = try server.waitForListeningPort()
        #expect(try String(contentsOf: portFile, encoding: .utf8) == "\(port)\n")
        let exchange = try RawHTTPClient(port: port).get("/data/2.5/weather?q=Seoul&appid=hunter2")
        #expect(exchange.head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(exchange.body.contains(#""name":"Seoul""#))
        server.signal(SIGTERM)
        let result = server.waitForExit()
        #expect(result.status == 0)
        #expect(result.stdout.contains("GET /data/2.5/weather?q=Seoul&appid=*** 200 openweathermap/current/seoul#0"))
        #expect(!result.stdout.contains("hunter2"))
        #expect(result.stderr.contains("mockweather: served 1 request (1 matched, 0 unmatched)"))
    }

    @Test func failOnUnmatchedExitsNonZeroListingEveryUnmatchedRequest() throws {
        let server = try RunningMockweather([
            "serve", "--port", "0", "--fail-on-unmatched", "--cassettes", bundledCassettes.path,
        ])
        let port = try server.waitForListeningPort()
        _ = try RawHTTPClient(port: port).get("/data/2.5/weather?q=Busan&appid=k")
        _ = try RawHTTPClient(port: port).get("/data/2.5/weather?q=Seoul")
        _ = try RawHTTPClient(port: port).get("/data/2.5/forecast?q=Busan")
        server.signal(SIGINT)
        let result = server.waitForExit()
        #expect(result.status == 1)
        #expect(result.stderr.contains("mockweather: 2 unmatched requests:"))
        #expect(
            result.stderr.contains(
                "GET /data/2.5/weather?q=Busan&appid=*** → 501 (closest: openweathermap/near/suwon#0 (q: Busan ≠ suwon))"
            ))
        #expect(
            result.stderr.contains(
                "GET /data/2.5/forecast?q=Busan → 501 (closest: openweathermap/forecast/route/suwon#1 (q: Busan ≠ suwon))"
            ))
    }

    @Test func serveShutsDownOnSIGINTEvenWhenStartedWithItIgnored() throws {
        // Shells start `serve &` with SIGINT ignored; the server must still shut down gracefully.
        let binary = try #require(MockweatherBinary.url)
        let server = try RunningMockweather(
            ["-c", "trap '' INT; exec '\(binary.path)' serve --port 0 --cassettes '\(bundledCassettes.path)'"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        _ = try server.waitForListeningPort()
        server.signal(SIGINT)
        let result = server.waitForExit()
        #expect(result.status == 0)
        #expect(result.stderr.contains("mockweather: SIGINT, shutting down"))
    }

    @Test func serveFindsTheBundledCassettesFromAnyDirectory() throws {
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.cleanUp() }
        let server = try RunningMockweather(["serve", "--port", "0"], currentDirectory: elsewhere.url)
        let port = try server.waitForListeningPort()
        #expect(try RawHTTPClient(port: port).get("/data/2.5/weather?q=atlantis").head.hasPrefix("HTTP/1.1 404"))
        server.signal(SIGTERM)
        let result = server.waitForExit()
        #expect(result.status == 0)
        #expect(result.stderr.contains("(bundled)"))
    }
}
