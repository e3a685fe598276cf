import Basics
import MockEngine
import WeatherWorld

/// The ids of the world's alerts as One Call 4.0 names them on its records, and the alert an id
/// names. An id says where and when its alert is, so `/alert/{id}` finds it again without a place:
/// `synthetic:37.5683,126.9778:1670328000-1670457600:0` (the point with 4 decimals, the alert's start
/// and end, and its position among the alerts there with the same times). The live API's ids are
/// opaque strings with colons (`urn:oid:…`); these say they are invented.
struct OneCall4AlertIDs {
    private let alerts: [(alert: ActiveAlert, id: String)]

    /// The alerts in force at `site` at some time from `start` to `end`.
    init(site: SyntheticSite, world: World, from start: Int64, to end: Int64) {
        let point =
            "\(OneCall4Links.fourDecimals(site.latitude)),\(OneCall4Links.fourDecimals(site.longitude))"
        // The point as the id writes it, so `/alert/{id}` asks the world exactly where this did.
        let place = WorldPlace(
            latitude: Double(OneCall4Links.fourDecimals(site.latitude)) ?? site.latitude,
            longitude: Double(OneCall4Links.fourDecimals(site.longitude)) ?? site.longitude)
        alerts = world.alerts(at: place, from: start, to: end).map { active in
            let twins = world.alerts(at: place, from: active.start, to: active.end).filter {
                $0.start == active.start && $0.end == active.end
            }
            let position = twins.firstIndex(of: active) ?? 0
            return (active, "\(Self.prefix)\(point):\(active.start)-\(active.end):\(position)")
        }
    }

    /// What every id starts with.
    static let prefix = "synthetic:"

    /// The ids of the alerts in force at `time`.
    func ids(at time: Int64) -> [String] {
        alerts.filter { $0.alert.start <= time && time < $0.alert.end }.map(\.id)
    }

    /// The alert `id` names, nil for an id that names none.
    static func alert(id: String, world: World) -> ActiveAlert? {
        guard id.hasPrefix(prefix) else { return nil }
        let parts = id.dropFirst(prefix.count).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let point = parts[0].split(separator: ",")
        let times = parts[1].split(separator: "-")
        guard point.count == 2, times.count == 2, let latitude = Double(point[0]), let longitude = Double(point[1]),
            CoordinateRange.latitude.contains(latitude), CoordinateRange.longitude.contains(longitude),
            let start = Int64(times[0]), let end = Int64(times[1]), start <= end, let position = Int(parts[2]),
            position >= 0
        else { return nil }
        let twins = world.alerts(at: WorldPlace(latitude: latitude, longitude: longitude), from: start, to: end)
            .filter { $0.start == start && $0.end == end }
        return position < twins.count ? twins[position] : nil
    }
}
