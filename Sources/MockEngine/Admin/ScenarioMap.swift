import Basics
import WeatherWorld

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scenario's events as the dashboard's map draws them at one instant (`GET /__admin/world/events`):
/// each event's kind, its active span in UTC and whether the instant is inside it, and where it acts:
/// a typhoon's whole track and its centre at the instant, a rain band's line where it has moved to, an
/// area's circle or box. The geometry follows the world's own reading of the scenario
/// (`ScenarioOverlay`, `TyphoonField` in WeatherWorld): a track is interpolated linearly between fixes,
/// and a band's line moves from its start point at its speed and heading for as long as it lasts.
enum ScenarioMap {
    /// Half a rain band's length, km: it is 2,000 km long, centred on its moving point.
    static let bandHalfLength = 1_000.0
    /// How far from its middle a band keeps its full strength before fading, km.
    static let bandFullStrength = 800.0
    /// A band's cloud reaches this many half-widths from its line.
    static let bandCloudFactor = 1.8
    /// The kilometres of one degree of latitude (the world's Earth radius, 6,371 km).
    static let kilometresPerDegree = 6_371.0 * Double.pi / 180

    /// `{"at": "…", "atUnix": N, "world": "typhoon-landfall, seed 1", "events": [...]}`, or with
    /// `"world": null` and no events when nothing is synthesized.
    static func json(world: World?, at time: Int64) -> JSONValue {
        var members: [(String, JSONValue)] = [("at", .string(iso8601(time))), ("atUnix", .number(Int(time)))]
        guard let world else {
            members.append(("world", .null))
            members.append(("events", .array([])))
            return .object(members)
        }
        members.append(("world", .string(world.label)))
        members.append(("scenario", .string(world.scenario.name)))
        members.append(
            ("events", .array(world.scenario.events.map { event(of: $0, clockStart: world.clockStart, at: time) })))
        return .object(members)
    }

    /// One event: `kind`, `start`/`end` (UTC), `active`, the alert's title, and its own geometry.
    static func event(of event: ScenarioEvent, clockStart: Int64, at time: Int64) -> JSONValue {
        let start = event.start.instant(clockStart: clockStart)
        let end = event.end.instant(clockStart: clockStart)
        var members: [(String, JSONValue)] = [
            ("kind", .string(ScenarioEventKindName(event.kind).rawValue)),
            ("start", .string(iso8601(start))), ("end", .string(iso8601(end))),
            // From its start on, though the world ramps it in from nothing there
            // (`ScenarioOverlay.timeWeight`): a preset's "+0h" event is under way at the clock's start.
            ("active", .bool(time >= start && time < end)),
            ("alert", event.alert.map { .string($0.event) } ?? .null),
        ]
        switch event.kind {
        case .coldWave(let area, let anomaly), .heatWave(let area, let anomaly):
            members.append(("area", json(area)))
            members.append(("anomaly", .number(anomaly)))
        case .heavySnow(let area, let rate):
            members.append(("area", json(area)))
            members.append(("rate", .number(rate)))
        case .fineDust(let area, let pm10, let pm25):
            members.append(("area", json(area)))
            members.append(("pm10", .number(pm10)))
            members.append(("pm25", .number(pm25)))
        case .clearSpell(let area):
            members.append(("area", json(area)))
        case .typhoon(let name, let track):
            members.append(("name", .string(name)))
            members.append(("track", .array(track.map { fix(time: $0.time.instant(clockStart: clockStart), $0) })))
            members.append(
                (
                    "position",
                    TyphoonFix.interpolated(on: track, clockStart: clockStart, at: time).map { fix(time: time, $0) }
                        ?? .null
                )
            )
        case .rainBand(let latitude, let longitude, let orientation, let heading, let speed, let halfWidth, let peak):
            let hours = Double(min(max(time, start), max(end, start)) - start) / 3_600
            let centre = moved(latitude: latitude, longitude: longitude, bearing: heading, kilometres: speed * hours)
            let line = stride(from: -bandHalfLength, through: bandHalfLength, by: bandHalfLength / 4).map { along in
                let point = moved(
                    latitude: centre.latitude, longitude: centre.longitude, bearing: orientation, kilometres: along)
                return JSONValue.array([.number(rounded(point.latitude)), .number(rounded(point.longitude))])
            }
            members.append(("line", .array(line)))
            members.append(("orientation", .number(orientation)))
            members.append(("heading", .number(heading)))
            members.append(("speedKmh", .number(speed)))
            members.append(("halfWidthKm", .number(halfWidth)))
            members.append(("cloudHalfWidthKm", .number(rounded(halfWidth * bandCloudFactor))))
            members.append(("fullStrengthKm", .number(bandFullStrength)))
            members.append(("peakRate", .number(peak)))
        }
        return .object(members)
    }

    private static func fix(time: Int64, _ fix: TyphoonFix) -> JSONValue {
        .object([
            ("time", .string(iso8601(time))), ("lat", .number(rounded(fix.latitude))),
            ("lon", .number(rounded(fix.longitude))), ("centralPressure", .number(rounded(fix.centralPressure))),
            ("maximumWind", .number(rounded(fix.maximumWind))),
            ("radiusOfMaximumWindKm", .number(rounded(fix.radiusOfMaximumWind))),
        ])
    }

    private static func json(_ area: ScenarioArea) -> JSONValue {
        switch area {
        case .circle(let latitude, let longitude, let radius):
            .object([
                ("shape", .string("circle")), ("lat", .number(latitude)), ("lon", .number(longitude)),
                ("radiusKm", .number(radius)),
            ])
        case .box(let south, let west, let north, let east):
            .object([
                ("shape", .string("box")), ("south", .number(south)), ("west", .number(west)),
                ("north", .number(north)), ("east", .number(east)),
            ])
        }
    }

    /// The point `kilometres` from a point toward `bearing` (degrees clockwise from north) on the
    /// world's local plane (`LocalOffset`: east scaled by the cosine of the mean latitude), so the
    /// world's offset from the start to the result is the one asked for.
    static func moved(latitude: Double, longitude: Double, bearing: Double, kilometres: Double)
        -> (latitude: Double, longitude: Double)
    {
        let radians = bearing * Double.pi / 180
        let north = kilometres * cos(radians)
        let east = kilometres * sin(radians)
        let endLatitude = latitude + north / kilometresPerDegree
        let meanLatitude = (latitude + endLatitude) / 2 * Double.pi / 180
        let endLongitude = longitude + east / (kilometresPerDegree * max(cos(meanLatitude), 0.01))
        return (endLatitude, endLongitude)
    }

    /// Six decimals: a tenth of a metre, and a JSON number without float noise.
    private static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    /// `time` in ISO 8601 UTC; a scenario's times lie within the clock's range by construction, and an
    /// instant outside it is shown at the range's edge rather than trapping the multiplication.
    static func iso8601(_ time: Int64) -> String {
        Timestamp.iso8601(milliseconds: min(max(time, ClockRange.earliestSecond), ClockRange.latestSecond) * 1_000)
    }
}
