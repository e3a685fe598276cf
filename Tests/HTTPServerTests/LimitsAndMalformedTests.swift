import HTTPServer
import TestSupport
import Testing

/// One request a hostile or buggy client might send, and the status it must get.
struct MalformedRequest: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var status: Int

    init(_ name: String, _ text: String, _ status: Int = 400) {
        self.name = name
        bytes = Array(text.utf8)
        self.status = status
    }

    init(_ name: String, bytes: [UInt8], _ status: Int = 400) {
        self.name = name
        self.bytes = bytes
        self.status = status
    }

    var testDescription: String { name }

    static let corpus: [MalformedRequest] = [
        // request line
        .init("bare LF line endings", "GET / HTTP/1.1\nHost: h\n\n"),
        .init("bare LF after request line only", "GET / HTTP/1.1\nHost: h\r\n\r\n"),
        .init("HTTP/0.9 style line without version", "GET /\r\n\r\n"),
        .init("no spaces at all", "GARBAGE\r\n\r\n"),
        .init("double space before target", "GET  / HTTP/1.1\r\nHost: h\r\n\r\n"),
        .init("trailing junk after version", "GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n"),
        .init("leading space before method", " GET / HTTP/1.1\r\nHost: h\r\n\r\n"),
        .init("method with invalid character", "G@T / HTTP/1.1\r\nHost: h\r\n\r\n"),
        .init("lower-case protocol name", "GET / http/1.1\r\nHost: h\r\n\r\n"),
        .init("version without minor", "GET / HTTP/1.\r\nHost: h\r\n\r\n"),
        .init("version with letters", "GET / HTTP/1.x\r\nHost: h\r\n\r\n"),
        .init("version without dot", "GET / HTTP/11\r\nHost: h\r\n\r\n"),
        .init("relative target", "GET foo HTTP/1.1\r\nHost: h\r\n\r\n"),
        .init("asterisk target for GET", "GET * HTTP/1.1\r\nHost: h\r\n\r\n"),
        .init("fragment in target", "GET /a#b HTTP/1.1\r\nHost: h\r\n\r\n"),
        .init("non-http absolute target", "GET ftp://h/x HTTP/1.1\r\nHost: h\r\n\r\n"),
        .init("NUL in target", bytes: Array("GET /a".utf8) + [0] + Array(" HTTP/1.1\r\nHost: h\r\n\r\n".utf8)),
        .init(
            "invalid UTF-8 in target",
            bytes: Array("GET /".utf8) + [0xC3, 0x28] + Array(" HTTP/1.1\r\nHost: h\r\n\r\n".utf8)),
        // header fields
        .init("header without colon", "GET / HTTP/1.1\r\nHost h\r\n\r\n"),
        .init("obs-fold continuation line", "GET / HTTP/1.1\r\nHost: h\r\nX-A: one\r\n two\r\n\r\n"),
        .init("whitespace before colon", "GET / HTTP/1.1\r\nHost : h\r\n\r\n"),
        .init("empty header name", "GET / HTTP/1.1\r\nHost: h\r\n: value\r\n\r\n"),
        .init("header name with brackets", "GET / HTTP/1.1\r\nHost: h\r\nBad[Name]: x\r\n\r\n"),
        .init(
            "NUL in header value",
            bytes: Array("GET / HTTP/1.1\r\nHost: h\r\nX: a".utf8) + [0] + Array("b\r\n\r\n".utf8)),
        .init("bare CR in header value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n"),
        .init("control character in header value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{01}b\r\n\r\n"),
        .init(
            "invalid UTF-8 in header value",
            bytes: Array("GET / HTTP/1.1\r\nHost: h\r\nX: ".utf8) + [0xFF, 0xFE] + Array("\r\n\r\n".utf8)),
        .init("HTTP/1.1 without Host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n"),
        .init("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
        .init("Expect with unknown expectation", "GET / HTTP/1.1\r\nHost: h\r\nExpect: coffee\r\n\r\n", 417),
        // framing
        .init("negative Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n"),
        .init(
            "huge Content-Length that overflows",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n"),
        .init("Content-Length with letters", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 12abc\r\n\r\n"),
        .init(
            "conflicting Content-Length fields",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello"),
        .init(
            "Content-Length over the body limit", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2000000\r\n\r\n", 413),
        .init(
            "Content-Length with Transfer-Encoding",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        .init("unknown transfer coding", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        .init("chunked twice", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n"),
        .init("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        .init(
            "chunk size not hexadecimal",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n"),
        .init(
            "negative chunk size",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nabc\r\n0\r\n\r\n"),
        .init(
            "chunk size overflowing",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\nabc\r\n"),
        .init(
            "chunk data without CRLF after it",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY\r\n0\r\n\r\n"),
        .init(
            "chunk-size line over its bound",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + String(repeating: "0", count: 2_000)
                + "5\r\nhello\r\n0\r\n\r\n"),
        .init(
            "chunk size followed by junk",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5x\r\nhello\r\n0\r\n\r\n"),
        .init(
            "chunk-size line ending with a bare LF",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n"),
        .init(
            "trailer field without a colon",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nNoColon\r\n\r\n"),
    ]
}

@Suite struct LimitsAndMalformedTests {
    /// Sends `bytes` on a fresh connection; returns the status and whether the server then closed.
    private func exchange(_ bytes: [UInt8], port: Int) async throws -> (status: Int, closed: Bool) {
        try await offTheCooperativePool {
            let client = try RawClient(port: port)
            try client.send(bytes)
            let response = try client.readResponse()
            return (response.status, try client.isClosedByServer())
        }
    }

    @Test(arguments: MalformedRequest.corpus)
    func malformedRequestIsAnswered4xxAndTheServerServesTheNextConnection(_ request: MalformedRequest) async throws {
        try await withMock(.handler(EchoHandler(), eventLoopCount: 1), mode: .live) { server in
            let port = try server.port
            let (status, closed) = try await exchange(request.bytes, port: port)
            #expect(status == request.status)
            #expect(closed)
            #expect(try await fetch("/", port: port).status == 200)
        }
    }

    @Test func corpusHasAtLeastThirtyCasesAllAnswered4xxOr501() {
        #expect(MalformedRequest.corpus.count >= 30)
        #expect(MalformedRequest.corpus.allSatisfy { (400...499).contains($0.status) || $0.status == 501 })
    }

    @Test func requestLineOver8KiBIs414() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let target = "/" + String(repeating: "a", count: 9 * 1024)
            let (status, closed) = try await exchange(
                Array("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n".utf8), port: port)
            #expect(status == 414)
            #expect(closed)
        }
    }

    @Test func headOver16KiBIs431() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let headers = (0..<40).map { "X-Filler-\($0): \(String(repeating: "v", count: 500))\r\n" }.joined()
            let (status, closed) = try await exchange(
                Array("GET / HTTP/1.1\r\nHost: h\r\n\(headers)\r\n".utf8), port: port)
            #expect(status == 431)
            #expect(closed)
        }
    }

    @Test func bodyOver1MiBIs413EvenWhileTheClientKeepsSending() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let status = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x10000) + Array("\r\n".utf8)
                do {
                    for _ in 0..<17 { try client.send(chunk) }
                } catch RawClientError.connectionReset {
                    // Fine: the server may close before the client stops sending; the answer is buffered.
                }
                return try client.readResponse().status
            }
            #expect(status == 413)
        }
    }

    @Test func slowHeadHitsTheHeaderReadTimeoutWith408() async throws {
        var limits = HTTPLimits()
        limits.headerReadTimeout = .milliseconds(100)
        let clock = ManualServerClock()
        try await withMock(.handler(EchoHandler(), limits: limits, clock: clock), mode: .live) { server in
            let port = try server.port
            let client = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("GET / HTTP/1.1\r\nHost: h\r\nX-Slow")
                return client
            }
            // The clock only moves from here on, so the head has all the time it needs to arrive; the
            // timer starts once the server has read it, so step until the timeout came due.
            let (status, closed) = try await clock.advance(
                by: .milliseconds(150),
                until: {
                    (try client.readResponse().status, try client.isClosedByServer())
                })
            #expect(status == 408)
            #expect(closed)
        }
    }

    @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        var limits = HTTPLimits()
        limits.idleTimeout = .milliseconds(100)
        let clock = ManualServerClock()
        try await withMock(.handler(EchoHandler(), limits: limits, clock: clock), mode: .live) { server in
            let port = try server.port
            // No time passes on the server's clock while the request is made, however slowly.
            let (client, status) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                return (client, try client.readResponse().status)
            }
            #expect(status == 200)
            let closed = try await clock.advance(by: .milliseconds(150), until: { try client.isClosedByServer() })
            #expect(closed)
        }
    }

    @Test func connectionAfterAQuietSpellLongerThanTheIdleTimeoutIsServed() async throws {
        var limits = HTTPLimits()
        limits.idleTimeout = .milliseconds(100)
        let clock = ManualServerClock()
        try await withMock(.handler(EchoHandler(), limits: limits, clock: clock), mode: .live) { server in
            let port = try server.port
            // The event loops sleep through a whole second with nothing to do; the connection that
            // then arrives gets its full idle timeout, counted from when it came.
            clock.advance(by: .seconds(1), wakingServers: false)
            let status = try await offTheCooperativePool {
                try RawClient.roundTrip(port: port, "GET / HTTP/1.1\r\nHost: h\r\n\r\n").status
            }
            #expect(status == 200)
        }
    }

    @Test func connectionsOverTheCapGet503AndAreClosed() async throws {
        var limits = HTTPLimits()
        limits.maxConnections = 2
        try await withMock(.handler(EchoHandler(), limits: limits, eventLoopCount: 1), mode: .live) { server in
            let port = try server.port
            let (held, excess, closed) = try await offTheCooperativePool {
                let first = try RawClient(port: port)
                let second = try RawClient(port: port)
                for client in [first, second] { try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n") }
                let held = try [first, second].map { try $0.readResponse().status }
                let third = try RawClient(port: port)
                try third.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                let excess = try third.readResponse().status
                return (held, excess, try third.isClosedByServer())
            }
            #expect(held == [200, 200])
            #expect(excess == 503)
            #expect(closed)
        }
    }
}

@Suite struct IdleTimeoutTests {
    @Test func busyKeepAliveConnectionOutlivesTheIdleTimeout() async throws {
        var limits = HTTPLimits()
        limits.idleTimeout = .milliseconds(100)
        let clock = ManualServerClock()
        try await withMock(.handler(EchoHandler(), limits: limits, clock: clock), mode: .live) { server in
            let port = try server.port
            let client = try RawClient(port: port)
            var statuses: [Int] = []
            // Ten requests 60 ms apart on the server's clock: six idle timeouts in all, but the
            // connection is never idle for one of them.
            for _ in 0..<10 {
                statuses.append(
                    try await offTheCooperativePool {
                        try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                        return try client.readResponse().status
                    })
                clock.advance(by: .milliseconds(60))
            }
            #expect(statuses == [Int](repeating: 200, count: 10))
            // And the idle timeout still applies once the requests stop.
            #expect(try await clock.advance(by: .milliseconds(60), until: { try client.isClosedByServer() }))
        }
    }
}
