import Foundation
import LocationPlayback
import LocationSimulator
import Testing

/// What `replay-location --weather` tells a mock about the route: the trace's name and waypoints, only to
/// a server on this machine, thinned when a track is long.
@Suite struct RouteAnnouncementTests {
    @Test func bodyNamesTheTraceAndListsItsWaypointsInOrder() throws {
        let trace = Trace(
            name: "Seoul to Daegu",
            waypoints: [
                Waypoint(GeoPoint(latitude: 37.566, longitude: 126.978), name: "Seoul City Hall"),
                Waypoint(GeoPoint(latitude: 35.871, longitude: 128.601)),
            ])
        let body = try #require(
            try JSONSerialization.jsonObject(with: RouteAnnouncement(trace: trace).body) as? [String: Any])
        #expect(body["name"] as? String == "Seoul to Daegu")
        let points = try #require(body["points"] as? [[String: Any]])
        #expect(points.count == 2)
        #expect(points[0]["lat"] as? Double == 37.566)
        #expect(points[0]["name"] as? String == "Seoul City Hall")
        #expect(points[1]["lon"] as? Double == 128.601)
        #expect(points[1]["name"] == nil)
    }

    @Test func longTracksAreThinnedKeepingTheEndsAndEveryNamedPoint() throws {
        var waypoints = (0..<20_000).map { Waypoint(GeoPoint(latitude: 35 + Double($0) / 10_000, longitude: 127)) }
        waypoints[12_345].name = "Rest area"
        let body = try #require(
            try JSONSerialization.jsonObject(
                with: RouteAnnouncement(trace: Trace(name: "long", waypoints: waypoints)).body)
                as? [String: Any])
        let points = try #require(body["points"] as? [[String: Any]])
        #expect(points.count <= RouteAnnouncement.maximumPointCount + 1)
        #expect(points.first?["lat"] as? Double == 35)
        // A named constant: inline, the arithmetic inside #expect took the type checker 1.9 s.
        let lastLatitude: Double = 35 + 19_999.0 / 10_000
        #expect(points.last?["lat"] as? Double == lastLatitude)
        #expect(points.contains { $0["name"] as? String == "Rest area" })
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", true), ("http://localhost:8080", true), ("http://[::1]:8080", true),
        ("http://127.1.2.3", true), ("https://api.openweathermap.org", false), ("http://192.168.1.20:8080", false),
    ])
    func onlyServersOnThisMachineAreTold(url: String, isLoopback: Bool) throws {
        #expect(RouteAnnouncement.isLoopback(try #require(URL(string: url))) == isLoopback)
    }
}
