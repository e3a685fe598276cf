import Basics
import Foundation

/// Reads trace files: `mockweather-trace/1` JSON, or GPX (any file ending in `.gpx` or starting with `<`).
///
/// Loading never crashes and never half-succeeds: either a trace whose ``Timeline`` can be built comes
/// back, or a ``TraceLoadError`` listing every problem found, each with the file, line and column, the
/// JSON path (or GPX line) and what was expected, e.g. `seoul-to-daegu.json:14:13: $.waypoints[3].lat:
/// expected a number between -90 and 90, found 123.4`, read with the same JSON reader and reported in
/// the same form as cassette problems. Unknown keys are rejected with a suggestion, so a typo such as
/// `speedKph` cannot be silently ignored.
public enum TraceLoader {
    /// Loads the trace at `path`, naming it in errors exactly as given.
    public static func load(path: String) throws(TraceLoadError) -> Trace {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: readFailureReason(path: path))
        }
        return try decode([UInt8](data), fileName: path)
    }

    /// Decodes a trace from the bytes of a file called `fileName` (used in errors and, without its
    /// extension, as the trace's name when the file gives none). GPX is recognised by the `.gpx`
    /// extension or a leading `<`.
    public static func decode(_ bytes: [UInt8], fileName: String) throws(TraceLoadError) -> Trace {
        let firstSignificant = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if fileName.lowercased().hasSuffix(".gpx") || firstSignificant == UInt8(ascii: "<") {
            return try GPXImporter.importTrace(bytes, fileName: fileName)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let position = LineMap(bytes).position(ofOffset: error.offset)
            throw .malformed(file: fileName, line: position.line, column: position.column, message: error.message)
        }
        let problems = ProblemCollector(document: bytes)
        let trace = TraceJSONDecoder(problems: problems, fileName: fileName).decode(root)
        guard let trace, problems.problems.isEmpty else {
            throw .invalid(file: fileName, problems: problems.problems)
        }
        do {
            _ = try Timeline(trace: trace)
        } catch {
            // The waypoint (or its field) at fault, found again in the document for its position.
            var path = JSONPath.root.appending("waypoints").appending(error.waypointIndex)
            let waypoint = root["waypoints"]?.elements?[error.waypointIndex]
            var culprit = waypoint ?? root
            if !error.field.isEmpty {
                path = path.appending(error.field)
                culprit = waypoint?[error.field] ?? culprit
            }
            problems.report(culprit, at: path, error.message)
            throw .invalid(file: fileName, problems: problems.problems)
        }
        return trace
    }

    /// The trace's name when its file gives none: the file name without directory or extension.
    static func defaultName(forFile fileName: String) -> String {
        let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    private static func readFailureReason(path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return "no such file"
        }
        return isDirectory.boolValue ? "it is a directory" : "permission denied or unreadable"
    }
}

/// Turns a parsed `mockweather-trace/1` document into a ``Trace``, reporting every problem with its path.
private struct TraceJSONDecoder {
    let problems: ProblemCollector
    let fileName: String
    let timestamps = TimestampReader()

    static let rootKeys = [
        "format", "name", "start", "speedKmh", "intervalSeconds", "playbackSpeed", "loop", "noise", "waypoints",
        "events", "notes",
    ]
    static let waypointKeys = ["lat", "lon", "name", "at", "speedKmh", "pauseSeconds"]
    static let eventKeys = ["at", "authorization", "accuracyMeters"]
    static let noiseKeys = ["accuracyMeters", "seed"]

    func decode(_ root: JSONValue) -> Trace? {
        let path = JSONPath.root
        guard let members = root.members(at: path, allowedKeys: Self.rootKeys, problems: problems) else { return nil }
        checkFormat(members["format"], in: root)
        let name = readString(members["name"], at: path.appending("name"), problems: problems)
        let start = readStart(members["start"])
        _ = readString(members["notes"], at: path.appending("notes"), problems: problems)
        let speed = readNumber(
            members["speedKmh"], at: path.appending("speedKmh"), expectation: "a speed in km/h greater than 0",
            problems: problems, isAcceptable: isPositiveSpeed)
        let interval = readNumber(
            members["intervalSeconds"], at: path.appending("intervalSeconds"),
            expectation: "a number of seconds from 0.001 to 86400",
            problems: problems, isAcceptable: { (0.001...86_400).contains($0) })
        let playbackSpeed = readNumber(
            members["playbackSpeed"], at: path.appending("playbackSpeed"),
            expectation: "a factor from 0.001 to 1000000",
            problems: problems, isAcceptable: { (0.001...1_000_000).contains($0) })
        let loop = readLoop(members["loop"])
        let noise = readNoise(members["noise"])
        let waypoints = readWaypoints(members["waypoints"], in: root, start: start)
        let events = readEvents(members["events"], start: start)
        return Trace(
            name: name ?? TraceLoader.defaultName(forFile: fileName),
            start: start,
            speedKmh: speed ?? Trace.defaultSpeedKmh,
            intervalSeconds: interval ?? Trace.defaultIntervalSeconds,
            playbackSpeed: playbackSpeed ?? 1,
            loop: loop,
            noise: noise,
            waypoints: waypoints,
            events: events
        )
    }

    private func isPositiveSpeed(_ value: Double) -> Bool {
        value > 0 && value <= 100_000
    }

    private func checkFormat(_ value: JSONValue?, in root: JSONValue) {
        let path = JSONPath.root.appending("format")
        guard let value else {
            problems.report(root, at: path, "missing; expected \"\(Trace.formatIdentifier)\"")
            return
        }
        if value.stringValue != Trace.formatIdentifier {
            problems.report(value, at: path, "expected \"\(Trace.formatIdentifier)\", found \(value.summary)")
        }
    }

    private func readStart(_ value: JSONValue?) -> Date? {
        let path = JSONPath.root.appending("start")
        guard let value, let text = readString(value, at: path, problems: problems) else { return nil }
        guard let date = timestamps.date(from: text) else {
            problems.report(
                value, at: path, "expected an ISO 8601 time such as \"2026-11-29T09:00:00+09:00\", found \"\(text)\"")
            return nil
        }
        return date
    }

    private func readLoop(_ value: JSONValue?) -> LoopMode {
        guard let value, !value.isNull else { return .once }
        if case .bool(let loops) = value.kind { return loops ? .forever : .once }
        if let count = value.doubleValue, count >= 1, count <= 1_000_000, count == count.rounded() {
            return count == 1 ? .once : .laps(Int(count))
        }
        problems.report(
            value, at: JSONPath.root.appending("loop"),
            "expected true, false or a number of laps from 1 to 1000000, found \(value.summary)")
        return .once
    }

    private func readNoise(_ value: JSONValue?) -> NoiseSettings? {
        guard let value, !value.isNull else { return nil }
        let path = JSONPath.root.appending("noise")
        guard let members = value.members(at: path, allowedKeys: Self.noiseKeys, problems: problems) else {
            return nil
        }
        let accuracy = readNumber(
            members["accuracyMeters"], at: path.appending("accuracyMeters"),
            expectation: "a number of metres from 0 to 100000",
            problems: problems, isAcceptable: { (0...100_000).contains($0) })
        if members["accuracyMeters"] == nil {
            problems.report(
                value, at: path, "missing required key 'accuracyMeters' (the 68% radius of the noise, in metres)")
        }
        let seed = readNumber(
            members["seed"], at: path.appending("seed"), expectation: "a whole number from 0 to 9007199254740991",
            problems: problems, isAcceptable: { $0 >= 0 && $0 <= 9_007_199_254_740_991 && $0 == $0.rounded() })
        return NoiseSettings(accuracyMeters: accuracy ?? 0, seed: seed.map { UInt64($0) } ?? 0)
    }

    private func readWaypoints(_ value: JSONValue?, in root: JSONValue, start: Date?) -> [Waypoint] {
        let path = JSONPath.root.appending("waypoints")
        guard let value else {
            problems.report(
                root, at: .root, "missing required key 'waypoints' (an array of {\"lat\", \"lon\"} objects)")
            return []
        }
        guard let elements = value.elements else {
            problems.report(value, at: path, "expected an array of waypoints, found \(value.summary)")
            return []
        }
        if elements.isEmpty {
            problems.report(value, at: path, "expected at least one waypoint, found an empty array")
        }
        return elements.enumerated().compactMap { index, element in
            readWaypoint(element, at: path.appending(index), start: start)
        }
    }

    private func readWaypoint(_ value: JSONValue, at path: JSONPath, start: Date?) -> Waypoint? {
        guard let members = value.members(at: path, allowedKeys: Self.waypointKeys, problems: problems) else {
            return nil
        }
        let latitude = readNumber(
            members["lat"], at: path.appending("lat"), expectation: "a number between -90 and 90",
            problems: problems, isAcceptable: { (-90...90).contains($0) })
        let longitude = readNumber(
            members["lon"], at: path.appending("lon"), expectation: "a number between -180 and 180",
            problems: problems, isAcceptable: { (-180...180).contains($0) })
        for key in ["lat", "lon"] where members[key] == nil || members[key]?.isNull == true {
            let range = key == "lat" ? "-90 and 90" : "-180 and 180"
            problems.report(value, at: path, "missing required key '\(key)' (a number between \(range))")
        }
        let name = readString(members["name"], at: path.appending("name"), problems: problems)
        let arrival = readTime(members["at"], at: path.appending("at"), start: start)
        let speed = readNumber(
            members["speedKmh"], at: path.appending("speedKmh"),
            expectation: "a speed in km/h greater than 0",
            problems: problems, isAcceptable: isPositiveSpeed)
        let pause = readNumber(
            members["pauseSeconds"], at: path.appending("pauseSeconds"),
            expectation: "a number of seconds from 0 to 31536000", problems: problems,
            isAcceptable: { (0...31_536_000).contains($0) })
        guard let latitude, let longitude else { return nil }
        return Waypoint(
            GeoPoint(latitude: latitude, longitude: longitude), name: name, arrival: arrival, speedKmh: speed,
            pauseSeconds: pause ?? 0)
    }

    private func readEvents(_ value: JSONValue?, start: Date?) -> [TraceEvent] {
        guard let value, !value.isNull else { return [] }
        let eventsPath = JSONPath.root.appending("events")
        guard let elements = value.elements else {
            problems.report(value, at: eventsPath, "expected an array of events, found \(value.summary)")
            return []
        }
        var events: [TraceEvent] = []
        for (index, element) in elements.enumerated() {
            let path = eventsPath.appending(index)
            guard let event = readEvent(element, at: path, start: start) else { continue }
            if let previous = events.last, event.time < previous.time {
                problems.report(
                    element["at"] ?? element, at: path.appending("at"),
                    "events must be in time order; this one (\(formatSeconds(event.time))) comes before the previous "
                        + "one (\(formatSeconds(previous.time)))")
            }
            events.append(event)
        }
        return events
    }

    private func readEvent(_ value: JSONValue, at path: JSONPath, start: Date?) -> TraceEvent? {
        guard let members = value.members(at: path, allowedKeys: Self.eventKeys, problems: problems) else {
            return nil
        }
        let time = readTime(members["at"], at: path.appending("at"), start: start)
        if members["at"] == nil {
            problems.report(value, at: path, "missing required key 'at' (seconds after the start)")
        }
        var authorization: LocationAuthorization?
        let authorizationPath = path.appending("authorization")
        if let written = members["authorization"],
            let text = readString(written, at: authorizationPath, problems: problems)
        {
            authorization = LocationAuthorization(rawValue: text)
            if authorization == nil {
                let names = LocationAuthorization.allCases.map(\.rawValue)
                problems.report(
                    written, at: authorizationPath,
                    "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(text)\""
                        + Suggestions.didYouMean(text, among: names))
            }
        }
        let accuracy = readNumber(
            members["accuracyMeters"], at: path.appending("accuracyMeters"),
            expectation: "a number of metres up to 100000 (negative for no fix)", problems: problems,
            isAcceptable: { $0 <= 100_000 })
        if members["authorization"] == nil, members["accuracyMeters"] == nil {
            problems.report(
                value, at: path, "an event changes something: give 'authorization', 'accuracyMeters' or both")
        }
        guard let time else { return nil }
        return TraceEvent(time: time, authorization: authorization, accuracyMeters: accuracy)
    }

    /// A moment of the trace: seconds after the start as a number or as `[h:]mm:ss`, or an ISO 8601 time
    /// (which needs the trace's `start`).
    private func readTime(_ value: JSONValue?, at path: JSONPath, start: Date?) -> Double? {
        guard let value, !value.isNull else { return nil }
        let expectation =
            "seconds after the start (a number, or \"h:mm:ss\"), or an ISO 8601 time such as "
            + "\"2026-11-29T09:30:00+09:00\""
        if let seconds = value.doubleValue, seconds >= 0, seconds <= 31_536_000 { return seconds }
        if let text = value.stringValue {
            if let seconds = parseClockDuration(text) { return seconds }
            if let date = timestamps.date(from: text) {
                guard let start else {
                    problems.report(
                        value, at: path, "an ISO 8601 time needs the trace's 'start'; give 'start' or use seconds")
                    return nil
                }
                let seconds = date.timeIntervalSince(start)
                guard seconds >= 0 else {
                    problems.report(value, at: path, "\(text) is before the trace's start")
                    return nil
                }
                return seconds
            }
        }
        problems.report(value, at: path, "expected \(expectation), found \(value.summary)")
        return nil
    }
}

/// Reads `mm:ss` or `h:mm:ss` (fractional seconds allowed) as seconds; `nil` for anything else.
func parseClockDuration(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3 else { return nil }
    guard let seconds = Double(parts[parts.count - 1]), seconds >= 0, seconds < 60,
        parts[parts.count - 1].first?.isNumber == true
    else { return nil }
    var total = seconds
    var scale = 60.0
    for part in parts.dropLast().reversed() {
        guard let value = Int(part), value >= 0, part.allSatisfy(\.isNumber) else { return nil }
        if scale == 60, parts.count == 3, value >= 60 { return nil }
        total += Double(value) * scale
        scale *= 60
    }
    return total
}

/// Seconds as a person reads them in a message: `95 s (1:35)`.
func formatSeconds(_ seconds: Double) -> String {
    let number = seconds == seconds.rounded() ? String(Int(seconds)) : formatFixed(seconds, fractionDigits: 3)
    return "\(number) s (\(formatClock(seconds.rounded(.down))))"
}
