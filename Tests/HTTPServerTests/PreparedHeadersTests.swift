import Testing

@testable import HTTPServer

/// Header checks made once when fields are added, and header fields encoded once for responses sent
/// many times: the bytes on the wire and the refusals must be exactly as without them.
@Suite struct PreparedHeadersTests {
    private func encode(_ response: HTTPResponse, keepAlive: Bool = true, isHead: Bool = false) -> String {
        var encoder = ResponseEncoder()
        var bytes: [UInt8] = []
        encoder.encode(
            response, context: .init(keepAlive: keepAlive, isHeadRequest: isHead, requestVersion: .http11),
            into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func precomputed(_ headers: HTTPHeaders) -> HTTPHeaders {
        var headers = headers
        headers.precomputeWireFormat()
        return headers
    }

    @Test(
        arguments: [
            ["Content-Type": "application/json", "X-Cassette": "seoul"],
            ["Content-Type": "text/plain", "Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Connection": "close"],
            ["Content-Length": "12", "Transfer-Encoding": "chunked", "X": "1"],
            [:],
        ] as [HTTPHeaders])
    func precomputedFieldsEncodeToTheSameBytes(headers: HTTPHeaders) {
        let body = Array("{\"cod\":200}".utf8)
        for isHead in [false, true] {
            for keepAlive in [false, true] {
                let plain = encode(HTTPResponse(headers: headers, body: body), keepAlive: keepAlive, isHead: isHead)
                let prepared = encode(
                    HTTPResponse(headers: precomputed(headers), body: body), keepAlive: keepAlive, isHead: isHead)

                #expect(prepared == plain)
            }
        }
    }

    @Test func changingTheFieldsAfterPrecomputingSendsTheChangedFields() {
        var headers = precomputed(["Content-Type": "application/json", "X-A": "1"])

        headers.add(name: "X-B", value: "2")
        headers["X-A"] = "3"
        headers.remove(name: "Content-Type")

        let text = encode(HTTPResponse(headers: headers))
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nX-A: 3\r\nX-B: 2\r\nDate: "))
        #expect(headers.wireForm == nil)
    }

    @Test func aBadFieldIsRefusedHoweverItWasAdded() {
        var added = HTTPHeaders()
        added.add(name: "X", value: "a\r\nInjected: 1")
        var replaced: HTTPHeaders = ["X": "fine"]
        replaced.replaceOrAdd(name: "X", value: "bad\nvalue")
        var subscripted = HTTPHeaders()
        subscripted["Bad Name"] = "x"
        let lists: [HTTPHeaders] = [
            added, replaced, subscripted, HTTPHeaders([(name: "X", value: "nul\u{0}")]), ["": "empty name"],
            precomputed(["X": "a\rb"]),
        ]

        for headers in lists {
            #expect(ResponseEncoder.problem(with: HTTPResponse(headers: headers)) != nil, "\(headers)")
        }
        #expect(ResponseEncoder.problem(with: HTTPResponse(headers: precomputed(["X-Fine": "ok"]))) == nil)
    }

    @Test func aHandlersConnectionCloseIsHonouredHoweverItWasAdded() {
        var added = HTTPHeaders()
        added.add(name: "connection", value: "keep-alive, Close")
        let lists: [HTTPHeaders] = [added, ["Connection": "close"], precomputed(["CONNECTION": "close"])]

        for headers in lists {
            #expect(ResponseEncoder.asksToClose(HTTPResponse(headers: headers)), "\(headers)")
        }
        #expect(!ResponseEncoder.asksToClose(HTTPResponse(headers: ["X-Connection": "close"])))
    }

    @Test func requestHeadersCopiedIntoAResponseKeepTheirFramingFieldsOut() throws {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        let raw = Array("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8)
        let (_, event) = raw.withUnsafeBytes { parser.parse($0) }
        guard case .request(let request) = event else {
            Issue.record("expected a request, got \(event)")
            return
        }

        let response = HTTPResponse(headers: request.headers)
        let text = encode(response)

        #expect(ResponseEncoder.asksToClose(response))
        #expect(text.ranges(of: "Content-Length").count == 1)
        #expect(!text.contains("Connection"))
        #expect(text.contains("Host: h\r\n"))
    }

    @Test func tokenCharacterMaskMatchesTheRFCDefinition() {
        for byte in UInt8.min...UInt8.max {
            #expect(byte.isTokenCharacter == byte.isTokenCharacterBySwitch, "byte \(byte)")
        }
    }
}
