public import Foundation
public import LocationSimulator

/// Shows the trace being played on a mockweather server's dashboard: `PUT /__admin/route` with the
/// trace's name and waypoints, so the map draws the road ahead while the requests arrive along it.
///
/// `replay-location --weather URL` sends it before the first fix when `URL` is on this machine (the
/// admin API answers loopback clients only, and a route has no business going to the real API). A
/// server that is not a mockweather server, or an older one, answers 404 and nothing more happens.
public struct RouteAnnouncement: Sendable {
    /// The most points sent: longer traces (a GPX track) are thinned evenly, keeping the first and
    /// the last point and every named one.
    public static let maximumPointCount = 5_000

    /// The JSON body: `{"name": …, "points": [{"lat": …, "lon": …, "name": …}, …]}`.
    public let body: Data

    /// What came of sending it.
    public enum Outcome: Sendable, Equatable {
        /// The server shows the route; its dashboard's map is at the URL.
        case shown(dashboard: URL)
        /// The server has no route endpoint (not a mockweather server, or an older one).
        case notSupported
        /// The server refused the route, saying why.
        case refused(status: Int, message: String)
        /// No answer (nothing listening, or no answer in time).
        case unreachable(String)
    }

    private struct Body: Encodable {
        struct Point: Encodable {
            var lat: Double
            var lon: Double
            var name: String?
        }

        var name: String
        var points: [Point]
    }

    /// The announcement of `trace`'s route.
    public init(trace: Trace) {
        let waypoints = Self.thinned(trace.waypoints)
        let body = Body(
            name: trace.name,
            points: waypoints.map { Body.Point(lat: $0.point.latitude, lon: $0.point.longitude, name: $0.name) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding doubles, strings and optionals cannot fail.
        self.body = (try? encoder.encode(body)) ?? Data("{}".utf8)
    }

    /// Whether `url` names this machine (`localhost`, 127.0.0.0/8 or `::1`).
    public static func isLoopback(_ url: URL) -> Bool {
        guard var host = url.host?.lowercased() else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Sends the route to the server at `baseURL` (its admin API is at the root), waiting at most
    /// `timeout` seconds.
    public func send(to baseURL: URL, timeout: TimeInterval = 3) async -> Outcome {
        guard let dashboard = URL(string: "/__admin/#map", relativeTo: baseURL)?.absoluteURL else {
            return .unreachable("cannot make an admin URL from \(baseURL)")
        }
        switch await AdminCall.send("PUT", "/__admin/route", body: body, to: baseURL, timeout: timeout) {
        case .success((let status, let data)):
            switch status {
            case 200..<300: return .shown(dashboard: dashboard)
            case 404, 405, 501: return .notSupported
            default: return .refused(status: status, message: AdminCall.message(of: data))
            }
        case .failure(let failure):
            return .unreachable(failure.message)
        }
    }

    static func thinned(_ waypoints: [Waypoint]) -> [Waypoint] {
        guard waypoints.count > maximumPointCount else { return waypoints }
        let stride = Double(waypoints.count - 1) / Double(maximumPointCount - 1)
        var kept = Set((0..<maximumPointCount).map { Int((Double($0) * stride).rounded()) })
        for (index, waypoint) in waypoints.enumerated() where waypoint.name != nil { kept.insert(index) }
        return kept.sorted().map { waypoints[$0] }
    }
}
