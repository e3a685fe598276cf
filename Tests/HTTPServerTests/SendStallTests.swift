import Dispatch
import Locking
import TestSupport
import Testing

@testable import HTTPServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `HTTPLimits.sendStallTimeout`: a response whose peer takes none of its waiting bytes for that long
/// is closed, whether it is a streamed body (and then its producer is told) or a plain large one; a
/// stream with nothing waiting is never stalled. Time is a ``ManualServerClock``: nothing sleeps.
@Suite struct SendStallTests {
    /// Writes pieces of 64 KiB, each once the one before has gone to the socket, until the stream
    /// ends: a producer with no end of its own, kept alive only by the stream it writes to.
    private final class EndlessProducer: Sendable {
        let stream: HTTPResponseStream
        let closed = DispatchSemaphore(value: 0)

        init(stream: HTTPResponseStream) {
            self.stream = stream
            stream.onClose { [closed] in closed.signal() }
        }

        func writeNext() {
            if stream.write([UInt8](repeating: UInt8(ascii: "e"), count: 64 * 1024)) {
                stream.whenDrained { [self] in writeNext() }
            }
        }
    }

    /// Hands each producer it starts to the test, weakly, so the test can see it let go of.
    private final class EndlessStreamHandler: HTTPHandler {
        let producers = Mailbox<WeakProducer>()

        func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
            let stream = HTTPResponseStream()
            let producer = EndlessProducer(stream: stream)
            stream.whenDrained { producer.writeNext() }
            producers.put(WeakProducer(producer: producer))
            return .respond(HTTPResponse(status: 200, stream: stream))
        }
    }

    private struct WeakProducer: @unchecked Sendable {
        weak var producer: EndlessProducer?
        let closed: DispatchSemaphore

        init(producer: EndlessProducer) {
            self.producer = producer
            closed = producer.closed
        }
    }

    /// A client that asks for `target` and then never reads, its receive buffer made small so the
    /// server's side fills after little.
    private func nonReadingClient(port: Int, target: String) throws -> RawClient {
        let client = try RawClient(port: port, timeoutMilliseconds: 20_000)
        var size: Int32 = 4096
        setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        try client.send("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")
        return client
    }

    @Test func streamWhosePeerStopsReadingIsClosedAfterTheSendStallAndItsProducerLetGo() async throws {
        var limits = HTTPLimits()
        limits.idleTimeout = .seconds(3600)  // only the stall may end it
        let handler = EndlessStreamHandler()
        let clock = ManualServerClock()
        try await withMock(.handler(handler, limits: limits, clock: clock), mode: .live) { server in
            let port = try server.port
            let client = try nonReadingClient(port: port, target: "/endless")
            let weak = await handler.producers.next()
            // The producer writes until the socket buffers are full; then nothing is taken, and the
            // clock, stepped a second at a time, reaches the stall.
            let closed = try await clock.advance(by: .seconds(1)) {
                weak.closed.wait(timeout: .now() + .seconds(20)) == .success
            }
            #expect(closed, "the stream's producer was told the stream ended")
            #expect(weak.producer == nil, "nothing holds the producer any more")
            _ = client
        }
    }

    @Test func largeBodyWhosePeerStopsReadingIsClosedAfterTheSendStall() async throws {
        var limits = HTTPLimits()
        limits.idleTimeout = .seconds(3600)  // only the stall may end it
        limits.sendStallTimeout = .seconds(30)
        let logged = DispatchSemaphore(value: 0)
        let lines = Locked<[String]>([])
        let clock = ManualServerClock()
        let body = [UInt8](repeating: UInt8(ascii: "b"), count: 64 * 1024 * 1024)
        let setup = MockSetup.handler(
            HTTPHandlerFunction { _ in .respond(HTTPResponse(status: 200, body: body)) }, limits: limits,
            eventLoopCount: 1, clock: clock,
            log: { line in
                lines.withLock { $0.append(line) }
                logged.signal()
            })
        try await withMock(setup, mode: .live) { server in
            let client = try nonReadingClient(port: try server.port, target: "/big")
            let closed = try await clock.advance(by: .seconds(1)) {
                logged.wait(timeout: .now() + .seconds(20)) == .success
            }
            await server.stop()
            #expect(closed)
            #expect(lines.withLock { $0 }.contains { $0.contains("closed a response its peer stopped reading") })
            _ = client
        }
    }

    @Test func streamWithNothingWaitingIsNeverStalled() async throws {
        let quiet = QuietStreamHandler()
        let clock = ManualServerClock()
        try await withMock(.handler(quiet, clock: clock), mode: .live) { server in
            let port = try server.port
            let client = try RawClient(port: port, timeoutMilliseconds: 20_000)
            let head = try await offTheCooperativePool {
                try client.send("GET /quiet HTTP/1.1\r\nHost: h\r\n\r\n")
                return try client.readResponse()
            }
            #expect(head.status == 200)
            let stream = await quiet.streams.next()
            // Everything was sent: an hour without a byte to send is no stall.
            for _ in 0..<120 { clock.advance(by: .seconds(30)) }
            #expect(stream.write(Array("still here".utf8)))
            let received = try await offTheCooperativePool { try client.read(untilEndsWith: "still here\r\n") }
            #expect(received == "a\r\nstill here\r\n")
        }
    }

    @Test func pacedWriteLargerThanTheStreamsBoundIsSentWhole() async throws {
        let piece = [UInt8](repeating: UInt8(ascii: "p"), count: 2 * 1024 * 1024)
        let handler = HTTPHandlerFunction { _ in
            // Like a HAR entry with a 2 MiB body: one piece twice the stream's bound, written once
            // everything before it was sent.
            let stream = HTTPResponseStream(maxBufferedBytes: 1024 * 1024)
            stream.write(Array("head,".utf8))
            stream.whenDrained {
                stream.write(piece)
                stream.finish()
            }
            return .respond(HTTPResponse(status: 200, stream: stream))
        }
        try await withMock(.handler(handler, clock: ManualServerClock()), mode: .live) { server in
            let port = try server.port
            let client = try RawClient(port: port, timeoutMilliseconds: 20_000)
            let bytes = try await offTheCooperativePool {
                try client.send("GET /piece HTTP/1.1\r\nHost: h\r\n\r\n")
                _ = try client.readResponse()
                return try client.readToEOF()
            }
            let body = dechunked(bytes)
            #expect(body?.count == 5 + piece.count, "the body ends with its last chunk, not after the head")
            #expect(body == Array("head,".utf8) + piece ? true : false)
        }
    }
}

/// Answers with a stream it writes nothing to, handed to the test.
private final class QuietStreamHandler: HTTPHandler {
    let streams = Mailbox<HTTPResponseStream>()

    func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        let stream = HTTPResponseStream()
        streams.put(stream)
        return .respond(HTTPResponse(status: 200, stream: stream))
    }
}
