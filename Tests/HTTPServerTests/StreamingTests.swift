import HTTPServer
import Locking
import TestSupport
import Testing

/// Streamed responses (`HTTPResponseStream`) through raw sockets: the head at once, each write as it
/// comes, and an end however the stream ends (handler, peer, server stop, a peer that stops reading).
///
/// The servers `withMock` starts here read a ``ManualServerClock`` (the heartbeat test aside, which needs
/// time to pass): a test's steps between two reads wait for Swift concurrency's threads, which a busy
/// test process can hold for longer than the server's idle timeout, and no timeout is what these tests
/// are about. The shutdown test keeps the real clock: its client stays connected while the server
/// stops, and only the real linger timeout ends that connection.
@Suite struct StreamingTests {
    @Test func streamedResponseSendsTheHeadAtOnceThenEachWriteAsAChunk() async throws {
        let handler = StreamingHandler()
        try await withMock(.handler(handler, clock: ManualServerClock()), mode: .live) { server in
            let port = try server.port
            let client = try SequentialClient(port: port)
            let head = try await offTheCooperativePool {
                try client.raw.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
                return try client.raw.readResponse()
            }
            #expect(head.status == 200)
            #expect(head.header("Transfer-Encoding") == "chunked")
            #expect(head.header("Content-Length") == nil)
            #expect(head.header("Connection") == "close")
            #expect(head.header("Content-Type") == "text/event-stream")
            let stream = await handler.streams.next()
            #expect(stream.write(Array("hello".utf8)))
            let first = try await offTheCooperativePool { try client.raw.read(untilEndsWith: "\r\n") }
            #expect(first == "5\r\nhello\r\n")
            stream.write(Array(String(repeating: "x", count: 300).utf8))
            stream.finish()
            let rest = try await offTheCooperativePool { try String(decoding: client.raw.readToEOF(), as: UTF8.self) }
            #expect(rest == "12c\r\n" + String(repeating: "x", count: 300) + "\r\n0\r\n\r\n")
            #expect(!stream.isOpen)
            #expect(!stream.write(Array("late".utf8)))
        }
    }

    @Test func whatTheHandlerWroteBeforeRespondingIsSentFirst() async throws {
        let handler = StreamingHandler(earlyWrite: "early", body: "first")
        try await withMock(.handler(handler, clock: ManualServerClock()), mode: .live) { server in
            let port = try server.port
            let client = try SequentialClient(port: port)
            let received = try await offTheCooperativePool {
                try client.raw.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
                _ = try client.raw.readResponse()
                return try client.raw.read(untilEndsWith: "early\r\n")
            }
            #expect(received == "5\r\nfirst\r\n5\r\nearly\r\n")
        }
    }

    @Test func peerClosingEndsTheStreamAndRunsItsCloseHandler() async throws {
        let handler = StreamingHandler()
        try await withMock(.handler(handler, clock: ManualServerClock()), mode: .live) { server in
            let port = try server.port
            let client = try SequentialClient(port: port)
            try await offTheCooperativePool {
                try client.raw.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
                _ = try client.raw.readResponse()
            }
            let stream = await handler.streams.next()
            let closed = Gate()
            stream.onClose { closed.open() }
            client.raw.shutdownOutput()
            await closed.wait()
            #expect(!stream.isOpen)
            #expect(!stream.write(Array("nobody listens".utf8)))
        }
    }

    @Test func stoppingTheServerEndsOpenStreamsWithTheLastChunkWithoutWaitingForTheGracePeriod() async throws {
        let handler = StreamingHandler()
        var limits = HTTPLimits()
        // Were streams left to the grace period, stop() would outlast the client's 10 s read timeout.
        limits.shutdownGracePeriod = .seconds(3600)
        try await withMock(.handler(handler, limits: limits, eventLoopCount: 1), mode: .live) { mock in
            let server = try mock.httpServer
            let client = try SequentialClient(port: try mock.port)
            try await offTheCooperativePool {
                try client.raw.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
                _ = try client.raw.readResponse()
            }
            let stream = await handler.streams.next()
            let closed = Gate()
            stream.onClose { closed.open() }
            stream.write(Array("data: 1\n\n".utf8))
            let stopped = Task { await server.stop() }
            // The read's safety-net timeout starts only once the server is stopping: the stop task waits
            // for a pool thread, which a busy test process can hold for longer than that timeout.
            while server.port != nil { await Task.yield() }
            let rest = try await offTheCooperativePool {
                try String(decoding: client.raw.readToEOF(), as: UTF8.self)
            }
            await stopped.value
            await closed.wait()
            #expect(rest == "9\r\ndata: 1\n\n\r\n0\r\n\r\n")
        }
    }

    @Test func http10StreamIsDelimitedByTheClose() async throws {
        let handler = StreamingHandler()
        try await withMock(.handler(handler, clock: ManualServerClock()), mode: .live) { server in
            let port = try server.port
            let client = try SequentialClient(port: port)
            let head = try await offTheCooperativePool {
                try client.raw.send("GET /events HTTP/1.0\r\n\r\n")
                return try client.raw.readResponse()
            }
            #expect(head.header("Transfer-Encoding") == nil)
            #expect(head.header("Content-Length") == nil)
            #expect(head.header("Connection") == "close")
            let stream = await handler.streams.next()
            stream.write(Array("one ".utf8))
            stream.write(Array("two".utf8))
            stream.finish()
            let body = try await offTheCooperativePool { try String(decoding: client.raw.readToEOF(), as: UTF8.self) }
            #expect(body == "one two")
        }
    }

    @Test func headRequestForAStreamGetsTheHeadAloneAndEndsTheStream() async throws {
        let handler = StreamingHandler()
        try await withMock(.handler(handler, clock: ManualServerClock()), mode: .live) { server in
            let port = try server.port
            let client = try SequentialClient(port: port)
            let head = try await offTheCooperativePool {
                try client.raw.send("HEAD /events HTTP/1.1\r\nHost: h\r\n\r\n")
                return try client.raw.readResponse(isHead: true)
            }
            #expect(head.status == 200)
            let stream = await handler.streams.next()
            #expect(!stream.isOpen)
            // The connection stays usable: no stream was started on it.
            let next = try await offTheCooperativePool {
                try client.raw.send("GET /plain HTTP/1.1\r\nHost: h\r\n\r\n")
                return try client.raw.readResponse()
            }
            #expect(next.text == "plain")
        }
    }

    @Test func peerThatStopsReadingIsCutOffOnceTheBoundOfUnsentBytesIsPassed() async throws {
        let handler = StreamingHandler(maxBufferedBytes: 64 * 1024)
        try await withMock(.handler(handler, clock: ManualServerClock()), mode: .live) { server in
            let port = try server.port
            let client = try SequentialClient(port: port)
            try await offTheCooperativePool {
                try client.raw.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
                _ = try client.raw.readResponse()
            }
            let stream = await handler.streams.next()
            let closed = Gate()
            stream.onClose { closed.open() }
            let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 64 * 1024)
            // The kernel's socket buffers take some megabytes first; then the bound applies. Writes stop
            // as soon as the stream reports it has ended.
            var written = 0
            while stream.isOpen, written < 100_000 {
                stream.write(chunk)
                written += 1
                if written % 64 == 0 { await Task.yield() }
            }
            await closed.wait()
            #expect(!stream.isOpen)
        }
    }

    @Test func streamThatIsNeverSentEndsOnceItHoldsMoreThanItsBound() {
        let stream = HTTPResponseStream(maxBufferedBytes: 2048)
        let closed = Locked(false)
        stream.onClose { closed.withLock { $0 = true } }
        #expect(stream.write([UInt8](repeating: 1, count: 2000)))
        #expect(!closed.withLock { $0 })
        #expect(!stream.write([UInt8](repeating: 1, count: 100)))
        #expect(closed.withLock { $0 })
        #expect(!stream.isOpen)
    }

    @Test func heartbeatIsSentWhileTheStreamIsQuiet() async throws {
        let handler = StreamingHandler(
            heartbeat: HTTPResponseStream.Heartbeat(interval: .milliseconds(5), bytes: Array(": ping\n\n".utf8)))
        try await withMock(.handler(handler), mode: .live) { server in
            let port = try server.port
            let client = try SequentialClient(port: port)
            let received = try await offTheCooperativePool {
                try client.raw.send("GET /events HTTP/1.1\r\nHost: h\r\n\r\n")
                _ = try client.raw.readResponse()
                return try client.raw.read(untilEndsWith: ": ping\n\n\r\n")
            }
            #expect(received.hasPrefix("8\r\n: ping\n\n\r\n"))
        }
    }
}

/// Answers `/events` with a streamed `text/event-stream` response and hands each stream to the test;
/// anything else with `plain`.
private final class StreamingHandler: HTTPHandler {
    let streams = Mailbox<HTTPResponseStream>()
    let earlyWrite: String?
    let body: String
    let heartbeat: HTTPResponseStream.Heartbeat?
    let maxBufferedBytes: Int

    init(
        earlyWrite: String? = nil, body: String = "", heartbeat: HTTPResponseStream.Heartbeat? = nil,
        maxBufferedBytes: Int = 1024 * 1024
    ) {
        self.earlyWrite = earlyWrite
        self.body = body
        self.heartbeat = heartbeat
        self.maxBufferedBytes = maxBufferedBytes
    }

    func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        guard request.path == "/events" else { return .respond(HTTPResponse(text: "plain")) }
        let stream = HTTPResponseStream(heartbeat: heartbeat, maxBufferedBytes: maxBufferedBytes)
        if let earlyWrite { stream.write(Array(earlyWrite.utf8)) }
        var response = HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: stream)
        response.body = Array(body.utf8)
        streams.put(stream)
        return .respond(response)
    }
}

/// Values handed from a handler to a test, taken in order; `next()` waits for one.
final class Mailbox<Value: Sendable>: Sendable {
    private let state = Locked<(values: [Value], waiters: [CheckedContinuation<Value, Never>])>(([], []))

    func put(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            if state.waiters.isEmpty {
                state.values.append(value)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: value)
    }

    func next() async -> Value {
        await withCheckedContinuation { continuation in
            let value = state.withLock { state -> Value? in
                if state.values.isEmpty {
                    state.waiters.append(continuation)
                    return nil
                }
                return state.values.removeFirst()
            }
            if let value { continuation.resume(returning: value) }
        }
    }
}

/// A raw client handed from one `offTheCooperativePool` step to the next: the steps run one after another, never
/// at once, so the client is never used from two threads at the same time.
private final class SequentialClient: @unchecked Sendable {
    let raw: RawClient

    init(port: Int) throws {
        raw = try RawClient(port: port)
    }
}

extension RawClient {
    /// Reads until what arrived after the last response read ends with `suffix`; returns all of it.
    func read(untilEndsWith suffix: String) throws -> String {
        var received: [UInt8] = []
        while !received.reversed().starts(with: Array(suffix.utf8).reversed()) {
            let chunk = try receiveOnce()
            if chunk.isEmpty { throw RawClientError.unexpectedEOF(afterBytes: received.count) }
            received += chunk
        }
        return String(decoding: received, as: UTF8.self)
    }
}
