import HTTPServer
import Locking
import TestSupport
import Testing

/// `HTTPResponseStream.whenDrained`: a producer that writes its next piece only once the last one
/// has gone to the socket sends a body many times its buffer bound, whatever the reader's pace,
/// holding one piece at a time.
@Suite struct StreamDrainTests {
    /// Writes `pieces` pieces of `pieceSize` bytes (each byte its piece's number), one per drain.
    private final class PacedProducer: Sendable {
        let pieces: Int
        let pieceSize: Int
        let stream: HTTPResponseStream
        private let written = Locked(0)

        init(pieces: Int, pieceSize: Int, stream: HTTPResponseStream) {
            self.pieces = pieces
            self.pieceSize = pieceSize
            self.stream = stream
        }

        func writeNext() {
            let number = written.withLock { count -> Int in
                count += 1
                return count
            }
            guard number <= pieces else {
                stream.finish()
                return
            }
            if stream.write([UInt8](repeating: UInt8(number % 256), count: pieceSize)) {
                stream.whenDrained { [self] in writeNext() }
            }
        }
    }

    @Test func aProducerPacedByDrainsSendsABodyFarLargerThanTheBufferBound() async throws {
        let pieces = 128
        let pieceSize = 64 * 1024
        let handler = HTTPHandlerFunction { _ in
            // A bound of two pieces: a producer that did not wait would be cut off at once.
            let stream = HTTPResponseStream(maxBufferedBytes: 2 * pieceSize)
            let producer = PacedProducer(pieces: pieces, pieceSize: pieceSize, stream: stream)
            stream.whenDrained { producer.writeNext() }
            return .respond(HTTPResponse(status: 200, stream: stream))
        }
        try await withMock(.handler(handler, clock: ManualServerClock()), mode: .live) { server in
            let port = try server.port
            let raw = try RawClient(port: port, timeoutMilliseconds: 20_000)
            let bytes = try await offTheCooperativePool {
                try raw.send("GET /big HTTP/1.1\r\nHost: h\r\n\r\n")
                return try raw.readToEOF()
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.hasSuffix("\r\n0\r\n\r\n"), "the body ends with its last chunk, not a cut")
            // Each piece is one chunk: the head, then 128 × ("10000\r\n" + 64 KiB + "\r\n"), then the end.
            let chunkFraming = "10000\r\n".utf8.count + 2
            let head = bytes.count - pieces * (pieceSize + chunkFraming) - "0\r\n\r\n".utf8.count
            #expect(head > 0 && head < 200, "head of \(head) bytes")
            #expect(bytes.filter { $0 == UInt8(pieces % 256) }.count >= pieceSize)
        }
    }

    @Test func withoutAConnectionAPacedProducerRunsToItsEndAndNoDrainFollows() {
        let stream = HTTPResponseStream(maxBufferedBytes: 1024)
        let producer = PacedProducer(pieces: 40, pieceSize: 1000, stream: stream)
        stream.whenDrained { producer.writeNext() }
        let bytes = stream.collectWithoutAConnection()
        #expect(bytes?.count == 40 * 1000)
        #expect(bytes?.last == 40)
        #expect(!stream.isOpen)
        let drains = Locked(0)
        stream.whenDrained { drains.withLock { $0 += 1 } }
        #expect(drains.withLock { $0 } == 0)
        #expect(stream.collectWithoutAConnection() == nil)
    }
}
