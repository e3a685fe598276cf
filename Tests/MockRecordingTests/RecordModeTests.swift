import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// `serve --record new|all` in process, against a fake upstream on 127.0.0.1 that echoes the key.
@Suite(.serialized) struct RecordModeTests {
    /// A record-mode server over `directory` recording from `upstream`, served on 127.0.0.1 for as long;
    /// both stopped afterwards.
    private func withRecordingServer(
        mode: RecordingOptions.Mode = .new, upstream: FakeUpstream, directory: URL, timeout: Duration = .seconds(10),
        scrub: [String] = [], allowedOrigins: [String] = [], _ body: (MockClient) async throws -> Void
    ) async throws {
        try await withMock(.upstream(upstream), mode: .live) { api in
            try await withRecordingServer(
                mode: mode, upstreamURL: try api.baseURL.absoluteString, directory: directory, timeout: timeout,
                scrub: scrub, allowedOrigins: allowedOrigins, body)
        }
    }

    /// A record-mode server over `directory` (`withMock`'s live mode over `.serve(options)`, its logs on
    /// the client), recording from `upstreamURL`; stopped afterwards.
    private func withRecordingServer(
        mode: RecordingOptions.Mode = .new, upstreamURL upstream: String, directory: URL,
        timeout: Duration = .seconds(10),
        scrub: [String] = [], allowedOrigins: [String] = [], _ body: (MockClient) async throws -> Void
    ) async throws {
        var options = ServeOptions(cassetteDirectory: directory, providers: Providers.all)
        options.allowedOrigins = allowedOrigins
        options.eventLoopCount = 1
        var access = UpstreamAccess(apiKey: try UpstreamAPIKey(realTestKey, origin: "test"))
        access.upstreams["openweathermap"] = try UpstreamURL(upstream)
        access.timeout = timeout
        let scrubber = try KeyScrubber(secrets: [], patterns: scrub)
        options.recording = RecordingOptions(mode: mode, access: access).hook(scrubber: scrubber, directory: directory)
        options.scrubber = scrubber
        try await withMock(.serve(options), mode: .live, body)
    }

    @Test func recordingThroughTheProxyLeavesTheKeyNowhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        var received: [String] = []
        var journal = ""
        var logLines: [String] = []
        try await withRecordingServer(upstream: upstream, directory: directory.url, scrub: ["trace-id-[0-9a-f]+"]) {
            harness in
            let port = try harness.port
            let exchanges = [
                try await fetch("/data/2.5/weather?q=Seoul&appid=\(clientTestKey)&debug=trace-id-77", port: port),
                try await fetch("/data/2.5/weather?q=Atlantis&appid=\(clientTestKey)", port: port),
                try await fetch("/data/2.5/forecast?q=Seoul&units=metric&appid=\(clientTestKey)", port: port),
                try await fetch("/geo/1.0/direct?q=Seoul&limit=1&appid=\(clientTestKey)", port: port),
                try await fetch("/data/2.5/weather?q=Denied&APPID=\(clientTestKey)", port: port),
                try await fetch("/data/2.5/weather?q=\(realTestKey)&appid=\(realTestKey)", port: port),
            ]
            #expect(exchanges.map(\.status) == [200, 404, 200, 200, 401, 200])
            received = exchanges.map(\.everything)
            let proxied = try await fetchThroughProxy(
                "http://api.openweathermap.org/data/2.5/weather?lat=37.5683&lon=126.9778&units=metric&APPID=\(clientTestKey)",
                port: port)
            #expect(proxied.head.hasPrefix("HTTP/1.1 200"))
            received.append(proxied.text)
            journal = try await fetch("/__admin/requests", port: port).text
            logLines = try harness.log.lines + harness.diagnostics.lines
        }

        // The upstream got the real key every time, never the client's.
        #expect(upstream.receivedKeys == Array(repeating: realTestKey, count: 7))
        let files = allFiles(under: directory.url)
        #expect(
            files.map(\.path) == [
                "recorded/current/lat37.57_lon126.98-metric.json", "recorded/current/q-atlantis.json",
                "recorded/current/q-seoul.json", "recorded/forecast/q-seoul-metric.json",
                "recorded/geocoding/direct-q-seoul-limit-1.json",
            ])
        #expect(logLines.contains { $0.contains("rejected the API key (401)") })
        #expect(logLines.contains { $0.contains("the request itself carries a secret") })
        for text in files.map(\.contents) + received + [journal] + logLines {
            #expect(!text.lowercased().contains(realTestKey.lowercased()), "the real key leaked: \(text)")
            #expect(!text.lowercased().contains(clientTestKey.lowercased()), "the client's key leaked: \(text)")
            #expect(!text.contains("trace-id-"), "a --scrub pattern was not applied: \(text)")
        }
    }

    @Test func aWebPageOfAnotherOriginCannotMakeItCallTheAPIOrWriteACassette() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        try await withRecordingServer(upstream: upstream, directory: directory.url) { harness in
            let client = RawHTTPClient(port: try harness.port)
            let target = "/data/2.5/weather?q=Atlantis&appid=\(clientTestKey)"
            // `<img src="http://127.0.0.1:PORT/data/2.5/weather?q=X">` on https://evil.example.
            let image = [
                "Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: image",
                "Referer: https://evil.example/",
            ]
            let fromImage = try await client.exchange(method: "GET", target, headers: image)
            #expect(fromImage.head.hasPrefix("HTTP/1.1 403"), "\(fromImage.head)")
            #expect(fromImage.body.contains("record mode forwarded nothing"))
            // The same through DNS rebinding (a name of the page's that resolves to 127.0.0.1).
            let rebound = try await client.exchange(
                method: "GET", target, headers: ["Host: evil.example:\(try harness.port)"])
            #expect(rebound.head.hasPrefix("HTTP/1.1 421"), "\(rebound.head)")
            #expect(!rebound.text.contains(clientTestKey))
            let fetchNoCORS = try await client.exchange(
                method: "GET", target, headers: ["Origin: https://evil.example", "Sec-Fetch-Site: cross-site"])
            #expect(fetchNoCORS.head.hasPrefix("HTTP/1.1 403"))
            #expect(upstream.targets.isEmpty, "\(upstream.targets)")
            // A program on this machine still records.
            let program = try await client.exchange(method: "GET", target, headers: [])
            #expect(program.head.hasPrefix("HTTP/1.1 404"), "\(program.head)")
            #expect(upstream.targets.count == 1)
            let journal = try await fetch("/__admin/requests", port: try harness.port)
            #expect(String(decoding: journal.body, as: UTF8.self).contains("record mode: refused, foreign origin"))
        }
        #expect(allFiles(under: directory.url).filter { $0.path.hasSuffix(".json") }.count == 1)
    }

    @Test func anOriginTheUserAllowedRecordsThroughTheirWebApp() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        try await withRecordingServer(
            upstream: upstream, directory: directory.url, allowedOrigins: ["http://myapp.test:3000"]
        ) { harness in
            let answer = try await RawHTTPClient(port: try harness.port).exchange(
                method: "GET", "/data/2.5/weather?q=Seoul&appid=\(clientTestKey)",
                headers: ["Origin: http://myapp.test:3000", "Sec-Fetch-Site: cross-site"])
            #expect(answer.head.hasPrefix("HTTP/1.1 200"), "\(answer.head)")
            #expect(upstream.targets.count == 1)
        }
    }

    @Test func anUpstreamThatIsDownIsAnswered502AndNothingIsWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let port = try await closedPort()
        try await withRecordingServer(upstreamURL: "http://127.0.0.1:\(port)", directory: directory.url) { harness in
            let exchange = try await fetch("/data/2.5/weather?q=Seoul&appid=\(clientTestKey)", port: try harness.port)
            #expect(exchange.status == 502)
            let message = try #require(
                (try JSONSerialization.jsonObject(with: Data(exchange.body)) as? [String: Any])?["message"] as? String)
            #expect(exchange.text.hasPrefix(#"{"cod":"502","message":"#))
            #expect(
                message.hasPrefix(
                    "mockweather: upstream GET http://127.0.0.1:\(port)/data/2.5/weather?q=Seoul&appid=*** failed: "))
            #expect(message.contains("cannot connect"), "\(message)")
            #expect(!message.contains(realTestKey) && !message.contains(clientTestKey))
            let unmatched = try await fetch("/__admin/requests/unmatched", port: try harness.port).text
            #expect(unmatched.contains("upstream failed"))
        }
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func anUpstreamThatNeverAnswersTimesOutWith502() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream { _ in HTTPResponse(fault: .hang) }
        try await withRecordingServer(upstream: upstream, directory: directory.url, timeout: .milliseconds(300)) {
            harness in
            let exchange = try await fetch("/data/2.5/weather?q=Seoul", port: try harness.port)
            #expect(exchange.status == 502)
            #expect(exchange.text.contains("timed out after 0.3 s"), "\(exchange.text)")
        }
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func aRecordedCassetteIsServedAtOnceAndReplaysByteIdentically() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        let targets = [
            "/data/2.5/weather?q=Seoul&appid=\(clientTestKey)", "/data/2.5/weather?q=Pretty",
            "/data/2.5/weather?q=%EC%84%9C%EC%9A%B8&lang=kr", "/data/2.5/weather?q=Atlantis",
        ]
        var recorded: [ClientExchange] = []
        try await withRecordingServer(upstream: upstream, directory: directory.url) { harness in
            for target in targets { recorded.append(try await fetch(target, port: try harness.port)) }
            // The same requests again: answered by the new cassettes, without going upstream.
            for (target, first) in zip(targets, recorded) {
                let again = try await fetch(target, port: try harness.port)
                #expect(again.body == first.body, "\(target)")
                #expect(again.status == first.status)
                #expect(again.header("X-Mockweather-Cassette")?.hasPrefix("recorded/current/") == true)
            }
        }
        #expect(upstream.targets.count == targets.count)
        // What the client got is what the upstream sent, with the secrets masked and nothing else changed.
        let upstreamSeoul = FakeUpstream.openWeatherMap(HTTPRequest(target: "/data/2.5/weather?q=Seoul&appid=K"))
        #expect(
            recorded[0].text
                == upstreamSeoul.text.replacingOccurrences(of: "\"K\"", with: "\"***\"")
                .replacingOccurrences(of: "appid=K", with: "appid=***"))
        let pretty = try String(
            contentsOf: directory.url.appendingPathComponent("recorded/current/q-pretty.json"), encoding: .utf8)
        #expect(pretty.contains(#""text": "{\n  \"name\": \"Pretty\""#), "not compact JSON is kept as text")
        #expect(pretty.contains(#""units": null"#), "a text body cannot be converted, so units are pinned")
        // A fresh server over the same directory replays the very same bytes.
        let options = ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)
        try await withMock(.serve(options), mode: .live) { replay in
            let port = try replay.port
            for (target, first) in zip(targets, recorded) {
                let replayed = try await fetch(target, port: port)
                #expect(replayed.body == first.body, "\(target)")
                #expect(replayed.status == first.status)
                #expect(replayed.header("Content-Type") == first.header("Content-Type"))
                #expect(replayed.header("X-Cache-Key") == first.header("X-Cache-Key"))
            }
            let converted = try await fetch("/data/2.5/weather?q=seoul&units=metric", port: port)
            #expect(converted.text.contains(#""temp":-2.34"#), "a JSON recording answers other units, converted")
        }
    }

    @Test func recordNewNeverOverwritesAFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        let sameRequest = """
            {"format": "mockweather-cassette/1", "source": "recorded", "recordedAt": "2026-01-01T00:00:00Z",
             "interactions": [{"request": {"path": "/data/2.5/weather", "query": {"q": "Seoul", "lang": null, "mode": null}},
                               "response": {"status": 200, "text": "old"}}]}
            """
        let otherRequest = cassetteJSON(
            #"{"request": {"path": "/data/2.5/weather", "query": {"q": "seoul", "units": "imperial"}}, "response": {"status": 200, "text": "other"}}"#
        )
        try await withRecordingServer(upstream: upstream, directory: directory.url) { harness in
            // Written after start-up, so they are on disk but not served: the requests go upstream.
            try directory.write("recorded/current/q-seoul.json", sameRequest)
            try directory.write("recorded/current/q-berlin.json", otherRequest)
            let seoul = try await fetch("/data/2.5/weather?q=Seoul", port: try harness.port)
            #expect(seoul.status == 200)
            #expect(seoul.header("X-Mockweather-Recorded") == "no; kept existing recorded/current/q-seoul")
            let berlin = try await fetch("/data/2.5/weather?q=Berlin", port: try harness.port)
            #expect(berlin.header("X-Mockweather-Recorded") == "recorded/current/q-berlin-2")
        }
        let url = directory.url.appendingPathComponent("recorded/current")
        #expect(try String(contentsOf: url.appendingPathComponent("q-seoul.json"), encoding: .utf8) == sameRequest)
        #expect(try String(contentsOf: url.appendingPathComponent("q-berlin.json"), encoding: .utf8) == otherRequest)
        #expect(
            try String(contentsOf: url.appendingPathComponent("q-berlin-2.json"), encoding: .utf8).contains(
                #""q": "Berlin""#))
    }

    @Test func recordAllReplacesTheCassetteForTheSameRequest() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let calls = Atomic<Int>(0)
        let upstream = FakeUpstream { request in
            let call = calls.wrappingAdd(1, ordering: .relaxed).newValue
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Array(#"{"main":{"temp":\#(270 + call)},"name":"Seoul","cod":200}"#.utf8))
        }
        try await withRecordingServer(mode: .all, upstream: upstream, directory: directory.url) { harness in
            let first = try await fetch("/data/2.5/weather?q=Seoul", port: try harness.port)
            let second = try await fetch("/data/2.5/weather?q=seoul", port: try harness.port)
            #expect(first.text.contains("271") && second.text.contains("272"))
            #expect(second.header("X-Mockweather-Recorded") == "recorded/current/q-seoul")
            #expect(try harness.store.library.cassettes.map(\.name) == ["recorded/current/q-seoul"])
        }
        let files = allFiles(under: directory.url)
        #expect(files.map(\.path) == ["recorded/current/q-seoul.json"], "no temporary file is left")
        #expect(files.first?.contents.contains(#""temp": 272"#) == true)
    }

    @Test(arguments: [("Busy", 429), ("Broken", 500)])
    func transientAnswersArePassedOnButNotRecorded(city: String, status: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        try await withRecordingServer(upstream: upstream, directory: directory.url) { harness in
            let exchange = try await fetch("/data/2.5/weather?q=\(city)", port: try harness.port)
            #expect(exchange.status == status)
            #expect(exchange.header("X-Mockweather-Recorded") == "no; not worth recording")
            if status == 429 { #expect(exchange.header("Retry-After") == "60") }
        }
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func scrubPatternsAlsoMaskReplayLogsTheJournalAndErrorBodies() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#)))
        var options = ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)
        options.scrubber = try KeyScrubber(secrets: [], patterns: ["session-[0-9]+"])
        // The log is read once the server has stopped, when every line is written.
        let (matched, unmatched, journal, summary, log) = try await withMock(.serve(options), mode: .live) { server in
            let port = try server.port
            let matched = try await fetch("/data/2.5/weather?q=seoul&token=session-123", port: port)
            let unmatched = try await fetch(
                "/data/2.5/weather?q=busan&token=session-456&appid=\(clientTestKey)", port: port)
            let journal = try await fetch("/__admin/requests", port: port)
            return (matched, unmatched, journal, try server.summary, try server.log)
        }
        #expect(matched.status == 200 && unmatched.status == 501)
        #expect(unmatched.text.contains("token=***"))
        #expect(journal.text.contains("q=seoul&token=***"))
        for text in [unmatched.text, journal.text] + log.lines + summary.unmatchedRequests {
            #expect(!text.contains("session-") && !text.contains(clientTestKey), "\(text)")
        }
    }

    /// One Call 4.0 as the live API pages it: the links repeat the key the API received.
    private static func echoingOneCall4(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/data/4.0/onecall/timeline/1h" else { return FakeUpstream.openWeatherMap(request) }
        let items = URLComponents(string: "http://x" + request.target)?.queryItems ?? []
        let key = items.first { $0.name == "appid" }?.value ?? ""
        let start = Int(items.first { $0.name == "start" }?.value ?? "") ?? 1_670_205_600
        let records = (0..<20).map { hour in
            #"{"dt":\#(start + hour * 3_600),"temp":270.5,"pressure":1031,"humidity":18,"weather":[],"pop":0}"#
        }
        let link = { (at: Int) in
            "http://api.openweathermap.org/data/4.0/onecall/timeline/1h?cnt=20&lat=37.5683&lon=126.9778&start=\(at)"
                + "&appid=\(key)&units=standard&lang=en"
        }
        let body =
            #"{"lat":37.5683,"lon":126.9778,"timezone":"Asia/Seoul","timezone_offset":32400,"data":["#
            + records.joined(separator: ",")
            + #"],"prev":"\#(link(start - 72_000))","next":"\#(link(start + 72_000))"}"#
        return HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: Array(body.utf8))
    }

    @Test func aOneCall4PageWhoseLinksCarryTheKeyIsRecordedAndReplayedWithTheKeyNowhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream(Self.echoingOneCall4)
        let first =
            "/data/4.0/onecall/timeline/1h?lat=37.5683&lon=126.9778&appid=\(clientTestKey)&units=standard&lang=en"
        var shown: [String] = []
        var sent: [ClientExchange] = []
        try await withRecordingServer(upstream: upstream, directory: directory.url) { harness in
            sent.append(try await fetch(first, port: try harness.port))
            let nextLink = try #require(Self.link("next", in: sent[0]))
            let next = try #require(URLComponents(string: nextLink))
            let start = try #require(next.queryItems?.first { $0.name == "start" }?.value)
            sent.append(try await fetch(first + "&start=\(start)", port: try harness.port))
            shown.append(try await fetch("/__admin/requests", port: try harness.port).text)
            shown.append(try await fetch("/__admin/requests.har", port: try harness.port).text)
            shown += try harness.log.lines + harness.diagnostics.lines
        }
        #expect(sent.map(\.status) == [200, 200])
        #expect(upstream.receivedKeys == [realTestKey, realTestKey])
        let files = allFiles(under: directory.url)
        #expect(files.map(\.path).allSatisfy { $0.hasPrefix("recorded/onecall4/1h-") }, "\(files.map(\.path))")
        #expect(files.count == 2)
        // The client got links with its own key (as the API writes them), never the real one.
        #expect(Self.link("next", in: sent[0])?.contains("appid=\(clientTestKey)") == true)
        for text in files.map(\.contents) + shown {
            #expect(!text.lowercased().contains(realTestKey.lowercased()), "the real key leaked: \(text)")
            #expect(!text.lowercased().contains(clientTestKey.lowercased()), "the client's key leaked: \(text)")
        }
        #expect(files.allSatisfy { $0.contents.contains("appid=***") })

        // Replayed from the recording, each caller's page links carry that caller's key.
        let options = ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)
        let (replayed, journal, log) = try await withMock(.serve(options), mode: .live) { replay in
            let port = try replay.port
            let replayed = try await fetch(
                first.replacingOccurrences(of: clientTestKey, with: "another-key-42"), port: port)
            return (replayed, try await fetch("/__admin/requests", port: port).text, try replay.log)
        }
        #expect(replayed.status == 200)
        #expect(Self.link("next", in: replayed)?.contains("appid=another-key-42") == true)
        #expect(Self.link("prev", in: replayed)?.contains("appid=another-key-42") == true)
        for text in [journal] + log.lines { #expect(!text.contains("another-key-42"), "\(text)") }
    }

    /// The `prev` or `next` link of a 4.0 page.
    private static func link(_ name: String, in exchange: ClientExchange) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(exchange.body)) as? [String: Any])?[name] as? String
    }
}
