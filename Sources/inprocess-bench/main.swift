// Measures the two in-process modes beside `mockweather serve` for Scripts/bench-inprocess.sh:
// start-up with the bundled set to the first answered request, and the cost of one request, each
// through the same URLSession client. Prints one tab-separated figure per line, then a summary with
// ratios. Not a product: a tool for the script.
//
//   inprocess-bench MOCKWEATHER_BINARY [ROUNDS] [REQUESTS]

import Basics
import Dispatch
import Foundation
import MockWeather
import MockWeatherURLProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: inprocess-bench MOCKWEATHER_BINARY [ROUNDS] [REQUESTS]\n".utf8))
    exit(64)
}
let binary = URL(fileURLWithPath: arguments[1]).standardizedFileURL.path
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let requestsPerRound = arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000
let seoul = "/data/2.5/weather?q=Seoul"
let liveAPI = "https://api.openweathermap.org"

/// Milliseconds since `start`.
func milliseconds(since start: ContinuousClock.Instant) -> Double {
    start.duration(to: .now).inMilliseconds
}

/// One GET that must come back 200, or the bench stops: a figure for a failed request means nothing.
func get(_ url: String, session: URLSession) async {
    do {
        let (_, response) = try await session.data(from: URL(string: url)!)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            fatalError("inprocess-bench: \(url) answered \((response as? HTTPURLResponse)?.statusCode ?? -1)")
        }
    } catch {
        fatalError("inprocess-bench: \(url) failed: \(error)")
    }
}

struct BenchError: Error {
    var reason: String
}

/// `mockweather serve --port 0` with the bundled cassettes, its output drained on a thread of its own.
final class ServeProcess: @unchecked Sendable {
    let pid: Int32
    let baseURL: String

    init() throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw BenchError(reason: "pipe failed") }
        // An empty directory, so that the bundled set is used (not a ./Cassettes).
        do {
            pid = try ProcessSpawner.spawn(
                binary, arguments: ["serve", "--port", "0", "--event-loops", "1"], directory: "/",
                standardInput: .nullDevice, standardOutput: .descriptor(descriptors[1]), standardError: .nullDevice)
        } catch {
            throw BenchError(reason: "cannot start \(binary): \(error.reason)")
        }
        close(descriptors[1])
        let reader = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            guard !chunk.isEmpty else { throw BenchError(reason: "mockweather serve exited early") }
            buffer += chunk
        }
        let line = String(decoding: buffer.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        baseURL = String(line.dropFirst("mockweather listening on ".count))
        // Request log lines keep coming; a full pipe would stall the server.
        Thread.detachNewThread {
            while !reader.availableData.isEmpty {}
        }
    }

    func stop() {
        kill(pid, SIGTERM)
        _ = try? ProcessSpawner.waitForExit(pid)
    }
}

var figures: [String: [Double]] = [:]
@MainActor func record(_ name: String, _ value: Double) {
    figures[name, default: []].append(value)
    print("\(name)\t\(String(format: "%.3f", value))")
}

// Start-up: from nothing to the first answered request. The first in-process start in a process also
// reads and indexes the bundled set (later ones reuse the decoded cassettes, with fresh positions).
for round in 0..<rounds {
    do {
        let session = URLSession(configuration: .ephemeral)
        let start = ContinuousClock.now
        let serve = try ServeProcess()
        await get(serve.baseURL + seoul, session: session)
        record("startup.serve.ms", milliseconds(since: start))
        serve.stop()
        session.finishTasksAndInvalidate()
    }
    do {
        let session = URLSession(configuration: .ephemeral)
        let start = ContinuousClock.now
        let mock = try InProcessMockWeather.start(.bundled)
        await get(mock.baseURL.absoluteString + seoul, session: session)
        record(round == 0 ? "startup.inprocess.first.ms" : "startup.inprocess.ms", milliseconds(since: start))
        await mock.stop()
        session.finishTasksAndInvalidate()
    }
    do {
        let start = ContinuousClock.now
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        await get(liveAPI + seoul, session: session)
        record("startup.urlprotocol.ms", milliseconds(since: start))
        session.finishTasksAndInvalidate()
    }
}

/// The floor of the URLProtocol mode: a protocol that answers every request at once with a fixed 200
/// and a body the size of the Seoul answer, with no engine behind it. What URLSession's own machinery
/// costs per request, which no replayer can go under.
final class FixedAnswerProtocol: URLProtocol {
    static let body = Data(String(repeating: "x", count: 480).utf8)

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json; charset=utf-8"])
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

// Per request: sequential requests through one session (keep-alive for the two with a socket), after
// a warm-up; each mode takes its turn in every round.
@MainActor func perRequest(_ name: String, base: String, session: URLSession) async {
    for _ in 0..<50 { await get(base + seoul, session: session) }
    let start = ContinuousClock.now
    for _ in 0..<requestsPerRound { await get(base + seoul, session: session) }
    record("request.\(name).us", milliseconds(since: start) * 1000 / Double(requestsPerRound))
}
let serve = try ServeProcess()
let serveSession = URLSession(configuration: .ephemeral)
let mock = try InProcessMockWeather.start(.bundled)
let mockSession = URLSession(configuration: .ephemeral)
let replayer = try MockWeatherReplayer(.bundled)
let replayerSession = replayer.makeSession()
let floorConfiguration = URLSessionConfiguration.ephemeral
floorConfiguration.protocolClasses = [FixedAnswerProtocol.self]
let floorSession = URLSession(configuration: floorConfiguration)
for _ in 0..<rounds {
    await perRequest("serve", base: serve.baseURL, session: serveSession)
    await perRequest("inprocess", base: mock.baseURL.absoluteString, session: mockSession)
    await perRequest("urlprotocol", base: liveAPI, session: replayerSession)
    await perRequest("floor", base: liveAPI, session: floorSession)
}
serve.stop()
await mock.stop()

@MainActor func median(_ name: String) -> Double {
    let values = (figures[name] ?? []).sorted()
    guard !values.isEmpty else { return .nan }
    return values.count % 2 == 1
        ? values[values.count / 2] : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
}
func line(_ label: String, _ value: Double, _ unit: String, ratioTo baseline: Double? = nil) {
    let figure = String(format: "%9.2f", value) + " " + unit
    let ratio = baseline.map { String(format: "   %5.1fx mockweather serve's", $0 / value) } ?? ""
    print("  " + label.padding(toLength: 44, withPad: " ", startingAt: 0) + figure + ratio)
}
var missed = false
/// A target: `baseline / value` (how many times faster than `mockweather serve`) at least `times`.
@MainActor func check(_ label: String, _ value: Double, baseline: Double, atLeast times: Double) {
    let ratio = baseline / value
    missed = missed || !(ratio >= times)
    let verdict = ratio >= times ? "ok  " : "MISS"
    print(
        "  \(verdict) " + label.padding(toLength: 58, withPad: " ", startingAt: 0)
            + String(format: "%6.1fx (target >= %.1fx)", ratio, times))
}
print()
print("medians of \(rounds) rounds; \(requestsPerRound) sequential requests per round; bundled cassettes")
print("start-up to the first answered request (GET q=Seoul through URLSession):")
let serveStartup = median("startup.serve.ms")
line("mockweather serve (spawn, listen, answer)", serveStartup, "ms")
line(
    "in-process, first start (reads the set)", median("startup.inprocess.first.ms"), "ms",
    ratioTo: serveStartup)
line("in-process server, later starts", median("startup.inprocess.ms"), "ms", ratioTo: serveStartup)
line("URLProtocol replayer", median("startup.urlprotocol.ms"), "ms", ratioTo: serveStartup)
print("one request (keep-alive where there is a socket):")
let serveRequest = median("request.serve.us")
line("mockweather serve", serveRequest, "us")
line("in-process server", median("request.inprocess.us"), "us", ratioTo: serveRequest)
line("URLProtocol replayer", median("request.urlprotocol.us"), "us", ratioTo: serveRequest)
line("a URLProtocol with a fixed answer (floor)", median("request.floor.us"), "us", ratioTo: serveRequest)
let inProcessRequest = median("request.inprocess.us")
print(
    "  URLProtocol replayer / in-process server: "
        + String(
            format: "%.2f; the floor's: %.2f", median("request.urlprotocol.us") / inProcessRequest,
            median("request.floor.us") / inProcessRequest))
print("targets (ratios of medians; every figure from this one run):")
check(
    "in-process start to first answer vs serve's", median("startup.inprocess.ms"), baseline: serveStartup,
    atLeast: 2)
check(
    "URLProtocol start to first answer vs serve's", median("startup.urlprotocol.ms"), baseline: serveStartup,
    atLeast: 2)
check("URLProtocol request vs serve's", median("request.urlprotocol.us"), baseline: serveRequest, atLeast: 1)
check("in-process server request vs serve's", median("request.inprocess.us"), baseline: serveRequest, atLeast: 0.8)
check(
    "URLProtocol request vs the in-process server's (issue 26)", median("request.urlprotocol.us"),
    baseline: inProcessRequest, atLeast: 10)
exit(missed ? 1 : 0)
