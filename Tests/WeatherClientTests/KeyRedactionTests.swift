import Foundation
import Locking
import Testing
import WeatherClient

/// The API key never appears in error text, descriptions or logs.
@Suite struct KeyRedactionTests {
    private static let key = Fixtures.apiKey
    private static let urlWithKey = "http://127.0.0.1:8080/data/2.5/weather?q=Seoul&units=metric&appid=\(key)"

    /// Every way an answer can fail, each one carrying the request URL (and so the key) in the
    /// text the client turns into an error.
    private static let failingReplies: [(String, InMemoryTransport.Reply)] = [
        ("transport timeout", .fail(.timeout, "The request timed out: \(urlWithKey)")),
        ("transport other", .fail(.other, "failed: \(key)")),
        ("400", .json(#"{"cod":"400","message":"wrong latitude for \#(urlWithKey)"}"#, status: 400)),
        ("401", .json(#"{"cod":401,"message":"Invalid API key \#(key)"}"#, status: 401)),
        ("404", .json(#"{"cod":"404","message":"city not found: \#(urlWithKey)"}"#, status: 404)),
        ("429", .json(#"{"cod":429,"message":"blocked key \#(key)"}"#, status: 429)),
        ("500", .json(#"{"cod":"500","message":"no cassette matches GET \#(urlWithKey)"}"#, status: 500)),
        ("502 HTML", .text("<html><title>Bad Gateway for \(urlWithKey)</title></html>", status: 502)),
        ("503 text", .text("upstream said appid=\(key)&x=1", status: 503, contentType: "text/plain")),
        ("200 wrong type", .json(try! Fixtures.replacing("main.temp", with: key, in: Fixtures.seoul))),
        ("200 HTML", .text("<html><title>\(urlWithKey)</title></html>", status: 200)),
        ("200 not JSON", .text("\(key) garbage", status: 200, contentType: "text/plain")),
        ("200 with error cod", .json(#"{"cod":"404","message":"\#(urlWithKey)"}"#)),
    ]

    /// No error case contains the key in description, debugDescription or localizedDescription.
    @Test(arguments: failingReplies.map(\.0))
    func noErrorTextEverContainsTheKey(caseName: String) async throws {
        let reply = try #require(Self.failingReplies.first { $0.0 == caseName }?.1)
        let client = OpenWeatherClient.testing(InMemoryTransport(reply))

        let error = try #require(
            await #expect(throws: WeatherError.self) { try await client.currentWeather(city: "Seoul") })

        for text in [
            error.description, error.debugDescription, error.localizedDescription, String(describing: error),
            String(reflecting: error), error.serverMessage ?? "",
        ] {
            #expect(!text.contains(Self.key), "\(caseName) leaked the key: \(text)")
        }
        var dumped = ""
        dump(error, to: &dumped)
        #expect(!dumped.contains(Self.key))
    }

    /// The scrubbed message keeps everything but the key.
    @Test func scrubbingKeepsTheRestOfTheMessage() async throws {
        let client = OpenWeatherClient.testing(
            InMemoryTransport(.fail(.timeout, "The request timed out: \(Self.urlWithKey)")))

        let error = await #expect(throws: WeatherError.self) { try await client.currentWeather(city: "Seoul") }

        #expect(
            error
                == .transport(
                    kind: .timeout,
                    message:
                        "The request timed out: http://127.0.0.1:8080/data/2.5/weather?q=Seoul&units=metric&appid=<redacted>"
                )
        )
    }

    /// Printing, debug-printing or dumping a client never shows the key.
    @Test func printingOrDumpingAClientNeverShowsTheKey() {
        let client = OpenWeatherClient.testing(InMemoryTransport(.json(Fixtures.seoul)), units: .metric, language: "kr")
        var dumped = ""
        dump(client, to: &dumped)

        for text in [client.description, String(reflecting: client), dumped] {
            #expect(!text.contains(Self.key))
        }
        #expect(client.description == "OpenWeatherClient(http://127.0.0.1:8080, metric, lang kr, key <redacted>)")
    }

    /// Log lines show the request with the key redacted.
    @Test func logLinesShowTheRequestWithTheKeyRedacted() async throws {
        let lines = LogLines()
        let transport = InMemoryTransport([
            .json(Fixtures.seoul), .fail(.connectionLost, "reset by \(Self.urlWithKey)"),
        ])
        let client = OpenWeatherClient.testing(transport, units: .metric, logger: lines.append)

        _ = try await client.currentWeather(city: "Seoul")
        _ = try? await client.currentWeather(city: "Seoul")

        #expect(lines.all.count == 2)
        #expect(lines.all.allSatisfy { !$0.contains(Self.key) })
        #expect(
            lines.all.first?.hasPrefix(
                "GET http://127.0.0.1:8080/data/2.5/weather?q=Seoul&units=metric&appid=<redacted> → 200, ") == true)
    }

    /// A request's description redacts the key but its URL still carries it to the transport.
    @Test func requestDescriptionRedactsKey() async throws {
        let transport = InMemoryTransport(.json(Fixtures.seoul))
        _ = try await OpenWeatherClient.testing(transport).currentWeather(city: "Seoul")
        let request = try #require(transport.requests.first)

        #expect(request.queryValue("appid") == Self.key)
        #expect(!request.description.contains(Self.key))
        #expect(!request.redactedURL.contains(Self.key))
    }

    /// A short placeholder key is scrubbed from appid parameters but not from ordinary words.
    @Test func shortPlaceholderKeyIsScrubbedOnlyAsAnAppidParameter() async {
        let body = #"{"cod":"501","message":"mockweather: no cassette matches GET /data/2.5/weather?q=x&APPID=mock"}"#
        let client = OpenWeatherClient.testing(InMemoryTransport(.json(body, status: 501)), apiKey: "mock")

        let error = await #expect(throws: WeatherError.self) { try await client.currentWeather(city: "x") }

        #expect(error?.serverMessage == "mockweather: no cassette matches GET /data/2.5/weather?q=x&APPID=<redacted>")
    }
}

/// Collects log lines from the client's logger.
private final class LogLines: Sendable {
    private let lines = Locked<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}
