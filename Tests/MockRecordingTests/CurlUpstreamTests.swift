import Foundation
import HTTPServer
import Locking
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Record mode's libcurl transport against a stand-in upstream on 127.0.0.1.
@Suite struct CurlUpstreamTests {
    /// `{"name":"Seoul","main":{"temp":270.81}}`, gzip-compressed (mtime 0).
    static let gzippedSeoul: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0xca, 0x4b, 0xcc, 0x4d, 0x55, 0xb2,
        0x52, 0x0a, 0x4e, 0xcd, 0x2f, 0xcd, 0x51, 0xd2, 0x51, 0xca, 0x4d, 0xcc, 0xcc, 0x53, 0xb2, 0xaa, 0x56, 0x2a,
        0x49, 0xcd, 0x2d, 0x50, 0xb2, 0x32, 0x32, 0x37, 0xd0, 0xb3, 0x30, 0xac, 0xad, 0x05, 0x00, 0x8b, 0x42, 0xf3,
        0x3b, 0x27, 0x00, 0x00, 0x00,
    ]

    /// Record mode's transport to `upstream`, a fake upstream's mock.
    static func transport(_ upstream: MockClient, timeout: Duration = .seconds(5)) throws -> CurlUpstream {
        CurlUpstream(
            upstream: try UpstreamURL(try upstream.baseURL.absoluteString),
            key: try UpstreamAPIKey(realTestKey, origin: "test"), timeout: timeout, scrubber: KeyScrubber())
    }

    static func request(method: String = "GET", path: String, query: String, body: [UInt8] = []) -> UpstreamRequest {
        UpstreamRequest(method: method, path: path, query: query, body: body)
    }

    @Test func compressedAnswersArriveDecodedWithoutTheirWireFraming() async throws {
        let upstream = FakeUpstream { _ in
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            headers.add(name: "Content-Encoding", value: "gzip")
            headers.add(name: "X-Cache-Key", value: "/data/2.5/weather?q=seoul")
            return HTTPResponse(status: 200, headers: headers, body: Self.gzippedSeoul)
        }
        let response = try await withMock(.upstream(upstream), mode: .live) { api in
            try await Self.transport(api).send(Self.request(path: "/data/2.5/weather", query: "q=Seoul"))
        }
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"name":"Seoul","main":{"temp":270.81}}"#)
        let names = response.headers.map { $0.name.lowercased() }
        #expect(names.contains("content-type") && names.contains("x-cache-key"))
        #expect(!names.contains("content-encoding") && !names.contains("content-length"), "\(names)")
        #expect(response.headers.allSatisfy { !$0.value.contains("\r") && !$0.value.contains("\n") })
    }

    @Test func targetsAreEscapedWhereAURLNeedsItAndTheRealKeyIsAppended() async throws {
        let upstream = FakeUpstream()
        try await withMock(.upstream(upstream), mode: .live) { api in
            _ = try await Self.transport(api).send(
                Self.request(path: "/data/2.5/weather", query: "q=S%C3%A3o Paulo,BR&lang=kr#x"))
        }
        #expect(
            upstream.targets == ["/data/2.5/weather?q=S%C3%A3o%20Paulo,BR&lang=kr%23x&appid=\(realTestKey)"])
    }

    @Test func theMethodAndBodyAreForwardedAsSent() async throws {
        let seen = Locked<[String]>([])
        let upstream = FakeUpstream { request in
            seen.withLock { $0.append("\(request.method) \(String(decoding: request.body, as: UTF8.self))") }
            return HTTPResponse(status: 201, body: Array("{}".utf8))
        }
        let (posted, got, headed) = try await withMock(.upstream(upstream), mode: .live) { api in
            let transport = try Self.transport(api)
            let posted = try await transport.send(
                Self.request(method: "POST", path: "/x", query: "", body: Array("a=1".utf8)))
            let got = try await transport.send(
                Self.request(method: "GET", path: "/x", query: "", body: Array("b=2".utf8)))
            return (posted, got, try await transport.send(Self.request(method: "HEAD", path: "/x", query: "")))
        }
        #expect([posted.status, got.status, headed.status] == [Int](repeating: 201, count: 3))
        #expect(headed.body.isEmpty)
        #expect(seen.withLock { $0 } == ["POST a=1", "GET b=2", "HEAD "])
    }

    @Test func aBodyKeepsTheClientsContentTypeOrNone() async throws {
        let seen = Locked<[String]>([])
        let upstream = FakeUpstream { request in
            seen.withLock { $0.append(request.headers["Content-Type"] ?? "(none)") }
            return HTTPResponse(status: 200, body: Array("{}".utf8))
        }
        try await withMock(.upstream(upstream), mode: .live) { api in
            let transport = try Self.transport(api)
            let json = Array(#"{"lat":37.5}"#.utf8)
            _ = try await transport.send(
                UpstreamRequest(
                    method: "POST", path: "/x", query: "",
                    headers: [HeaderField(name: "content-type", value: "application/json")], body: json,
                    provider: openWeatherMap))
            _ = try await transport.send(Self.request(method: "POST", path: "/x", query: "", body: json))
        }
        // libcurl would call any body it posts a form unless told otherwise.
        #expect(seen.withLock { $0 } == ["application/json", "(none)"])
    }

    @Test func aSilentUpstreamIsATimeoutThatNamesTheDeadline() async throws {
        let upstream = FakeUpstream { _ in HTTPResponse(status: 200, fault: .hang) }
        try await withMock(.upstream(upstream), mode: .live) { api in
            let transport = try Self.transport(api, timeout: .milliseconds(200))
            await #expect {
                _ = try await transport.send(Self.request(path: "/data/2.5/weather", query: "q=Seoul"))
            } throws: { error in
                (error as? UpstreamFailure)?.reason == "timed out after 0.2 s"
            }
        }
    }

    /// A refused connection fails within microseconds, often before the sending task has
    /// suspended: the exchange built on libcurl's thread must still reach it in order. Under
    /// `--sanitize=thread` an unordered hand-off shows up here as a data-race report.
    @Test func refusedConnectionsFailWithTheReasonEveryTime() async throws {
        // A socket bound but never listening: connections to its port are refused, and the port
        // stays ours for the whole test (a stopped server's port could be taken by another test).
        #if os(Linux)
        let refusing = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let refusing = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer { close(refusing) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(refusing, pointer, length) == 0 && getsockname(refusing, pointer, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let transport = CurlUpstream(
            upstream: try UpstreamURL("http://127.0.0.1:\(port)"), key: try UpstreamAPIKey(realTestKey, origin: "test"),
            timeout: .seconds(30), scrubber: KeyScrubber())
        for _ in 0..<40 {
            await #expect {
                _ = try await transport.send(Self.request(path: "/data/2.5/weather", query: "q=Seoul"))
            } throws: { error in
                (error as? UpstreamFailure)?.reason.hasPrefix("cannot connect to 127.0.0.1") == true
            }
        }
    }

    #if os(Linux)
    /// Replay must not pay for record mode's TLS stack: libcurl is opened only when a recording needs it.
    @Test func aReplayOnlyServerNeverMapsLibcurl() async throws {
        let maps = try await withMock(.replay(nil), mode: .binary) { server in
            // /proc files report a size of 0, so read to the end rather than by size.
            let mapsFile = FileHandle(forReadingAtPath: "/proc/\(try server.process.processIdentifier)/maps")
            return String(decoding: mapsFile?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        }
        #expect(maps.contains("libswiftCore"), "could not read the server's memory map")
        let networking = maps.split(separator: "\n").filter {
            $0.contains("libcurl") || $0.contains("FoundationNetworking")
        }
        #expect(networking.isEmpty, "\(networking)")
    }
    #endif
}
