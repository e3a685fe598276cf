import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// `GET /__admin/events` over real sockets: each request arrives as an event once answered, missed
/// entries are replayed, admin actions are announced, shutdown ends the stream cleanly, and nothing
/// watches the journal once no one is subscribed. Tests wait on what arrives, never on a clock.
@Suite struct AdminEventStreamTests {
    private let files = [
        ("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
        ("current/busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#))),
    ]

    /// The mock's handler (the router mode's stack) on a real server on port 0, stopped after `body`.
    private func withLiveStack(
        journalCapacity: Int = 1_000, _ body: (Int, MockClient, MockClient) async throws -> Void
    ) async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.journalCapacity = journalCapacity
        try await withMock(.cassettes(files, options: options), mode: .router) { harness in
            try await withMock(.handler(try harness.stack.handler, eventLoopCount: 2), mode: .live) { server in
                try await body(try server.port, harness, server)
            }
        }
    }

    @Test func eachRequestArrivesAsAnEventOnceAnswered() async throws {
        try await withLiveStack { port, _, _ in
            let stream = try RawHTTPStream(port: port, target: "/__admin/events")
            let head = try await offTheCooperativePool { try stream.read(until: "retry: 1000") }
            #expect(head.hasPrefix("HTTP/1.1 200 OK"))
            #expect(head.contains("Content-Type: text/event-stream; charset=utf-8"))
            #expect(head.contains("Transfer-Encoding: chunked"))
            let answer = try await offTheCooperativePool {
                try RawHTTPClient(port: port).get("/data/2.5/weather?q=seoul&appid=topsecret")
            }
            #expect(answer.head.hasPrefix("HTTP/1.1 200"))
            let received = try await offTheCooperativePool { try stream.read(until: "q=seoul&appid=***") }
            #expect(received.contains("event: request\nid: 1\ndata: {\"sequence\":1,"))
            #expect(received.contains(#""cassette":"current/seoul""#))
            #expect(!received.contains("topsecret"))
        }
    }

    @Test func entriesAfterSinceOrTheLastEventIDAreSentFirst() async throws {
        try await withLiveStack { port, _, _ in
            for city in ["seoul", "busan", "seoul"] {
                _ = try await offTheCooperativePool { try RawHTTPClient(port: port).get("/data/2.5/weather?q=\(city)") }
            }
            let sinceOne = try RawHTTPStream(port: port, target: "/__admin/events?since=1")
            let fromQuery = try await offTheCooperativePool { try sinceOne.read(until: "id: 3\n") }
            #expect(fromQuery.contains("id: 2\n"))
            #expect(!fromQuery.contains("id: 1\n"))
            // A reconnecting EventSource repeats its first URL and says what it saw last.
            let reconnected = try RawHTTPStream(
                port: port, target: "/__admin/events?since=1", headers: ["Last-Event-ID: 2"])
            let fromHeader = try await offTheCooperativePool { try reconnected.read(until: "id: 3\n") }
            #expect(!fromHeader.contains("id: 2\n"))
        }
    }

    @Test func clientResumingFromAnEarlierRunOfTheMockIsToldToStartOver() async throws {
        try await withLiveStack { port, _, _ in
            _ = try await offTheCooperativePool { try RawHTTPClient(port: port).get("/data/2.5/weather?q=seoul") }
            let stream = try RawHTTPStream(port: port, target: "/__admin/events", headers: ["Last-Event-ID: 500"])
            let received = try await offTheCooperativePool { try stream.read(until: "id: 1\n") }
            #expect(received.contains("event: reset\ndata: {\"restarted\":true}"))
        }
    }

    @Test func entriesTheRingNoLongerHoldsAreReportedAsMissed() async throws {
        try await withLiveStack(journalCapacity: 2) { port, _, _ in
            for _ in 0..<4 {
                _ = try await offTheCooperativePool { try RawHTTPClient(port: port).get("/data/2.5/weather?q=seoul") }
            }
            let stream = try RawHTTPStream(port: port, target: "/__admin/events")
            let received = try await offTheCooperativePool { try stream.read(until: "id: 4\n") }
            #expect(received.contains("event: missed\ndata: {\"after\":0}"))
            #expect(received.contains("id: 3\n"))
        }
    }

    @Test func resetReloadAndRouteAreAnnounced() async throws {
        try await withLiveStack { port, _, _ in
            let stream = try RawHTTPStream(port: port, target: "/__admin/events")
            try await offTheCooperativePool { try stream.read(until: "retry: 1000") }
            let reset = try RawHTTPStream(port: port, method: "POST", target: "/__admin/reset")
            try await offTheCooperativePool { try reset.read(until: "\"reset\":true") }
            try await offTheCooperativePool { try stream.read(until: "event: reset\n") }
            let route = try RawHTTPStream(
                port: port, method: "PUT", target: "/__admin/route", body: #"{"points": [{"lat": 37.5, "lon": 127}]}"#)
            try await offTheCooperativePool { try route.read(until: "HTTP/1.1 200") }
            try await offTheCooperativePool { try stream.read(until: "event: route\ndata: {\"points\":1}") }
            let reload = try RawHTTPStream(port: port, method: "POST", target: "/__admin/reload")
            try await offTheCooperativePool { try reload.read(until: "HTTP/1.1 422") }
            try await offTheCooperativePool { try stream.read(until: "event: cassettes\ndata: {\"reloaded\":false}") }
        }
    }

    @Test func stoppingTheServerEndsTheStreamCleanlyAndTheJournalIsNoLongerWatched() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.journalCapacity = 10
        var limits = HTTPLimits()
        limits.shutdownGracePeriod = .seconds(3600)  // a stream left to the grace period would hang the test
        try await withMock(.cassettes(files, options: options), mode: .router) { harness in
            let journal = try harness.journal
            let handler = try harness.stack.handler
            try await withMock(.handler(handler, limits: limits, eventLoopCount: 1), mode: .live) { server in
                let port = try server.port
                #expect(!journal.hasObserver, "no one watches: recording an entry tells no one")
                let stream = try RawHTTPStream(port: port, target: "/__admin/events")
                try await offTheCooperativePool { try stream.read(until: "retry: 1000") }
                #expect(journal.hasObserver)
                await server.stop()
                let rest = try await offTheCooperativePool { stream.readToEnd() }
                #expect(rest.hasSuffix("\r\n0\r\n\r\n"), "the chunked body ends with its last chunk")
                #expect(!journal.hasObserver, "the last subscriber gone, the journal is not watched")
                #expect(handler.admin.events.subscriberCount == 0)
            }
        }
    }
}
