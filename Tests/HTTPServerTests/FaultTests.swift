import Foundation
import HTTPServer
import TestSupport
import Testing

/// Each deliberate fault as a raw client sees it.
@Suite struct FaultTests {
    private static let body = Array(#"{"name":"Seoul","main":{"temp":271.81}}"#.utf8)

    /// A server answering every request with `body` and the fault named by the request's path.
    private func withFaultServer<T: Sendable>(
        limits: HTTPLimits = HTTPLimits(),
        _ body: (Int) async throws -> T
    ) async throws -> T {
        let handler = HTTPHandlerFunction { request in
            var response = HTTPResponse(headers: ["Content-Type": "application/json"], body: Self.body)
            switch request.path {
            case "/truncate": response.fault = .truncate(afterBytes: 20)
            case "/truncate-body": response.fault = .truncateBody(keepingBytes: 7, announcingFullLength: true)
            case "/truncate-unframed": response.fault = .truncateBody(keepingBytes: 7, announcingFullLength: false)
            case "/reset": response.fault = .reset
            case "/close": response.fault = .closeWithoutResponse
            case "/drip": response.fault = .drip(bytesPerSecond: 2000)
            case "/hang": response.fault = .hang
            case "/delay": response.delay = .milliseconds(50)
            case "/delay-long": response.delay = .seconds(3600)
            default: break
            }
            return .respond(response)
        }
        return try await withMock(.handler(handler, limits: limits), mode: .live) { try await body(try $0.port) }
    }

    private func request(_ path: String) -> String { "GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n" }

    @Test func truncateWritesExactlyNBytesThenEndOfStream() async throws {
        try await withFaultServer { port in
            let received = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(request("/truncate"))
                return try client.readToEOF()
            }
            #expect(received.count == 20)
            #expect(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
    }

    @Test func truncateBodySendsTheWholeHeadAnnouncingTheFullLengthThenPartOfTheBody() async throws {
        try await withFaultServer { port in
            let received = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(request("/truncate-body"))
                return try client.readToEOF()
            }
            let text = String(decoding: received, as: UTF8.self)
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(parts.count == 2)
            #expect(parts[0].contains("Content-Length: \(Self.body.count)\r\n"))
            #expect(parts[0].contains("Connection: close"))
            #expect(parts.last == #"{"name""#)
        }
    }

    @Test func truncateBodyWithoutLengthLeavesTheCloseToEndTheBody() async throws {
        try await withFaultServer { port in
            let received = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(request("/truncate-unframed"))
                return try client.readToEOF()
            }
            let text = String(decoding: received, as: UTF8.self)
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(parts.count == 2)
            #expect(!parts[0].lowercased().contains("content-length"))
            #expect(parts[0].contains("Connection: close"))
            #expect(parts.last == #"{"name""#)
        }
    }

    @Test func resetMakesTheClientSeeECONNRESET() async throws {
        try await withFaultServer { port in
            let outcome = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(request("/reset"))
                do {
                    return "read \(try client.readToEOF().count) bytes"
                } catch RawClientError.connectionReset {
                    return "reset"
                }
            }
            #expect(outcome == "reset")
        }
    }

    @Test func closeWithoutResponseIsACleanEndOfStreamWithNoBytes() async throws {
        try await withFaultServer { port in
            let received = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(request("/close"))
                return try client.readToEOF()
            }
            #expect(received.isEmpty)
        }
    }

    @Test func dripSendsTheWholeResponseInManySmallPiecesThenKeepsTheConnection() async throws {
        try await withFaultServer { port in
            let (pieces, status, body, next) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(request("/drip"))
                var received: [UInt8] = []
                var pieces = 0
                while !String(decoding: received, as: UTF8.self).hasSuffix("}}") {
                    received += try client.receiveOnce()
                    pieces += 1
                }
                try client.send(request("/plain"))
                let text = String(decoding: received, as: UTF8.self)
                let body = text.components(separatedBy: "\r\n\r\n").last ?? ""
                return (pieces, Int(text.split(separator: " ")[1]) ?? 0, body, try client.readResponse().status)
            }
            #expect(pieces > 5)
            #expect(status == 200)
            #expect(body == String(decoding: Self.body, as: UTF8.self))
            #expect(next == 200)
        }
    }

    @Test func hangNeverAnswersAndIsClosedWhenTheServerStops() async throws {
        let handler = HTTPHandlerFunction { _ in .respond(HTTPResponse(fault: .hang)) }
        let setup = MockSetup.handler(handler, eventLoopCount: HTTPServerConfiguration.onlineCoreCount)
        let (silence, closed) = try await withMock(setup, mode: .live) { server in
            let port = try server.port
            let client = try await offTheCooperativePool {
                let client = try RawClient(port: port, timeoutSeconds: 1)
                try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                return UnsafeTransfer(value: client)
            }
            let silence = try await offTheCooperativePool {
                do {
                    return "got \(try client.value.receiveOnce().count) bytes"
                } catch RawClientError.timedOut {
                    return "silent"
                }
            }
            await server.stop()
            return (silence, try await offTheCooperativePool { try client.value.isClosedByServer() })
        }

        #expect(silence == "silent")
        #expect(closed)
    }

    @Test func delayedResponseArrivesWhole() async throws {
        try await withFaultServer { port in
            let response = try await offTheCooperativePool { try RawClient.roundTrip(port: port, request("/delay")) }
            #expect(response.body == Self.body)
        }
    }

    @Test func delayedResponseDoesNotHoldUpOtherConnectionsOnTheLoop() async throws {
        var limits = HTTPLimits()
        limits.shutdownGracePeriod = .milliseconds(10)
        try await withFaultServer(limits: limits) { port in
            let status = try await offTheCooperativePool {
                let waiting = try RawClient(port: port)
                try waiting.send(request("/delay-long"))
                let other = try RawClient(port: port)
                try other.send(request("/plain"))
                return try other.readResponse().status
            }
            #expect(status == 200)
        }
    }

    @Test func faultAfterPipelinedRequestsKeepsTheEarlierAnswersIntact() async throws {
        try await withFaultServer { port in
            let (first, rest) = try await offTheCooperativePool {
                let client = try RawClient(port: port)
                try client.send(request("/plain") + request("/close") + request("/never"))
                return (try client.readResponse(), try client.readToEOF())
            }
            #expect(first.body == Self.body)
            #expect(rest.isEmpty)
        }
    }
}
