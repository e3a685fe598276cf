import Basics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parts of an event that say where: its area, and a typhoon's track.
extension ScenarioDecoder {
    /// The event's `area`: a circle (`lat`, `lon`, `radius`) or a box (`south`, `west`, `north`, `east`).
    mutating func decodeArea(_ event: JSONValue, at eventPath: JSONPath) -> ScenarioArea? {
        let expected = "a circle {lat, lon, radius} or a box {south, west, north, east}"
        guard let value = reader.member(event, "area", eventPath, expected: expected) else { return nil }
        let path = eventPath.appending("area")
        guard let members = reader.object(value, path, expected) else { return nil }
        let allowed = ScenarioFileKeys.circle + ScenarioFileKeys.box
        reader.checkKeys(members, at: path, allowed: allowed, context: "in an area")
        let isCircle = members.contains { ScenarioFileKeys.circle.contains($0.key) }
        let isBox = members.contains { ScenarioFileKeys.box.contains($0.key) }
        guard isCircle != isBox else {
            reader.report(value.offset, path) { .ambiguousArea(at: $0, hasCircleFields: isCircle) }
            return nil
        }
        if isCircle {
            let latitude = reader.number(value, "lat", path, ScenarioLimits.latitude)
            let longitude = reader.number(value, "lon", path, ScenarioLimits.longitude)
            let radius = reader.number(value, "radius", path, ScenarioLimits.radius)
            guard let latitude, let longitude, let radius else { return nil }
            return .circle(latitude: latitude, longitude: longitude, radiusKilometres: radius)
        }
        let south = reader.number(value, "south", path, ScenarioLimits.latitude)
        let west = reader.number(value, "west", path, ScenarioLimits.longitude)
        let north = reader.number(value, "north", path, ScenarioLimits.latitude)
        let east = reader.number(value, "east", path, ScenarioLimits.longitude)
        guard let south, let west, let north, let east else { return nil }
        guard south < north else {
            reader.report(value["north"]!.offset, path.appending("north")) {
                .emptyBox(
                    at: $0,
                    reason: "north (\(value["north"]!.summary)) must be above south (\(value["south"]!.summary))")
            }
            return nil
        }
        guard west < east else {
            reader.report(value["east"]!.offset, path.appending("east")) {
                .emptyBox(
                    at: $0,
                    reason: "east (\(value["east"]!.summary)) must be east of west (\(value["west"]!.summary)); "
                        + "a box never crosses the antimeridian: split it in two events")
            }
            return nil
        }
        return .box(south: south, west: west, north: north, east: east)
    }

    /// A typhoon's `name` and `track`, and the span of the track (the event's start and end).
    mutating func decodeTyphoon(_ event: JSONValue, at path: JSONPath) -> (
        name: String, track: [TyphoonFix], span: (start: ScenarioTime, end: ScenarioTime)
    )? {
        let name = reader.text(
            event, "name", path, expected: "the typhoon's name, such as \"Hinnamnor\"",
            limit: ScenarioLimits.nameCharacters)
        let trackPath = path.appending("track")
        guard
            let list = reader.member(
                event, "track", path, expected: "an array of at least 2 fixes {time, lat, lon, ...} in time order"),
            let elements = reader.array(list, trackPath, "an array of fixes")
        else { return nil }
        guard elements.count >= 2 else {
            reader.report(list.offset, trackPath) { .trackTooShort(at: $0, fixes: elements.count) }
            return nil
        }
        if elements.count > ScenarioLimits.trackFixes {
            reader.report(list.offset, trackPath) {
                .tooMany(at: $0, what: "fixes in a track", count: elements.count, limit: ScenarioLimits.trackFixes)
            }
            return nil
        }
        var track: [TyphoonFix] = []
        var previous: (fix: TyphoonFix, text: String)?
        var isComplete = true
        for (index, element) in elements.enumerated() {
            let fixPath = trackPath.appending(index)
            guard let (fix, text) = decodeFix(element, at: fixPath) else {
                isComplete = false
                previous = nil
                continue
            }
            if let previous, !isPlausibleStep(from: previous, to: (fix, text), in: element, at: fixPath) {
                isComplete = false
            }
            track.append(fix)
            previous = (fix, text)
        }
        guard let name, isComplete else { return nil }
        return (name, track, (track.first!.time, track.last!.time))
    }

    private mutating func decodeFix(_ value: JSONValue, at path: JSONPath) -> (TyphoonFix, String)? {
        guard let members = reader.object(value, path, "a fix {time, lat, lon, centralPressure, ...}") else {
            return nil
        }
        reader.checkKeys(members, at: path, allowed: ScenarioFileKeys.fix, context: "in a typhoon's fix")
        let time = reader.time(value, "time", path)
        let latitude = reader.number(value, "lat", path, ScenarioLimits.latitude)
        let longitude = reader.number(value, "lon", path, ScenarioLimits.longitude)
        let pressure = reader.number(value, "centralPressure", path, ScenarioLimits.centralPressure)
        let radius = reader.number(value, "radiusOfMaximumWind", path, ScenarioLimits.radiusOfMaximumWind)
        let wind = reader.number(value, "maximumWind", path, ScenarioLimits.maximumWind)
        guard let time, let latitude, let longitude, let pressure, let radius, let wind else { return nil }
        let fix = TyphoonFix(
            time: time.time, latitude: latitude, longitude: longitude, centralPressure: pressure,
            radiusOfMaximumWind: radius, maximumWind: wind)
        return (fix, time.text)
    }

    /// Whether the step from the fix before is forward in time at a speed a storm moves; reports why not.
    private mutating func isPlausibleStep(
        from previous: (fix: TyphoonFix, text: String), to current: (fix: TyphoonFix, text: String),
        in value: JSONValue, at path: JSONPath
    ) -> Bool {
        let timePath = path.appending("time")
        let timeOffset = value["time"]!.offset
        switch Self.isAfter(current.fix.time, previous.fix.time) {
        case nil:
            reader.report(timeOffset, timePath) {
                .mixedTimeForms(
                    at: $0, first: "the fix before (\(JSONValue.quoted(previous.text)))",
                    second: "this fix (\(JSONValue.quoted(current.text)))")
            }
            return false
        case false?:
            reader.report(timeOffset, timePath) {
                .trackOutOfOrder(at: $0, previous: previous.text, found: current.text)
            }
            return false
        case true?:
            break
        }
        let hours = Double(Self.seconds(between: previous.fix.time, and: current.fix.time)) / 3_600
        let speed = Self.kilometres(from: previous.fix, to: current.fix) / hours
        guard ScenarioLimits.trackSpeed.contains(speed) else {
            reader.report(value.offset, path) { .trackTooFast(at: $0, kilometresPerHour: speed) }
            return false
        }
        return true
    }

    private static func seconds(between earlier: ScenarioTime, and later: ScenarioTime) -> Int64 {
        switch (earlier, later) {
        case (.absolute(let earlier), .absolute(let later)), (.afterStart(let earlier), .afterStart(let later)):
            later - earlier
        default:
            preconditionFailure("compared only when written the same way")
        }
    }

    /// Great-circle distance on a sphere of the Earth's mean radius (haversine).
    static func kilometres(from start: TyphoonFix, to end: TyphoonFix) -> Double {
        let radians = Double.pi / 180
        let deltaLatitude = (end.latitude - start.latitude) * radians
        let deltaLongitude = (end.longitude - start.longitude) * radians
        let a =
            sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
            + cos(start.latitude * radians) * cos(end.latitude * radians) * sin(deltaLongitude / 2)
            * sin(deltaLongitude / 2)
        return 2 * 6_371.0 * asin(min(1, a.squareRoot()))
    }
}
