package import Foundation
package import HTTPServer
package import Locking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The key record-mode tests record with, and the different one their clients send.
package let realTestKey = "TEST-SECRET-KEY-0123456789abcdef"
package let clientTestKey = "client-key-fedcba9876543210"

/// A stand-in for the live API: answers like OpenWeatherMap and, like older API responses did, echoes
/// the key it received into its body and an `X-Cache-Key` header, so tests can prove the key never
/// reaches a cassette, a log line or the journal. A handler that keeps what it was asked; a test serves
/// it on 127.0.0.1, port 0, with `withMock(.upstream(upstream), mode: .live) { api in … }` and points
/// record mode at `api.baseURL`.
package final class FakeUpstream: HTTPHandler {
    /// Every request target received, in order.
    private let received = ReceivedTargets()
    private let answer: @Sendable (HTTPRequest) -> HTTPResponse
    private let arrivalsContinuation: AsyncStream<String>.Continuation
    /// Each received target as it arrives, for tests that wait on the n-th request; it ends when the
    /// upstream is released.
    package let arrivals: AsyncStream<String>

    /// Every request target received so far, in order.
    package var targets: [String] { received.list.withLock { $0 } }

    /// Answers with `answer` (default: `FakeUpstream.openWeatherMap`).
    package init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse = FakeUpstream.openWeatherMap) {
        (arrivals, arrivalsContinuation) = AsyncStream<String>.makeStream()
        self.answer = answer
    }

    deinit {
        arrivalsContinuation.finish()
    }

    package func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        received.list.withLock { $0.append(request.target) }
        arrivalsContinuation.yield(request.target)
        return .respond(answer(request))
    }

    /// The `appid` values the upstream received.
    package var receivedKeys: [String] {
        targets.compactMap { target in
            URLComponents(string: "http://x" + target)?.queryItems?.first { $0.name.lowercased() == "appid" }?.value
        }
    }

    /// OpenWeatherMap as far as the tests need it: weather (by q or coordinates, in the requested units),
    /// forecast, direct geocoding, and the API's errors for `q=Atlantis` (404), `q=Denied` (401),
    /// `q=Busy` (429), `q=Broken` (500). `q=Pretty` answers pretty-printed JSON; `q=서울` answers in Korean.
    package static func openWeatherMap(_ request: HTTPRequest) -> HTTPResponse {
        let items = URLComponents(string: "http://x" + request.target)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name.lowercased() == name }?.value }
        let key = value("appid") ?? ""
        var headers: HTTPHeaders = [
            "Server": "openresty", "Content-Type": "application/json; charset=utf-8",
            "X-Cache-Key": "\(request.path)?q=\(value("q") ?? "")&appid=\(key)", "Access-Control-Allow-Origin": "*",
            "Set-Cookie": "session=\(key)", "X-Echo-Key": key,
        ]
        func answer(_ status: Int, _ body: String) -> HTTPResponse {
            HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
        }
        let units = value("units") ?? "standard"
        let temperature = units == "metric" ? "-2.34" : units == "imperial" ? "27.79" : "270.81"
        switch (request.path, value("q")) {
        case (_, "Atlantis"): return answer(404, #"{"cod":"404","message":"city not found"}"#)
        case (_, "Denied"):
            return answer(
                401,
                #"{"cod":401, "message": "Invalid API key \#(key). Please see https://openweathermap.org/faq#error401 for more info."}"#
            )
        case (_, "Busy"):
            headers.add(name: "Retry-After", value: "60")
            return answer(429, #"{"cod":429, "message": "Your account is temporary blocked"}"#)
        case (_, "Broken"): return answer(500, #"{"message":"Error: Internal server error","cod":"500"}"#)
        case ("/geo/1.0/direct", let q?):
            return answer(
                200,
                #"[{"name":"\#(q)","local_names":{"ko":"서울","en":"Seoul"},"lat":37.5666791,"lon":126.9782914,"country":"KR","echo":"\#(key)"}]"#
            )
        case ("/data/2.5/forecast", let q):
            return answer(
                200,
                #"{"cod":"200","message":0,"cnt":1,"list":[{"dt":1670209200,"main":{"temp":\#(temperature),"temp_kf":0},"weather":[{"id":804,"main":"Clouds"}],"dt_txt":"2022-12-05 03:00:00"}],"city":{"id":1835848,"name":"\#(q ?? "Jung-gu")","country":"KR"},"debug":"appid=\#(key)"}"#
            )
        case (_, "Pretty"):
            return answer(
                200, "{\n  \"name\": \"Pretty\",\n  \"main\": {\"temp\": \(temperature)},\n  \"cod\": 200\n}\n")
        case (_, "서울"):
            return answer(
                200,
                #"{"weather":[{"id":803,"description":"튼구름"}],"main":{"temp":\#(temperature)},"name":"서울","cod":200}"#)
        default:
            let name = value("q") ?? (value("lat") != nil ? "Jung-gu" : "")
            return answer(
                200,
                #"{"coord":{"lon":126.9778,"lat":37.5683},"weather":[{"id":804,"main":"Clouds","description":"overcast clouds","icon":"04d"}],"main":{"temp":\#(temperature),"pressure":1031},"wind":{"speed":2.46},"name":"\#(name)","cod":200,"echo":"appid=\#(key)","key":"\#(key)","trace":"trace-id-8f8f8f"}"#
            )
        }
    }
}

/// The targets a fake upstream received, shared with its handler.
package final class ReceivedTargets: Sendable {
    package let list = Locked<[String]>([])
}

extension MockSetup {
    /// `upstream` behind the HTTP server, with one event loop as the live API's stand-in needs.
    package static func upstream(_ upstream: FakeUpstream) -> MockSetup {
        .handler(upstream, eventLoopCount: 1)
    }
}

/// A port on 127.0.0.1 where nothing listens (bound, then closed), for "upstream down".
package func closedPort() async throws -> Int {
    try await withMock(.handler(HTTPHandlerFunction { _ in .respond(HTTPResponse()) }, eventLoopCount: 1), mode: .live)
    {
        try $0.port
    }
}

/// One HTTP exchange as a client saw it.
package struct ClientExchange: Sendable {
    package var status: Int
    package var headers: [String: String]
    package var body: [UInt8]
    package var text: String { String(decoding: body, as: UTF8.self) }
    /// Everything the client received, for scanning.
    package var everything: String { headers.map { "\($0.key): \($0.value)" }.joined(separator: "\n") + "\n" + text }

    package func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
}

/// GETs `target` from 127.0.0.1:`port` with URLSession (async: no thread is blocked while a
/// record-mode server waits on its upstream), sending `headers` besides URLSession's own (a client's
/// `Authorization`, say).
package func fetch(_ target: String, port: Int, headers: [String: String] = [:]) async throws -> ClientExchange {
    guard let url = URL(string: "http://127.0.0.1:\(port)\(target)") else { throw HarnessError.badTarget(target) }
    var request = URLRequest(url: url, timeoutInterval: 20)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw HarnessError.badTarget(target) }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    return ClientExchange(status: http.statusCode, headers: headers, body: Array(data))
}

/// Sends an absolute-form request (`GET http://api.openweathermap.org/...`), as a client behind an
/// HTTP proxy does.
package func fetchThroughProxy(_ absoluteTarget: String, port: Int) async throws -> RawHTTPClient.Exchange {
    try await RawHTTPClient(port: port, readTimeoutMilliseconds: 20_000).exchange(absoluteTarget)
}

/// Every file under `directory` (hidden ones included) with its contents.
package func allFiles(under directory: URL) -> [(path: String, contents: String)] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    var files: [(String, String)] = []
    while let relative = enumerator.nextObject() as? String {
        let url = directory.appendingPathComponent(relative)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { continue }
        files.append((relative, (try? String(contentsOf: url, encoding: .utf8)) ?? ""))
    }
    return files.sorted { $0.0 < $1.0 }
}

/// Runs `mockweather record` against the upstream at `upstream` into `directory`, the key from the
/// environment: the one way the command-line recording tests start it.
package func record(
    _ arguments: [String], upstream: URL, directory: TemporaryDirectory
) async throws -> ProcessResult {
    try await RunningProcess.run(
        "mockweather",
        ["record", "--upstream", upstream.absoluteString, "--cassettes", directory.url.path] + arguments,
        environment: ["OPENWEATHERMAP_API_KEY": realTestKey])
}
