import Foundation
import HTTPServer
import Testing

@testable import MockWeather

/// A cassette document around the given interactions, as a test writes it by hand.
func cassetteJSON(source: String = "synthetic", _ interactions: String...) -> String {
    """
    {"format": "mockweather-cassette/1", "source": "\(source)", "interactions": [\(interactions.joined(separator: ","))]}
    """
}

/// An interaction answering GET `path` with `query` by a 200 JSON body.
func interaction(
    path: String = "/data/2.5/weather", query: String = "{}", near: String? = nil,
    body: String = #"{"name":"Seoul","cod":200}"#, extra: String = ""
) -> String {
    let nearPart = near.map { #", "near": \#($0)"# } ?? ""
    return """
        {"request": {"method": "GET", "path": "\(path)", "query": \(query)\(nearPart)},
         "response": {"status": 200, "json": \(body)}\(extra)}
        """
}

/// Decodes in-memory cassette files, failing the test on any problem.
func library(_ files: [(String, String)], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> CassetteLibrary
{
    let result = CassetteLoader.decode(files.map { ($0.0, Array($0.1.utf8)) })
    #expect(result.problems.isEmpty, "\(result.problems)", sourceLocation: sourceLocation)
    return CassetteLibrary(cassettes: result.cassettes)
}

/// The problems the loader reports for in-memory files.
func problems(_ files: [(String, String)]) -> [CassetteProblem] {
    CassetteLoader.decode(files.map { ($0.0, Array($0.1.utf8)) }).problems
}

/// Collects log lines in memory.
final class CollectedLog: LogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func write(line: String) { lock.withLock { stored.append(line) } }
    func flush() {}
    var lines: [String] { lock.withLock { stored } }
}

/// The handler `mockweather serve` runs, over in-memory cassettes, for tests that need no sockets.
struct HandlerHarness {
    let handler: MockWeatherHandler
    let store: CassetteStore
    let journal: RequestJournal
    let log = CollectedLog()

    init(
        _ files: [(String, String)], options: ServeOptions? = nil, directory: URL = URL(fileURLWithPath: "/nonexistent")
    )
        throws
    {
        self.init(
            store: CassetteStore(library: try library(files), directory: directory),
            options: options ?? ServeOptions(cassetteDirectory: directory))
    }

    /// The handler over `store` (cassettes on disk, for tests that reload).
    init(store: CassetteStore, options: ServeOptions) {
        self.store = store
        journal = RequestJournal(capacity: options.journalCapacity)
        let random = SeededRandom(seed: options.chaos.seed)
        let responder = ReplayResponder(
            store: store, unmatched: FailClosedResponder(status: options.unmatchedStatus), chaos: options.chaos,
            random: random, requireKey: options.requireKey)
        let admin = AdminAPI(store: store, journal: journal, random: random, startedAt: .now) { _ in }
        handler = MockWeatherHandler(
            responder: responder, admin: admin, journal: journal,
            logger: RequestLogger(sink: log, format: options.logFormat, inBackground: false))
    }

    func respond(_ target: String, method: String = "GET", loopback: Bool = true) -> HTTPResponse {
        let request = HTTPRequest(
            method: method, target: target, headers: ["Host": "127.0.0.1"],
            remoteAddress: loopback ? "127.0.0.1" : "192.0.2.7", isFromLoopback: loopback)
        switch handler.handle(request) {
        case .respond(let response): return response
        case .respondLater:
            Issue.record("expected an immediate response for \(target)")
            return HTTPResponse(status: 0)
        }
    }

    func respondLater(_ target: String, method: String = "POST") async -> HTTPResponse {
        let request = HTTPRequest(method: method, target: target)
        switch handler.handle(request) {
        case .respond(let response): return response
        case .respondLater(let body): return await body()
        }
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed with Foundation, for assertions on fields.
    var jsonObject: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
}
