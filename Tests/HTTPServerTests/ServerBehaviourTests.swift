import Foundation
import HTTPServer
import Locking
import Synchronization
import TestSupport
import Testing

/// The whole server through raw sockets on 127.0.0.1: what a client actually sees.
@Suite struct ServerBehaviourTests {
    @Test func requestSentOneByteAtATimeIsAnswered() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let response = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                for byte in "GET /slow?x=1 HTTP/1.1\r\nHost: here\r\n\r\n".utf8 {
                    try client.send([byte])
                }
                return try client.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.text == "GET /slow x=1 here HTTP/1.1 0\n")
        }
    }

    @Test func threePipelinedRequestsInOneWriteAreAnsweredInOrder() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let bodies = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(
                    "GET /1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
                        + "GET /3 HTTP/1.1\r\nHost: h\r\n\r\n")
                return try (0..<3).map { _ in try client.readResponse().text }
            }
            #expect(bodies == ["GET /1 - h HTTP/1.1 0\n", "POST /2 - h HTTP/1.1 3\nabc", "GET /3 - h HTTP/1.1 0\n"])
        }
    }

    @Test func keepAliveIsTheDefaultForHTTP11AndCloseForHTTP10() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let (first, second, closedAfter10) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("GET /a HTTP/1.1\r\nHost: h\r\n\r\n")
                let first = try client.readResponse()
                try client.send("GET /b HTTP/1.1\r\nHost: h\r\n\r\n")
                let second = try client.readResponse()
                let old = try RawClient(port: port)
                try old.send("GET / HTTP/1.0\r\n\r\n")
                let response = try old.readResponse()
                let closed = try old.isClosedByServer()
                return (first, second, response.header("Connection") == "close" && closed)
            }
            #expect(first.status == 200 && second.status == 200)
            #expect(first.header("Connection") == nil)
            #expect(closedAfter10)
        }
    }

    @Test func http10KeepAliveIsHonoured() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let statuses = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let first = try client.readResponse()
                try client.send("GET / HTTP/1.0\r\n\r\n")
                return [first.header("Connection"), String(try client.readResponse().status)]
            }
            #expect(statuses == ["keep-alive", "200"])
        }
    }

    @Test func headAnswerHasContentLengthButNoBody() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let (head, next) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("HEAD /x HTTP/1.1\r\nHost: h\r\n\r\nGET /y HTTP/1.1\r\nHost: h\r\n\r\n")
                return (try client.readResponse(isHead: true), try client.readResponse())
            }
            #expect(head.header("Content-Length") == String("HEAD /x - h HTTP/1.1 0\n".utf8.count))
            #expect(head.body.isEmpty)
            #expect(next.text == "GET /y - h HTTP/1.1 0\n")  // no stray body bytes between the two
        }
    }

    @Test func expectContinueGetsInterimResponseBeforeTheBodyIsSent() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let (interim, final) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("PUT /up HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
                let interim = try client.readResponse()
                try client.send("data")
                return (interim, try client.readResponse())
            }
            #expect(interim.status == 100)
            #expect(final.text == "PUT /up - h HTTP/1.1 4\ndata")
        }
    }

    @Test func absoluteFormTargetIsSplitIntoHostPathAndQuery() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let response = try await offTheCooperativePool {
                try RawClient.roundTrip(
                    port: port,
                    "GET http://api.openweathermap.org/data/2.5/weather?q=seoul HTTP/1.1\r\nHost: proxy\r\n\r\n")
            }
            #expect(response.text == "GET /data/2.5/weather q=seoul api.openweathermap.org HTTP/1.1 0\n")
        }
    }

    @Test func chunkedRequestBodyReachesTheHandlerDecoded() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let response = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(
                    "POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
                )
                return try client.readResponse()
            }
            #expect(response.text == "POST /c - h HTTP/1.1 11\nhello world")
        }
    }

    @Test func aConnectItsHandlerAnswersWithoutATunnelIsRefused501AndClosed() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let (response, closed) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(
                    "CONNECT api.openweathermap.org:443 HTTP/1.1\r\nHost: api.openweathermap.org:443\r\n\r\n")
                return (try client.readResponse(), try client.isClosedByServer())
            }
            #expect(response.status == 501)
            #expect(response.text.contains("HTTPS"))
            #expect(closed)
        }
    }

    @Test func invalidHandlerResponseBecomes500NamingTheProblem() async throws {
        let handler = HTTPHandlerFunction { _ in .respond(HTTPResponse(headers: ["X-Bad": "a\r\nInjected: yes"])) }
        try await withMock(.handler(handler), mode: .live) { server in
            let port = try server.port
            let response = try await offTheCooperativePool {
                try RawClient.roundTrip(port: port, "GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            }
            #expect(response.status == 500)
            #expect(response.header("Injected") == nil)
            #expect(response.text.contains("X-Bad"))
        }
    }

    @Test func respondLaterDoesNotBlockOtherConnectionsOnTheSameLoop() async throws {
        let gate = Gate()
        let handler = HTTPHandlerFunction { request in
            guard request.path == "/later" else { return .respond(HTTPResponse(text: "now")) }
            return .respondLater {
                await gate.wait()
                return HTTPResponse(text: "later")
            }
        }
        try await withMock(.handler(handler, eventLoopCount: 1), mode: .live) { server in
            let port = try server.port
            let slow = try await offTheCooperativePool {
                let slow = try RawClient(port: port)
                try slow.send("GET /later HTTP/1.1\r\nHost: h\r\n\r\nGET /after HTTP/1.1\r\nHost: h\r\n\r\n")
                return UnsafeTransfer(value: slow)
            }
            let fast = try await offTheCooperativePool {
                let fast = try RawClient(port: port)
                try fast.send("GET /now HTTP/1.1\r\nHost: h\r\n\r\n")
                return try fast.readResponse().text
            }
            #expect(fast == "now")
            gate.open()
            let later = try await offTheCooperativePool {
                try [slow.value.readResponse().text, slow.value.readResponse().text]
            }
            #expect(later == ["later", "now"])  // the pipelined request waited its turn
        }
    }

    /// A test runner (or an app) may hold every thread of Swift concurrency's global pool for a long time;
    /// a deferred answer must not wait for one. Every pool thread is blocked here while a `respondLater`
    /// request is answered; a probe task queued behind the blockers shows the pool really was full.
    @Test func respondLaterIsAnsweredWhileEveryConcurrencyPoolThreadIsBlocked() async throws {
        let handler = HTTPHandlerFunction { _ in
            .respondLater {
                await Task.yield()
                return HTTPResponse(text: "later")
            }
        }
        try await withMock(.handler(handler), mode: .live) { server in
            let port = try server.port
            let (answer, probeHadRun) = try await offTheCooperativePool {
                let release = DispatchSemaphore(value: 0)
                let blockers = 4 * ProcessInfo.processInfo.activeProcessorCount + 4
                @Sendable func holdAPoolThread() { release.wait() }
                for _ in 0..<blockers {
                    Task.detached { holdAPoolThread() }
                }
                let probe = Locked(false)
                Task.detached { probe.withLock { $0 = true } }
                defer { for _ in 0..<blockers { release.signal() } }
                let answer = Result { try RawClient.roundTrip(port: port, "GET / HTTP/1.1\r\nHost: h\r\n\r\n").text }
                return (answer, probe.withLock { $0 })
            }
            #expect(try answer.get() == "later")
            #expect(!probeHadRun, "the pool was not full, so this test proved nothing")
        }
    }

    @Test(.enabled(if: isIPv6LoopbackAvailable))
    func servesIPv6() async throws {
        try await withMock(.handler(EchoHandler(), host: "::1"), mode: .live) { server in
            let port = try server.port
            let response = try await offTheCooperativePool {
                try RawClient.roundTrip(port: port, host: "::1", "GET /v6 HTTP/1.1\r\nHost: [::1]\r\n\r\n")
            }
            #expect(response.text == "GET /v6 - [::1] HTTP/1.1 0\n")
        }
    }

    @Test func thousandConcurrentKeepAliveConnectionsAreAllAnswered() async throws {
        raiseOpenFileLimit(to: 8192)
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let answered = try await offTheCooperativePool {
                let clients = try (0..<1000).map { _ in try RawClient(port: port) }
                for (index, client) in clients.enumerated() {
                    try client.send("GET /\(index) HTTP/1.1\r\nHost: h\r\n\r\n")
                }
                var answered = 0
                for (index, client) in clients.enumerated()
                where try client.readResponse().text == "GET /\(index) - h HTTP/1.1 0\n" {
                    answered += 1
                }
                // Still open and kept alive: a second round on every connection.
                for client in clients { try client.send("GET /again HTTP/1.1\r\nHost: h\r\n\r\n") }
                for client in clients where try client.readResponse().status == 200 { answered += 1 }
                return answered
            }
            #expect(answered == 2000)
        }
    }

    @Test func peerResetMidRequestLeavesTheServerServing() async throws {
        try await withMock(.handler(EchoHandler(), eventLoopCount: 1), mode: .live) { server in
            let port = try server.port
            let status = try await offTheCooperativePool {
                do {
                    let client = try RawClient(port: port)
                    try client.send("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\npartial")
                    client.reset()
                }
                let next = try RawClient(port: port)
                try next.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                return try next.readResponse().status
            }
            #expect(status == 200)
        }
    }

    @Test func stopFinishesASlowResponseInFlightAndThenRefusesConnections() async throws {
        let entered = Gate()
        let release = Gate()
        let handler = HTTPHandlerFunction { _ in
            .respondLater {
                entered.open()
                await release.wait()
                return HTTPResponse(text: "finished")
            }
        }
        try await withMock(.handler(handler, eventLoopCount: 1), mode: .live) { mock in
            let server = try mock.httpServer
            let port = try mock.port
            let client = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                return UnsafeTransfer(value: client)
            }
            await entered.wait()
            let stopping = Task { await server.stop() }
            // The answer must come after the server began stopping, which it does before stop() first
            // suspends (deferred work runs on a queue of its own, so nothing else orders the two). The read,
            // with its safety-net timeout, starts only then: these steps wait for pool threads.
            while server.port != nil { await Task.yield() }
            release.open()
            let (text, connection, closed) = try await offTheCooperativePool {
                let response = try client.value.readResponse()
                return (response.text, response.header("Connection"), try client.value.isClosedByServer())
            }
            await stopping.value

            #expect(text == "finished")
            #expect(connection == "close")
            #expect(closed)
            #expect(server.port == nil)
            #expect(throws: RawClientError.self) { try RawClient(port: port) }
        }
    }

    @Test func stopClosesIdleKeepAliveConnections() async throws {
        let setup = MockSetup.handler(EchoHandler(), eventLoopCount: HTTPServerConfiguration.onlineCoreCount)
        try await withMock(setup, mode: .live) { server in
            let port = try server.port
            let client = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                _ = try client.readResponse()
                return UnsafeTransfer(value: client)
            }
            await server.stop()
            let closed = try await offTheCooperativePool { try client.value.isClosedByServer() }
            #expect(closed)
        }
    }

    @Test func startTwiceIsAnError() async throws {
        let setup = MockSetup.handler(EchoHandler(), eventLoopCount: HTTPServerConfiguration.onlineCoreCount)
        try await withMock(setup, mode: .live) { server in
            let started = try server.httpServer
            #expect(throws: HTTPServerError.alreadyStarted) { try started.start() }
        }
    }

    @Test func portInUseIsReportedNotShared() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            await #expect {
                try await withMock(
                    .handler(EchoHandler(), eventLoopCount: HTTPServerConfiguration.onlineCoreCount, port: port),
                    mode: .live
                ) { _ in }
            } throws: { error in
                "\(error)".contains("in use")
            }
        }
    }
}

/// Carries a value the compiler cannot prove `Sendable` (a `RawClient` owned by one test at a time)
/// between the test and the thread `offTheCooperativePool` runs it on. The test never uses it concurrently.
struct UnsafeTransfer<Value>: @unchecked Sendable {
    let value: Value
}
