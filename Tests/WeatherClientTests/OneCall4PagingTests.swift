import Foundation
import Locking
import Testing
import WeatherClient

/// What OpenWeatherClient sends for One Call 4.0, and how it follows a page's links: only `start` and
/// `cnt` from the link, to its own base URL with its own key, units and language.
@Suite struct OneCall4PagingTests {
    private typealias F = OneCall4Fixtures
    private let key = Fixtures.apiKey
    private let base = "http://127.0.0.1:8080"

    private func client(_ transport: InMemoryTransport, logger: (@Sendable (String) -> Void)? = nil)
        -> OpenWeatherClient
    {
        OpenWeatherClient.testing(transport, units: .metric, language: "kr", logger: logger)
    }

    @Test func currentSendsTheCoordinateUnitsLanguageAndKey() async throws {
        let transport = InMemoryTransport(.json(F.currentLisbon))

        _ = try await client(transport).oneCall4Current(at: F.lisbon)

        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "\(base)/data/4.0/onecall/current?lat=38.7223&lon=-9.1393&units=metric&lang=kr&appid=\(key)"
            ])
    }

    @Test func timelineSendsStartAndCountBeforeUnitsLanguageAndKey() async throws {
        let transport = InMemoryTransport([.json(F.hoursLisbon), .json(F.minutesChile)])

        _ = try await client(transport).oneCall4Timeline(
            .hours, at: F.lisbon, start: Date(timeIntervalSince1970: 1_785_495_600.9), count: 5)
        _ = try await client(transport).oneCall4Timeline(.minutes, at: F.lisbon)

        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "\(base)/data/4.0/onecall/timeline/1h?lat=38.7223&lon=-9.1393&start=1785495600&cnt=5"
                    + "&units=metric&lang=kr&appid=\(key)",
                "\(base)/data/4.0/onecall/timeline/1min?lat=38.7223&lon=-9.1393&units=metric&lang=kr&appid=\(key)",
            ])
    }

    @Test func eachTimelineHasItsOwnPath() async throws {
        let transport = InMemoryTransport([
            .json(F.minutesChile), .json(F.quarterHoursLisbon), .json(F.hoursLisbon), .json(F.daysLisbon),
        ])
        let client = client(transport)

        _ = try await client.oneCall4Timeline(.minutes, at: F.lisbon)
        _ = try await client.oneCall4Timeline(.quarterHours, at: F.lisbon)
        _ = try await client.oneCall4Timeline(.hours, at: F.lisbon)
        _ = try await client.oneCall4Timeline(.days, at: F.lisbon)

        #expect(
            transport.requests.map(\.url.path) == [
                "/data/4.0/onecall/timeline/1min", "/data/4.0/onecall/timeline/15min",
                "/data/4.0/onecall/timeline/1h", "/data/4.0/onecall/timeline/1day",
            ])
    }

    @Test func aLiveFormNextLinkIsFollowedWithTheClientsOwnBaseKeyUnitsAndLanguage() async throws {
        let transport = InMemoryTransport([.json(F.hoursLisbon), .json(F.hoursPage(first: 1_785_740_400, count: 20))])
        let client = client(transport)

        let first = try await client.oneCall4Timeline(.hours, at: F.lisbon)
        let second = try await client.nextPage(after: first)

        #expect(second?.first?.time == Date(timeIntervalSince1970: 1_785_740_400))
        let sent = try #require(transport.requests.last).url.absoluteString
        #expect(
            sent
                == "\(base)/data/4.0/onecall/timeline/1h?lat=38.7223&lon=-9.1393&start=1785740400&cnt=20"
                + "&units=metric&lang=kr&appid=\(key)")
        #expect(!sent.contains(F.linkKey), "the key the link carries is never sent")
        #expect(!sent.contains("api.openweathermap.org") && !sent.contains("lang=en"))
    }

    @Test func aDocumentedFormLinkWithoutUnitsOrLanguageGetsTheClientsOwn() async throws {
        let transport = InMemoryTransport([.json(F.daysDocumented), .json(F.daysLisbon)])
        let client = client(transport)
        let london = Coordinate(latitude: 51.5, longitude: -0.1)

        let first = try await client.oneCall4Timeline(
            .days, at: london, start: Date(timeIntervalSince1970: 1_777_000_000))
        // The documented example's next start precedes its own first day; a link is followed only
        // forward, so the example is refused rather than walked backwards.
        await #expect(throws: WeatherError.self) { try await client.nextPage(after: first) }

        var shifted = first
        shifted.records[0].time = Date(timeIntervalSince1970: 1_776_510_000)
        _ = try await client.nextPage(after: shifted)

        #expect(
            transport.requests.last?.url.absoluteString
                == "\(base)/data/4.0/onecall/timeline/1day?lat=51.5&lon=-0.1&start=1776596400&cnt=10"
                + "&units=metric&lang=kr&appid=\(key)")
        #expect(transport.requestCount == 2, "the refused link sent nothing")
    }

    @Test func previousPageFollowsPrevWithTheOriginalCoordinate() async throws {
        let transport = InMemoryTransport([
            .json(F.daysLisbon), .json(F.historicalSnowDay),
        ])
        let client = client(transport)
        let asked = Coordinate(latitude: 38.72231, longitude: -9.13934)

        let page = try await client.oneCall4Timeline(.days, at: asked)
        let earlier = try await client.previousPage(before: page)

        #expect(earlier?.first?.snow == 6.3)
        #expect(
            transport.requests.last?.url.absoluteString
                == "\(base)/data/4.0/onecall/timeline/1day?lat=38.72231&lon=-9.13934&start=1784764800&cnt=10"
                + "&units=metric&lang=kr&appid=\(key)")
    }

    @Test func aPageWithoutALinkHasNoNextOrPreviousPageAndSendsNothing() async throws {
        let transport = InMemoryTransport(.json(F.minutesChile))
        let client = client(transport)

        let page = try await client.oneCall4Timeline(.minutes, at: F.chile)

        #expect(try await client.nextPage(after: page) == nil)
        #expect(try await client.previousPage(before: page) == nil)
        #expect(transport.requestCount == 1)
    }

    @Test(arguments: [
        "http://api.openweathermap.org/data/4.0/onecall/timeline/1day?cnt=20&start=1785740400&appid=K",
        "http://api.openweathermap.org/data/2.5/forecast?start=1785740400&appid=K",
        "http://evil.example/steal?start=1785740400&appid=K",
        "/data/4.0/onecall/alert/x?start=1785740400",
    ])
    func aLinkToAnotherPathIsRefusedWithoutARequest(link: String) async throws {
        let body = F.hoursPage(first: 1_785_668_400, count: 2, next: link)
        let transport = InMemoryTransport(.json(body))
        let client = client(transport)
        let page = try await client.oneCall4Timeline(.hours, at: F.lisbon)

        let error = await #expect(throws: WeatherError.self) { try await client.nextPage(after: page) }

        guard case .invalidRequest(let message) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains("refused to follow the page's next link"))
        #expect(message.contains("is not /data/4.0/onecall/timeline/1h"))
        #expect(transport.requestCount == 1)
    }

    @Test func aLinkUnderTheClientsOwnBasePathIsFollowed() async throws {
        let link = "http://127.0.0.1:8080/owm/data/4.0/onecall/timeline/1h?cnt=2&start=1785675600&appid=X"
        let transport = InMemoryTransport([
            .json(F.hoursPage(first: 1_785_668_400, count: 2, next: link)),
            .json(F.hoursPage(first: 1_785_675_600, count: 2)),
        ])
        let client = OpenWeatherClient(
            apiKey: key, baseURL: URL(string: "http://127.0.0.1:8080/owm/")!, units: .metric, transport: transport,
            environment: [:])

        let page = try await client.oneCall4Timeline(.hours, at: F.lisbon)
        _ = try await client.nextPage(after: page)

        #expect(
            transport.requests.last?.url.absoluteString
                == "http://127.0.0.1:8080/owm/data/4.0/onecall/timeline/1h?lat=38.7223&lon=-9.1393&start=1785675600"
                + "&cnt=2&units=metric&appid=\(key)")
    }

    @Test func aLinkWithoutStartOrThatDoesNotMoveOnIsRefused() async throws {
        let noStart = F.hoursPage(
            first: 1_785_668_400, count: 2,
            next: "http://api.openweathermap.org/data/4.0/onecall/timeline/1h?cnt=20&appid=\(F.linkKey)")
        let backwards = F.hoursPage(
            first: 1_785_668_400, count: 2, next: F.liveLink("1h", start: 1_785_668_400, count: 20))
        let transport = InMemoryTransport([.json(noStart), .json(backwards)])
        let client = client(transport)

        let first = try await client.oneCall4Timeline(.hours, at: F.lisbon)
        let second = try await client.oneCall4Timeline(.hours, at: F.lisbon)

        let missing = await #expect(throws: WeatherError.self) { try await client.nextPage(after: first) }
        let still = await #expect(throws: WeatherError.self) { try await client.nextPage(after: second) }
        #expect(missing?.description.contains("has no start") == true)
        #expect(still?.description.contains("is not after the page's first record (1785668400)") == true)
        #expect(transport.requestCount == 2)
    }

    @Test func aPageDecodedOutsideTheClientCannotBeFollowed() async throws {
        let transport = InMemoryTransport(.json(F.hoursLisbon))
        let page = try F.decode(OneCall4Page<OneCall4Interval>.self, F.hoursLisbon)

        let error = await #expect(throws: WeatherError.self) { try await client(transport).nextPage(after: page) }

        #expect(error?.description.contains("was not fetched by OpenWeatherClient") == true)
        #expect(transport.requestCount == 0)
    }

    @Test func theLinksKeyIsInNoDescriptionDumpErrorOrLogLine() async throws {
        let lines = PageLogLines()
        let foreign = F.hoursPage(
            first: 1_785_668_400, count: 2, next: "http://x/data/2.5/weather?start=1&appid=\(F.linkKey)")
        let transport = InMemoryTransport([.json(F.hoursLisbon), .json(foreign)])
        let client = client(transport, logger: lines.append)

        let page = try await client.oneCall4Timeline(.hours, at: F.lisbon)
        let refused = try await client.oneCall4Timeline(.hours, at: F.lisbon)
        let error = await #expect(throws: WeatherError.self) { try await client.nextPage(after: refused) }
        var dumped = ""
        dump(page, to: &dumped)

        let texts =
            [
                "\(page)", String(reflecting: page), dumped, "\(try #require(page.next))",
                page.next?.redactedText ?? "",
                String(reflecting: page.next), "\(String(describing: error))", String(reflecting: error),
            ] + lines.all
        for text in texts {
            #expect(!text.contains(F.linkKey))
            #expect(!text.contains(key))
        }
        #expect(page.next?.redactedText.contains("appid=<redacted>&units=metric") == true)
        #expect(error?.description.contains("appid=<redacted>") == true)
    }

    @Test func pagesWalkFortyEightHoursAcrossThreePagesAndStopWhereTheLinksEnd() async throws {
        let starts = [1_785_668_400, 1_785_740_400, 1_785_812_400]
        let transport = InMemoryTransport([
            .json(F.hoursPage(first: starts[0], count: 20, next: F.liveLink("1h", start: starts[1], count: 20))),
            .json(F.hoursPage(first: starts[1], count: 20, next: F.liveLink("1h", start: starts[2], count: 20))),
            .json(F.hoursPage(first: starts[2], count: 8)),
        ])

        var hours: [OneCall4Interval] = []
        for try await page in client(transport).oneCall4Pages(.hours, at: F.lisbon) {
            hours += page.records
        }

        #expect(hours.count == 48)
        #expect(zip(hours, hours.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 3600 })
        #expect(transport.requests.map { $0.queryValue("start") } == [nil, "1785740400", "1785812400"])
        #expect(transport.requests.allSatisfy { $0.queryValue("appid") == key && $0.queryValue("lang") == "kr" })
    }

    @Test func pagesStopWhenTheCallerBreaksAndFetchNothingBeforeIteration() async throws {
        let transport = InMemoryTransport([
            .json(F.hoursLisbon),
            .json(
                F.hoursPage(first: 1_785_740_400, count: 20, next: F.liveLink("1h", start: 1_785_812_400, count: 20))),
        ])
        let pages = client(transport).oneCall4Pages(.hours, at: F.lisbon)
        #expect(transport.requestCount == 0)

        var seen = 0
        for try await page in pages {
            seen += page.records.count
            if seen >= 40 { break }
        }

        #expect(seen == 40)
        #expect(transport.requestCount == 2)
    }

    @Test func pagesWalkBackwardsThroughPrev() async throws {
        let transport = InMemoryTransport([.json(F.daysLisbon), .json(F.historicalSnowDay)])

        var firstDays: [Date] = []
        for try await page in client(transport).oneCall4Pages(.days, at: F.lisbon, direction: .backward) {
            firstDays.append(try #require(page.first).time)
        }

        #expect(firstDays == [Date(timeIntervalSince1970: 1_785_628_800), Date(timeIntervalSince1970: 1_753_920_000)])
        #expect(transport.requests.last?.queryValue("start") == "1784764800")
    }

    @Test func anErrorEndsThePagesAfterItIsThrown() async throws {
        let transport = InMemoryTransport([.json(F.hoursLisbon), .json(F.noSubscription4Body, status: 401)])
        var iterator = client(transport).oneCall4Pages(.hours, at: F.lisbon).makeAsyncIterator()

        #expect(try await iterator.next()?.records.count == 20)
        await #expect(throws: WeatherError.unauthorized(message: F.noSubscription4Message)) {
            _ = try await iterator.next()
        }
        #expect(try await iterator.next() == nil)
        #expect(transport.requestCount == 2)
    }
}

/// Log lines a client wrote, collected across tasks.
private final class PageLogLines: Sendable {
    private let lines = Locked<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}
