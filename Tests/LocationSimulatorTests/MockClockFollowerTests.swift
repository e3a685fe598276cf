import Foundation
import HTTPServer
import LocationPlayback
import TestSupport
import Testing

/// `replay-location --follow-clock`: the mock clock fixed at each fix's time, from the trace's start or
/// the clock's own reading, only on a server of this machine.
@Suite(.timeLimit(.minutes(1)))
struct MockClockFollowerTests {
    @Test func aServerOffThisMachineIsRefusedBeforeAnyRequest() async throws {
        let server = try #require(URL(string: "http://192.168.1.20:8080"))
        await #expect(throws: MockClockFollowerError.notLoopback(server)) {
            try await MockClockFollower.begin(server: server, traceStart: nil)
        }
    }

    @Test func theDriveStartsAtTheMockClocksReadingAndFixesTheClockAtEachFixsTime() async throws {
        try await withMock(
            .replay(PackageLayout.bundledCassettes, arguments: ["--clock", "2026-09-06T00:00:00Z"]), mode: .binary
        ) {
            server in
            let follower = try await MockClockFollower.begin(server: try server.baseURL, traceStart: nil)
            #expect(follower.start == Date(timeIntervalSince1970: 1_788_652_800))
            let moved = try await follower.move(afterSeconds: 5_400.5)
            #expect(moved == follower.start.addingTimeInterval(5_400.5))
            #expect(follower.now == moved)
            let clock = try await RawHTTPClient(port: try server.port).exchange(
                method: "GET", "/__admin/clock", headers: [])
            #expect(clock.text.contains("\"now\":\"2026-09-06T01:30:00.000Z\""), "\(clock.text)")
            #expect(clock.text.contains("\"fixed\":true"), "\(clock.text)")
        }
    }

    @Test func aTraceWithItsOwnStartIsFollowedFromThere() async throws {
        try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
            let follower = try await MockClockFollower.begin(server: try server.baseURL, traceStart: start)
            try await follower.move(afterSeconds: 60)
            let clock = try await RawHTTPClient(port: try server.port).exchange(
                method: "GET", "/__admin/clock", headers: [])
            #expect(clock.text.contains("\"now\":\"2026-01-01T00:01:00.000Z\""), "\(clock.text)")
        }
    }

    @Test func aServerThatIsNotAMockIsNamedInTheError() async throws {
        let upstream = FakeUpstream { _ in HTTPResponse(status: 404, text: "not here") }
        try await withMock(.upstream(upstream), mode: .live) { api in
            let server = try api.baseURL
            await #expect {
                try await MockClockFollower.begin(server: server, traceStart: nil)
            } throws: { error in
                guard let error = error as? MockClockFollowerError, case .refused(404, _) = error else { return false }
                return error.description.contains("needs a mockweather server")
            }
        }
    }
}
