import TestSupport
import Testing

@testable import HTTPServer

/// Chunked request bodies (RFC 9112 §7.1): the framing counts against the body's allowance, never the
/// head limit; sizes may carry leading zeros up to the size line's bound; every limit and every
/// malformed piece of framing gets its own status and message.
@Suite struct ChunkedBodyTests {
    /// What the parser made of a stream: its first request's body, its error, or how much it holds
    /// while waiting for more.
    enum Outcome: Equatable, CustomStringConvertible {
        case request(body: [UInt8])
        case error(status: Int, message: String)
        case needsMoreData(held: Int)

        var description: String {
            switch self {
            case .request(let body): "request with a \(body.count)-byte body"
            case .error(let status, let message): "error \(status): \(message)"
            case .needsMoreData(let held): "needs more data, \(held) bytes held"
            }
        }
    }

    static let head = Array("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)

    /// `body` cut into chunks of `chunkLength` bytes, each size written by `size`, then the last chunk.
    static func chunked(
        _ body: [UInt8], chunkLength: Int, size: (Int) -> String = { String($0, radix: 16) },
        lastChunk: String = "0\r\n\r\n"
    ) -> [UInt8] {
        var stream = head
        var start = 0
        while start < body.count {
            let end = min(start + chunkLength, body.count)
            stream += Array("\(size(end - start))\r\n".utf8) + body[start..<end] + Array("\r\n".utf8)
            start = end
        }
        return stream + Array(lastChunk.utf8)
    }

    /// `count` bytes of lower-case letters.
    static func letters(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) } }

    /// The body of issue 24's finding: 78,032 bytes in 4,877 chunks of 16.
    static let manyChunksBody = letters(4_877 * 16)

    /// Feeds `stream` to a fresh parser in pieces of `pieceLength` bytes (all at once by default), the
    /// unconsumed bytes carried over as a connection does, and returns the first request or error.
    func outcome(of stream: [UInt8], pieceLength: Int? = nil, limits: HTTPLimits = HTTPLimits()) -> Outcome {
        var parser = HTTPRequestParser(limits: limits)
        var pending: [UInt8] = []
        var start = 0
        while start < stream.count {
            let end = min(start + (pieceLength ?? stream.count), stream.count)
            pending += stream[start..<end]
            start = end
            parsing: while true {
                let (consumed, event) = pending.withUnsafeBytes { parser.parse($0) }
                pending.removeFirst(consumed)
                switch event {
                case .needMoreData: break parsing
                case .expectsContinue: continue
                case .request(let request): return .request(body: request.body)
                case .error(let error): return .error(status: error.status, message: error.description)
                }
            }
        }
        return .needsMoreData(held: pending.count)
    }

    // MARK: Many small chunks

    @Test func manySmallChunksMakeOneWholeBody() {
        let stream = Self.chunked(Self.manyChunksBody, chunkLength: 16)

        #expect(outcome(of: stream) == .request(body: Self.manyChunksBody))
    }

    @Test func manySmallChunksReachTheHandlerWholeOverASocket() async throws {
        let stream = Self.chunked(Self.manyChunksBody, chunkLength: 16)
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let response = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(stream)
                return try client.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.body == Array("POST / - h HTTP/1.1 78032\n".utf8) + Self.manyChunksBody)
        }
    }

    // MARK: Leading zeros and the size line's bound

    @Test func chunkSizesWithLeadingZerosAreAccepted() {
        let sizes = ["0000a", "00000000000000000005", String(repeating: "0", count: 1_000) + "3", "0001"]
        let body = Self.letters(10 + 5 + 3 + 1)
        var stream = Self.head
        var start = 0
        for size in sizes {
            let length = Int(size, radix: 16)!
            stream += Array("\(size)\r\n".utf8) + body[start..<start + length] + Array("\r\n".utf8)
            start += length
        }
        stream += Array("0000000000000000000000\r\n\r\n".utf8)

        #expect(outcome(of: stream) == .request(body: body))
    }

    @Test func sizeLineOfExactlyTheBoundIsAcceptedAndOneByteMoreIsRefused() {
        // 1,024 bytes with its CRLF: the default bound.
        let atBound = String(repeating: "0", count: 1_021) + "5\r\nhello\r\n0\r\n\r\n"
        let overBound = "0" + atBound

        #expect(outcome(of: Self.head + Array(atBound.utf8)) == .request(body: Array("hello".utf8)))
        #expect(
            outcome(of: Self.head + Array(overBound.utf8))
                == .error(
                    status: 400,
                    message: "chunked body: a chunk-size line (size, extensions and CRLF) longer than 1024 bytes"))
    }

    @Test func aMillionZerosAreRefusedOnceTheBoundIsPassedNotBuffered() {
        let zeros = [UInt8](repeating: UInt8(ascii: "0"), count: 1_000_000)
        let expected = Outcome.error(
            status: 400, message: "chunked body: a chunk-size line (size, extensions and CRLF) longer than 1024 bytes")

        // All the parser holds of an unfinished size line is the bound's worth.
        #expect(outcome(of: Self.head + zeros.prefix(1_024), pieceLength: 100) == .needsMoreData(held: 1_024))
        #expect(outcome(of: Self.head + zeros.prefix(1_025), pieceLength: 100) == expected)
        #expect(outcome(of: Self.head + zeros, pieceLength: 4_096) == expected)
    }

    @Test func aMillionZerosOverASocketGet400NamingTheBound() async throws {
        try await withMock(.handler(EchoHandler()), mode: .live) { server in
            let port = try server.port
            let (status, message) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                do {
                    try client.send(Self.head + [UInt8](repeating: UInt8(ascii: "0"), count: 1_000_000))
                } catch RawClientError.connectionReset {
                    // Fine: the server may close before the client stops sending; the answer is buffered.
                }
                let response = try client.readResponse()
                return (response.status, response.text)
            }
            #expect(status == 400)
            #expect(message.contains("chunk-size line (size, extensions and CRLF) longer than 1024 bytes"))
        }
    }

    // MARK: The body limit and the framing allowance

    @Test func bodyOverTheLimitIs413InManySmallChunksAsInOne() {
        let body = Self.letters(1024 * 1024 + 16)
        let expected = Outcome.error(status: 413, message: "request body longer than 1048576 bytes")

        #expect(outcome(of: Self.chunked(body, chunkLength: 16)) == expected)
        #expect(outcome(of: Self.chunked(body, chunkLength: body.count)) == expected)
    }

    @Test func bodyOverTheLimitInManySmallChunksIs413OverASocket() async throws {
        var limits = HTTPLimits()
        limits.maxBodyLength = 64 * 1024
        let stream = Self.chunked(Self.letters(64 * 1024 + 16), chunkLength: 16)
        try await withMock(.handler(EchoHandler(), limits: limits), mode: .live) { server in
            let port = try server.port
            let (status, message) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                do {
                    try client.send(stream)
                } catch RawClientError.connectionReset {
                    // Fine: the server may close before the client stops sending; the answer is buffered.
                }
                let response = try client.readResponse()
                return (response.status, response.text)
            }
            #expect(status == 413)
            #expect(message.contains("request body longer than 65536 bytes"))
        }
    }

    @Test func framingBeyondItsAllowanceIs413EvenUnderTheBodyLimit() {
        var limits = HTTPLimits()
        limits.maxRequestLineLength = 64
        limits.maxHeadLength = 1_024
        limits.maxBodyLength = 1_000
        // One-byte chunks cost five bytes of framing each ("1\r\n" and "\r\n"): 300 of them is 1,500
        // bytes of framing, over the allowance of max(body limit, head limit) = 1,024, for 300 of data.
        let stream = Self.chunked(Self.letters(300), chunkLength: 1)

        #expect(
            outcome(of: stream, limits: limits)
                == .error(
                    status: 413,
                    message: "chunked body: the chunk-size lines, extensions, CRLFs and trailer fields take more "
                        + "than 1024 bytes besides the data"))
    }

    @Test func trailerSectionCountsAgainstTheFramingAllowanceNotTheHead() {
        // A 20 KiB trailer field: over the 16 KiB head limit, well within the 1 MiB allowance.
        let trailer = "X-Checksum: " + String(repeating: "c", count: 20 * 1024) + "\r\n"

        #expect(
            outcome(of: Self.head + Array("5\r\nhello\r\n0\r\n\(trailer)\r\n".utf8))
                == .request(body: Array("hello".utf8)))
    }

    // MARK: Malformed framing

    /// A chunked body after ``head`` that the parser refuses with 400, and the message it must give.
    struct MalformedChunking: Sendable, CustomTestStringConvertible {
        var name: String
        var framing: String
        var message: String

        var testDescription: String { name }
    }

    static let malformed: [MalformedChunking] = [
        .init(
            name: "size not hexadecimal", framing: "zz\r\nabc\r\n0\r\n\r\n",
            message: "chunked body: malformed chunk-size line: expected hexadecimal digits, found 'z'"),
        .init(
            name: "negative size", framing: "-5\r\nabc\r\n0\r\n\r\n",
            message: "chunked body: malformed chunk-size line: expected hexadecimal digits, found '-'"),
        .init(
            name: "empty size line", framing: "\r\nabc\r\n0\r\n\r\n",
            message: "chunked body: malformed chunk-size line: expected hexadecimal digits, found an empty line"),
        .init(
            name: "junk after the size", framing: "5x\r\nhello\r\n0\r\n\r\n",
            message: "chunked body: malformed chunk-size line: expected ';' or CRLF after the size, found 'x'"),
        .init(
            name: "control character in a chunk extension", framing: "5;a\u{01}\r\nhello\r\n0\r\n\r\n",
            message: "chunked body: malformed chunk-size line: the chunk extension holds a control character (0x1)"),
        .init(
            name: "size line ending with a bare LF", framing: "5\nhello\r\n0\r\n\r\n",
            message: "chunked body: malformed chunk-size line: it ends with a bare LF; expected CRLF"),
        .init(
            name: "size that overflows", framing: "ffffffffffffffffffff\r\nabc\r\n",
            message: "chunked body: the chunk size does not fit in 63 bits (more than 7fffffffffffffff)"),
        .init(
            name: "size that overflows after leading zeros", framing: "00000010000000000000000\r\nabc\r\n",
            message: "chunked body: the chunk size does not fit in 63 bits (more than 7fffffffffffffff)"),
        .init(
            name: "chunk data without CRLF", framing: "3\r\nabcXY\r\n0\r\n\r\n",
            message: "chunked body: expected CRLF after the chunk data"),
        .init(
            name: "trailer field without a colon", framing: "0\r\nNoColon\r\n\r\n",
            message: "chunked body's trailer section, line 1: expected a header field 'Name: value', found no colon"),
        .init(
            name: "trailer field with a control character", framing: "0\r\nA: 1\r\nB: x\u{01}\r\n\r\n",
            message: "chunked body's trailer section, line 2: the header field value holds a control character (0x1)"),
        .init(
            name: "folded trailer field", framing: "0\r\nA: 1\r\n more\r\n\r\n",
            message:
                "chunked body's trailer section, line 2 starts with whitespace (obsolete line folding is not accepted)"),
        .init(
            name: "trailer line ending with a bare LF", framing: "0\r\nA: 1\n\r\n",
            message: "chunked body's trailer section, line 1 ends with a bare LF; HTTP/1.1 lines end with CRLF"),
    ]

    @Test(arguments: malformed)
    func malformedChunkingIs400NamingWhatWasWrong(_ chunking: MalformedChunking) {
        let stream = Self.head + Array(chunking.framing.utf8)

        #expect(outcome(of: stream) == .error(status: 400, message: chunking.message))
        #expect(outcome(of: stream, pieceLength: 1) == .error(status: 400, message: chunking.message))
    }
}

/// The parser promises the same requests however the bytes are split: checked on the chunked
/// streams above whole, one byte at a time and cut at pseudo-random points (a fixed seed, so a
/// failure replays).
@Suite struct ChunkedBodySplitTests {
    struct Stream: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var limits: HTTPLimits = HTTPLimits()
        /// How the whole stream's first event starts.
        var firstEvent: String

        var testDescription: String { name }
    }

    static let tightLimits: HTTPLimits = {
        var limits = HTTPLimits()
        limits.maxRequestLineLength = 64
        limits.maxHeadLength = 160
        limits.maxBodyLength = 48
        return limits
    }()

    static let bodyLimit64KiB: HTTPLimits = {
        var limits = HTTPLimits()
        limits.maxBodyLength = 64 * 1024
        return limits
    }()

    static let streams: [Stream] = [
        Stream(
            name: "4,877 chunks of 16 bytes",
            bytes: ChunkedBodyTests.chunked(ChunkedBodyTests.manyChunksBody, chunkLength: 16),
            firstEvent: "request POST / HTTP/1.1"),
        Stream(
            name: "leading zeros, extensions and trailers, then a pipelined GET",
            bytes: ChunkedBodyTests.head
                + Array(
                    ("0000a;x=1\r\nabcdefghij\r\n" + String(repeating: "0", count: 900) + "2\r\nkl\r\n"
                        + "000\r\nT: 1\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n").utf8),
            firstEvent: "request POST / HTTP/1.1"),
        Stream(
            name: "size line over the bound",
            bytes: ChunkedBodyTests.head + Array((String(repeating: "0", count: 2_000) + "5\r\nhello\r\n").utf8),
            firstEvent: "error: chunked body: a chunk-size line"),
        Stream(
            name: "body over the limit in many chunks",
            bytes: ChunkedBodyTests.chunked(ChunkedBodyTests.letters(64 * 1024 + 16), chunkLength: 16),
            limits: bodyLimit64KiB, firstEvent: "error: request body longer than 65536 bytes"),
        Stream(
            name: "framing over the allowance in one-byte chunks (tight limits)",
            bytes: ChunkedBodyTests.chunked(ChunkedBodyTests.letters(40), chunkLength: 1),
            limits: tightLimits, firstEvent: "error: chunked body: the chunk-size lines"),
        Stream(
            name: "size line over the framing allowance before its own bound (tight limits)",
            bytes: ChunkedBodyTests.head + Array((String(repeating: "0", count: 300) + "5\r\nhello\r\n").utf8),
            limits: tightLimits, firstEvent: "error: chunked body: the chunk-size lines"),
        Stream(
            name: "size line over a tight bound, inside the framing allowance",
            bytes: ChunkedBodyTests.head + Array((String(repeating: "0", count: 30) + "5\r\nhello\r\n").utf8),
            limits: {
                var limits = tightLimits
                limits.maxChunkSizeLineLength = 24
                return limits
            }(), firstEvent: "error: chunked body: a chunk-size line (size, extensions and CRLF) longer than 24 bytes"),
    ]

    /// SplitMix64: a seeded generator, so the cut points are the same on every run and platform.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: streams)
    func chunkedStreamParsesTheSameWholeByteByByteAndCutAtRandom(_ stream: Stream) {
        let whole = ParserEvents.events(of: stream.bytes, cutAt: [], limits: stream.limits)
        #expect(whole.first?.hasPrefix(stream.firstEvent) == true, "in one piece: \(whole.first ?? "no event")")

        let byteByByte = ParserEvents.events(
            of: stream.bytes, cutAt: Array(0..<stream.bytes.count), limits: stream.limits)
        #expect(byteByByte == whole, "byte by byte")

        var random = SeededGenerator(state: 24)
        for round in 0..<20 {
            let cuts = (0..<Int.random(in: 1...64, using: &random)).map { _ in
                Int.random(in: 1..<stream.bytes.count, using: &random)
            }
            let split = ParserEvents.events(of: stream.bytes, cutAt: cuts, limits: stream.limits)
            #expect(split == whole, "round \(round), cut at \(cuts.sorted())")
        }
    }
}
