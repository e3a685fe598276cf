import Foundation
import Testing

@testable import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLSessionTransport maps URLSession failures to kinds")
struct URLSessionTransportTests {
    private let request = TransportRequest(
        url: URL(string: "https://api.openweathermap.org/data/2.5/weather?q=Seoul&appid=\(Fixtures.apiKey)")!,
        timeout: .seconds(10)
    )

    @Test(
        "Each URLError code maps to its failure kind",
        arguments: [
            (URLError.Code.timedOut, TransportFailure.Kind.timeout),
            (.notConnectedToInternet, .offline),
            (.dataNotAllowed, .offline),
            (.cannotFindHost, .cannotConnect),
            (.dnsLookupFailed, .cannotConnect),
            (.cannotConnectToHost, .cannotConnect),
            (.networkConnectionLost, .connectionLost),
            (.badServerResponse, .connectionLost),
            (.cancelled, .cancelled),
            (.secureConnectionFailed, .other),
        ]
    )
    func urlErrorCodesMapToKinds(code: URLError.Code, kind: TransportFailure.Kind) {
        let failure = URLSessionTransport.failure(for: URLError(code), request: request)
        #expect(failure.kind == kind)
    }

    @Test("An unknown URLError whose text says the transfer was cut short is connectionLost, quoted and scrubbed")
    func unknownErrorWithCurlTextIsConnectionLost() {
        let error = URLError(
            .unknown,
            userInfo: [NSLocalizedDescriptionKey: "transfer closed with 491 bytes remaining to read"]
        )

        let failure = URLSessionTransport.failure(for: error, request: request)

        #expect(failure.kind == .connectionLost)
        #expect(
            failure.message
                == "the connection to api.openweathermap.org closed before a complete answer: "
                + "transfer closed with 491 bytes remaining to read (URLError -1)"
        )
    }

    @Test("System error text that contains the URL has its appid scrubbed")
    func systemTextIsScrubbed() {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "failed: \(request.url.absoluteString)"])

        let failure = URLSessionTransport.failure(for: error, request: request)

        #expect(failure.kind == .other)
        #expect(!failure.message.contains(Fixtures.apiKey))
        #expect(failure.message.contains("appid=<redacted>"))
    }

    @Test("Failure messages name the host and the timeout but never the query")
    func failureMessagesNameHostNotQuery() {
        let failure = URLSessionTransport.failure(for: URLError(.timedOut), request: request)

        #expect(failure.message == "no answer from api.openweathermap.org within 10 s (URLError -1001)")
        #expect(!failure.message.contains(Fixtures.apiKey))
    }

    @Test("A refused connection on loopback is cannotConnect, through the real URLSession")
    func refusedLoopbackConnectionIsCannotConnect() async throws {
        // Bind a socket to learn a free port, then close it: nothing listens there afterwards.
        let port = try FreePort.reserveAndRelease()
        let transport = URLSessionTransport()
        let request = TransportRequest(
            url: URL(string: "http://127.0.0.1:\(port)/data/2.5/weather?q=Seoul&appid=\(Fixtures.apiKey)")!,
            timeout: .seconds(5)
        )

        let failure = await #expect(throws: TransportFailure.self) { try await transport.send(request) }

        #expect(failure?.kind == .cannotConnect)
        #expect(failure?.message.contains("127.0.0.1:\(port)") == true)
        #expect(failure?.message.contains(Fixtures.apiKey) == false)
    }
}
