import Foundation
import MockWeather
import Testing

@testable import MockWeatherURLProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The host a real app would call: the session's protocol answers before any name is resolved.
private let liveAPI = URL(string: "https://api.openweathermap.org")!

/// URLProtocol replay: no socket, one configuration.
@Suite struct URLProtocolReplayTests {
    @Test func bundledSeoulIsReplayedForTheLiveHostWithoutASocket() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (status, body) = try await fetch(weatherURL(liveAPI, "q=Seoul"), session: session).get()

        #expect(status == 200)
        #expect(nameField(body) == "Seoul")
        #expect(replayer.journal.requests.map(\.cassette) == ["openweathermap/current/seoul#0"])
    }

    @Test func theCassettesHeadersArriveWithTheBodysLength() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (data, response) = try await session.data(from: weatherURL(liveAPI, "q=Seoul"))
        let head = try #require(response as? HTTPURLResponse)

        #expect(head.value(forHTTPHeaderField: "content-type") == "application/json; charset=utf-8")
        #expect(head.value(forHTTPHeaderField: "Server") == "openresty")
        #expect(head.value(forHTTPHeaderField: "X-Cache-Key") == "/data/2.5/weather?q=seoul")
        #expect(head.value(forHTTPHeaderField: "Access-Control-Allow-Methods") == "GET, POST")
        #expect(head.value(forHTTPHeaderField: "Content-Length") == String(data.count))
        let lengths = head.allHeaderFields.keys.compactMap { $0 as? String }.filter {
            $0.lowercased() == "content-length"
        }
        #expect(lengths == ["Content-Length"], "one length, however the cassette spelled it")
    }

    @Test func unitsAreConvertedAsServeConvertsThem() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (_, body) = try await fetch(weatherURL(liveAPI, "q=Seoul&units=metric"), session: session).get()

        #expect(temperatureField(body) == -2.34)
    }

    @Test func unmatchedRequestFailsThatRequestWith501AndItsDiagnosis() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (status, body) = try await fetch(weatherURL(liveAPI, "q=Busan"), session: session).get()

        #expect(status == 501)
        #expect(body.contains("no cassette matches GET /data/2.5/weather?q=Busan&appid=***; closest: "))
        #expect(replayer.journal.unmatchedRequests.count == 1)
    }

    @Test func aSequenceResetsItsFirstRequestAsConnectionLostThenAnswers() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let first = await fetch(weatherURL(liveAPI, "q=mock-flaky"), session: session)
        let second = await fetch(weatherURL(liveAPI, "q=mock-flaky"), session: session)

        #expect(throws: URLError.self) { try first.get() }
        if case .failure(let error) = first { #expect(error.code == .networkConnectionLost) }
        #expect(try second.get().0 == 200)
    }

    @Test(arguments: ["reset", "empty"])
    func brokenConnectionsFailAsConnectionLost(fault: String) async throws {
        let broken = InlineCassette.answering(
            "/data/2.5/weather", query: ["q": "broken"], json: weatherBody(name: "Broken", kelvin: 280), fault: fault)
        let replayer = try MockWeatherReplayer(.cassettes([broken]))
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let result = await fetch(weatherURL(liveAPI, "q=broken"), session: session)

        guard case .failure(let error) = result else {
            Issue.record("a \(fault) fault was answered: \(result)")
            return
        }
        #expect(error.code == .networkConnectionLost)
    }

    @Test func aTruncatedBodyWithItsFullLengthAnnouncedFailsAsConnectionLost() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let result = await fetch(weatherURL(liveAPI, "q=mock-truncated-body"), session: session)

        #expect(throws: URLError.self) { try result.get() }
    }

    @Test func anUnframedTruncatedBodyArrivesShort() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (status, body) = try await fetch(weatherURL(liveAPI, "q=mock-truncated-unframed"), session: session).get()

        #expect(status == 200)
        #expect(!body.isEmpty)
        #expect(nameField(body) == nil, "the body is cut short, so it is not valid JSON")
    }

    @Test func aHangEndsWithTheRequestsOwnTimeout() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let result = await fetch(weatherURL(liveAPI, "q=mock-hang"), session: session, timeout: 0.2)

        guard case .failure(let error) = result else {
            Issue.record("a hang was answered: \(result)")
            return
        }
        #expect(error.code == .timedOut)
    }

    @Test func aDelayedAnswerArrivesWithItsDelayJournalled() async throws {
        let delayed = InlineCassette.answering(
            "/data/2.5/weather", query: ["q": "Delayed"], json: weatherBody(name: "Delayed", kelvin: 280),
            delayMilliseconds: 20)
        let replayer = try MockWeatherReplayer(.cassettes([delayed]))
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (status, _) = try await fetch(weatherURL(liveAPI, "q=Delayed"), session: session).get()

        #expect(status == 200)
        #expect(replayer.journal.requests.first?.delayMilliseconds == 20)
    }

    @Test func aDripDeliversTheWholeBodyInPieces() async throws {
        let dripping = InlineCassette.answering(
            "/data/2.5/weather", query: ["q": "Drip"], json: weatherBody(name: "Drip", kelvin: 280), fault: "drip")
        var options = ReplayOptions()
        options.chaos = ChaosConfiguration()
        let replayer = try MockWeatherReplayer(.cassettes([dripping]), options: options)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (status, body) = try await fetch(weatherURL(liveAPI, "q=Drip"), session: session).get()

        #expect(status == 200)
        #expect(nameField(body) == "Drip", "\(body)")
    }

    @Test func twoReplayersSessionsNeverSeeEachOthersCassettes() async throws {
        let first = try MockWeatherReplayer(
            .cassettes([.answering("/data/2.5/weather", query: ["q": "x"], json: weatherBody(name: "First", kelvin: 1))]
            ))
        let second = try MockWeatherReplayer(
            .cassettes([
                .answering("/data/2.5/weather", query: ["q": "x"], json: weatherBody(name: "Second", kelvin: 2))
            ]))
        let firstSession = first.makeSession()
        let secondSession = second.makeSession()
        defer {
            firstSession.finishTasksAndInvalidate()
            secondSession.finishTasksAndInvalidate()
        }

        let one = try await fetch(weatherURL(liveAPI, "q=x"), session: firstSession).get()
        let two = try await fetch(weatherURL(liveAPI, "q=x"), session: secondSession).get()

        #expect(nameField(one.1) == "First")
        #expect(nameField(two.1) == "Second")
        #expect(first.journal.counts.total == 1)
        #expect(second.journal.counts.total == 1)
    }

    @Test func attachingTouchesOnlyTheGivenConfiguration() throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let configuration = URLSessionConfiguration.ephemeral
        let before = configuration.protocolClasses?.count ?? 0

        replayer.attach(to: configuration)
        replayer.attach(to: configuration)

        #expect(configuration.protocolClasses?.count == before + 1, "attached once, first")
        let untouched = URLSessionConfiguration.ephemeral.protocolClasses ?? []
        let ours: AnyClass = try #require(configuration.protocolClasses?.first)
        #expect(!untouched.contains { ObjectIdentifier($0) == ObjectIdentifier(ours) })
    }

    @Test func aSessionOutlivingItsReplayerFailsSayingSo() async throws {
        var replayer: MockWeatherReplayer? = try MockWeatherReplayer(.bundled)
        let session = try #require(replayer).makeSession()
        defer { session.finishTasksAndInvalidate() }
        replayer = nil

        let result = await fetch(weatherURL(liveAPI, "q=Seoul"), session: session)

        guard case .failure(let error) = result else {
            Issue.record("answered after the replayer was released: \(result)")
            return
        }
        #expect(error.code == .resourceUnavailable)
        #expect(error.localizedDescription.contains("has been released"))
    }

    @Test func theAdminAPIAnswersThroughTheProtocolToo() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        _ = await fetch(weatherURL(liveAPI, "q=Seoul"), session: session)

        let (status, body) = try await fetch(liveAPI.appendingPathComponent("__admin/requests"), session: session).get()

        #expect(status == 200)
        #expect(body.contains("openweathermap/current/seoul"))
    }

    @Test func resetStartsSequencesOver() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        _ = await fetch(weatherURL(liveAPI, "q=mock-flaky"), session: session)

        replayer.reset()
        let again = await fetch(weatherURL(liveAPI, "q=mock-flaky"), session: session)

        #expect(throws: URLError.self) { try again.get() }
        #expect(replayer.journal.requests.count == 1, "the journal was emptied")
    }

    @Test func eachTokenHasAProtocolClassOfItsOwnThatReadsItBack() {
        let tokens: [UInt64] = [1, 2, 3, 4, 5, 255, 256, 1_000_003, UInt64.max >> 1]
        let classes = tokens.map { ObjectIdentifier(ReplayerSlots.protocolClass(for: $0)) }

        #expect(Set(classes).count == tokens.count)
        for token in tokens {
            #expect(ReplayerSlots.slot(for: token).token == token)
        }
    }
}
