import Foundation
import Testing

@testable import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSessionTransport maps URLSession failures to kinds.
@Suite struct URLSessionTransportTests {
    private let request = TransportRequest(
        url: URL(string: "https://api.openweathermap.org/data/2.5/weather?q=Seoul&appid=\(Fixtures.apiKey)")!,
        timeout: .seconds(10)
    )

    /// Each URLError code maps to its failure kind.
    @Test(arguments: [
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
    ])
    func urlErrorCodesMapToKinds(code: URLError.Code, kind: TransportFailure.Kind) {
        let failure = URLSessionTransport.failure(for: URLError(code), request: request)
        #expect(failure.kind == kind)
    }

    /// An unknown URLError whose text says the transfer was cut short is connectionLost, quoted and scrubbed.
    @Test func unknownErrorWithCurlTextIsConnectionLost() {
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

    /// System error text that contains the URL has its appid scrubbed.
    @Test func systemTextIsScrubbed() {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "failed: \(request.url.absoluteString)"])

        let failure = URLSessionTransport.failure(for: error, request: request)

        #expect(failure.kind == .other)
        #expect(!failure.message.contains(Fixtures.apiKey))
        #expect(failure.message.contains("appid=<redacted>"))
    }

    /// Failure messages name the host and the timeout but never the query.
    @Test func failureMessagesNameHostNotQuery() {
        let failure = URLSessionTransport.failure(for: URLError(.timedOut), request: request)

        #expect(failure.message == "no answer from api.openweathermap.org within 10 s (URLError -1001)")
        #expect(!failure.message.contains(Fixtures.apiKey))
    }

    /// A refused connection on loopback is cannotConnect, through the real URLSession.
    @Test func refusedLoopbackConnectionIsCannotConnect() async throws {
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
