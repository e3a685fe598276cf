import Testing

@testable import HTTPServer

/// The codec on its own: bytes in, requests or typed errors out, no sockets.
@Suite struct HTTPRequestParserTests {
    /// Feeds `chunks` one after another the way a connection does (unconsumed bytes carried over) and
    /// collects every event.
    private func parse(_ chunks: [[UInt8]], limits: HTTPLimits = HTTPLimits()) -> [String] {
        var parser = HTTPRequestParser(limits: limits)
        var pending: [UInt8] = []
        var events: [String] = []
        for chunk in chunks {
            pending += chunk
            while true {
                let (consumed, event) = pending.withUnsafeBytes { parser.parse($0) }
                pending.removeFirst(consumed)
                switch event {
                case .needMoreData:
                    break
                case .expectsContinue:
                    events.append("continue")
                    continue
                case .request(let request):
                    let body = String(decoding: request.body, as: UTF8.self)
                    events.append("\(request.method) \(request.target) \(request.keepAlive) \(body)")
                    continue
                case .error(let error):
                    events.append("error \(error.status)")
                    return events
                }
                break
            }
        }
        return events
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        "POST /a?b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "POST /a?b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0002;x=y\r\nhe\r\n"
            + String(repeating: "0", count: 40) + "3\r\nllo\r\n00\r\nT: 1\r\n\r\n",
    ])
    func requestSplitAtEveryPointParsesTheSame(_ text: String) {
        let request = bytes(text)
        for split in 0...request.count {
            let events = parse([Array(request[..<split]), Array(request[split...])])
            #expect(events == ["POST /a?b true hello"], "split at \(split)")
        }
    }

    @Test func oneByteAtATimeParses() {
        let request = bytes("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")

        #expect(parse(request.map { [$0] }) == ["GET / false "])
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let events = parse([
            bytes("GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\nGET /3 HTTP/1.0\r\n\r\n")
        ])

        #expect(events == ["GET /1 true ", "GET /2 true ", "GET /3 false "])
    }

    @Test func chunkedBodyWithExtensionsAndTrailersIsDecoded() {
        let events = parse([
            bytes("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"),
            bytes("5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: t\r\n\r\n"),
        ])

        #expect(events == ["POST / true hello world"])
    }

    @Test func expectContinueIsReportedBeforeTheBody() {
        let events = parse([bytes("PUT / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok")])

        #expect(events == ["continue", "PUT / true ok"])
    }

    @Test func leadingEmptyLinesAreIgnored() {
        #expect(parse([bytes("\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")]) == ["GET / true "])
    }

    @Test func limitsAreEnforcedBeforeTheWholeLineArrives() {
        var limits = HTTPLimits()
        limits.maxRequestLineLength = 64
        limits.maxHeadLength = 128

        #expect(parse([bytes("GET /" + String(repeating: "a", count: 100))], limits: limits) == ["error 414"])
        #expect(
            parse([bytes("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 200))], limits: limits)
                == ["error 431"])
    }

    @Test func chunkedBodyOverTheLimitIs413() {
        var limits = HTTPLimits()
        limits.maxBodyLength = 4
        let events = parse(
            [
                bytes(
                    "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n")
            ],
            limits: limits)

        #expect(events == ["error 413"])
    }

    @Test func tooManyHeadersIs431() {
        var limits = HTTPLimits()
        limits.maxHeaderCount = 2

        #expect(parse([bytes("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\n\r\n")], limits: limits) == ["error 431"])
    }

    @Test func futureMajorVersionIs505() {
        #expect(parse([bytes("GET / HTTP/2.0\r\nHost: x\r\n\r\n")]) == ["error 505"])
    }

    @Test func utf8HeaderValuesAreKept() {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        let request = bytes("GET / HTTP/1.1\r\nHost: x\r\nX-City: 서울\r\n\r\n")
        let (_, event) = request.withUnsafeBytes { parser.parse($0) }
        guard case .request(let parsed) = event else {
            Issue.record("expected a request, got \(event)")
            return
        }
        #expect(parsed.headers["x-city"] == "서울")
    }
}
