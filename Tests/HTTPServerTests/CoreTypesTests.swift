import Testing

@testable import HTTPServer

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndKeepsOrderAndSpelling() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1"]
        headers.add(name: "x-a", value: "2")

        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "X-a") == ["1", "2"])
        #expect(headers.map(\.name) == ["Content-Type", "X-A", "x-a"])
    }

    @Test func replaceKeepsThePositionOfTheFirstAndDropsTheRest() {
        var headers: HTTPHeaders = ["A": "1", "B": "2", "a": "3"]

        headers.replaceOrAdd(name: "A", value: "9")

        #expect(headers.map(\.name) == ["A", "B"])
        #expect(headers["a"] == "9")
    }

    @Test func settingNilRemovesEveryFieldWithThatName() {
        var headers: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]

        headers["A"] = nil

        #expect(!headers.contains(name: "a"))
        #expect(headers.count == 1)
    }
}

@Suite struct RequestTargetTests {
    @Test func originFormSplitsPathAndQueryRaw() {
        let target = RequestTarget(parsing: Array("/data/2.5/weather?q=seoul%20city&x=".utf8), method: "GET")

        #expect(target == RequestTarget(path: "/data/2.5/weather", query: "q=seoul%20city&x=", authority: nil))
    }

    @Test func absoluteFormGivesHostPathAndQuery() {
        let target = RequestTarget(parsing: Array("http://api.example.com:80/a/b?q=1".utf8), method: "GET")

        #expect(target == RequestTarget(path: "/a/b", query: "q=1", authority: "api.example.com:80"))
    }

    @Test func absoluteFormWithoutPathMeansRoot() {
        let target = RequestTarget(parsing: Array("HTTP://example.com?q".utf8), method: "GET")

        #expect(target == RequestTarget(path: "/", query: "q", authority: "example.com"))
    }

    @Test(arguments: ["foo", "ftp://host/x", "/a b", "/a#frag", "http://", "*", "/\u{7F}"])
    func malformedTargetsAreRejected(_ text: String) {
        #expect(RequestTarget(parsing: Array(text.utf8), method: "GET") == nil)
    }

    @Test func connectTakesAnAuthorityAndOptionsAnAsterisk() {
        #expect(
            RequestTarget(parsing: Array("example.com:443".utf8), method: "CONNECT")?.authority == "example.com:443")
        #expect(RequestTarget(parsing: Array("*".utf8), method: "OPTIONS")?.path == "*")
    }

    @Test func publicRequestInitializerDerivesPartsLikeTheServer() {
        let request = HTTPRequest(target: "/weather?q=busan", headers: ["Host": "localhost:8080"])

        #expect(request.path == "/weather")
        #expect(request.query == "q=busan")
        #expect(request.host == "localhost:8080")
    }
}

@Suite struct ResponseEncoderTests {
    private func encode(
        _ response: HTTPResponse,
        keepAlive: Bool = true,
        isHead: Bool = false,
        version: HTTPVersion = .http11
    ) -> String {
        var encoder = ResponseEncoder()
        var bytes: [UInt8] = []
        encoder.encode(
            response,
            context: .init(keepAlive: keepAlive, isHeadRequest: isHead, requestVersion: version),
            into: &bytes
        )
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func addsDateAndContentLengthAndReplacesFramingHeaders() {
        let text = encode(
            HTTPResponse(
                status: 404,
                headers: ["Content-Type": "application/json", "Content-Length": "999", "Transfer-Encoding": "chunked"],
                body: Array("{}".utf8)
            ))

        #expect(text.hasPrefix("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nDate: "))
        #expect(text.hasSuffix("GMT\r\nContent-Length: 2\r\n\r\n{}"))
        #expect(!text.contains("chunked"))
    }

    @Test func headAnswerStatesTheLengthWithoutTheBody() {
        let text = encode(HTTPResponse(body: Array("hello".utf8)), isHead: true)

        #expect(text.hasSuffix("Content-Length: 5\r\n\r\n"))
    }

    @Test func noContentHasNeitherBodyNorLength() {
        let text = encode(HTTPResponse(status: 204, body: Array("ignored".utf8)))

        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func connectionHeaderSaysCloseOrHTTP10KeepAlive() {
        #expect(encode(HTTPResponse(), keepAlive: false).contains("Connection: close\r\n"))
        #expect(encode(HTTPResponse(), version: .http10).contains("Connection: keep-alive\r\n"))
        #expect(!encode(HTTPResponse()).contains("Connection:"))
    }

    @Test func responsesThatWouldBreakFramingAreReported() {
        #expect(ResponseEncoder.problem(with: HTTPResponse(status: 101)) != nil)
        #expect(ResponseEncoder.problem(with: HTTPResponse(headers: ["X": "a\r\nInjected: 1"])) != nil)
        #expect(ResponseEncoder.problem(with: HTTPResponse(headers: ["Bad Name": "x"])) != nil)
        #expect(ResponseEncoder.problem(with: HTTPResponse(headers: ["X-Fine": "ok"])) == nil)
    }

    @Test func dateIsIMFFixdate() {
        var cache = HTTPDateCache()

        cache.format(784_111_777)

        #expect(String(decoding: cache.bytes, as: UTF8.self) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func decimalsEncodeExactly() {
        for value in [0, 7, 10, 503, 1_048_576, Int(Int32.max)] {
            var bytes: [UInt8] = []
            ResponseEncoder.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }
}
