import Basics

/// Reads a `mockweather-scenario/1` file (docs/Scenarios.md) into a ``Scenario``, checking every
/// field and reporting every problem it finds, each with its file, line, column and JSON path.
///
/// A scenario is returned only for a file with no problem at all: no unknown or repeated key, every
/// number finite and inside ``ScenarioLimits``, every time readable, every event ending after it
/// starts, every typhoon track of two fixes or more in time order at a speed a storm can move.
package struct ScenarioDecoder {
    /// The `format` a scenario file states.
    package static let formatIdentifier = "mockweather-scenario/1"

    /// The fields' reader and the problems found so far (ScenarioDecoder+Places.swift reads with it too).
    var reader: ScenarioFieldReader

    private init(file: String, bytes: [UInt8]) {
        reader = ScenarioFieldReader(file: file, bytes: bytes)
    }

    /// The scenario in `bytes`, named `name` (a preset's or a file's name without `.json`); `file` is
    /// how problems name the file. Throws every problem found (up to ``ScenarioLimits/problems``).
    package static func decode(_ bytes: [UInt8], name: String, file: String) throws(ScenarioValidationError)
        -> Scenario
    {
        var decoder = ScenarioDecoder(file: file, bytes: bytes)
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            decoder.reader.report(error.offset, .root) { .notJSON(at: $0, reason: error.message) }
            throw ScenarioValidationError(file: file, problems: decoder.reader.problems)
        }
        let scenario = decoder.decodeDocument(root, name: name)
        guard let scenario, decoder.reader.problems.isEmpty else {
            // Found object by object (keys, then values); listed as they appear in the file.
            let ordered = decoder.reader.problems.enumerated().sorted { lhs, rhs in
                let (left, right) = (lhs.element.location, rhs.element.location)
                return (left.line ?? 0, left.column ?? 0, lhs.offset) < (right.line ?? 0, right.column ?? 0, rhs.offset)
            }
            throw ScenarioValidationError(
                file: file, problems: ordered.map(\.element), isTruncated: decoder.reader.isTruncated)
        }
        return scenario
    }

    /// The scenario a file's name gives it: its last path component without `.json`.
    package static func scenarioName(forFile path: String) -> String {
        let base = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        return base.hasSuffix(".json") && base.count > 5 ? String(base.dropLast(5)) : base
    }

    // MARK: - Document

    private mutating func decodeDocument(_ root: JSONValue, name: String) -> Scenario? {
        guard let members = reader.object(root, .root, "a scenario object") else { return nil }
        reader.checkKeys(members, at: .root, allowed: ScenarioFileKeys.document, context: "in a scenario")
        if let format = reader.text(
            root, "format", .root, expected: "\"\(Self.formatIdentifier)\"", limit: ScenarioLimits.nameCharacters),
            format != Self.formatIdentifier
        {
            reader.report(root["format"]!.offset, JSONPath.root.appending("format")) {
                .unsupportedFormat(at: $0, found: format)
            }
        }
        let summary = reader.text(
            root, "summary", .root, expected: "one line saying what the scenario is",
            limit: ScenarioLimits.textCharacters)
        _ = reader.text(root, "notes", .root, expected: nil, limit: ScenarioLimits.textCharacters)
        var events: [ScenarioEvent] = []
        let eventsPath = JSONPath.root.appending("events")
        if let list = reader.member(root, "events", .root, expected: "an array of events; [] for none"),
            let elements = reader.array(list, eventsPath, "an array of events")
        {
            if elements.count > ScenarioLimits.events {
                reader.report(list.offset, eventsPath) {
                    .tooMany(at: $0, what: "events", count: elements.count, limit: ScenarioLimits.events)
                }
            }
            for (index, element) in elements.prefix(ScenarioLimits.events).enumerated() {
                if let event = decodeEvent(element, at: eventsPath.appending(index)) { events.append(event) }
                if reader.isTruncated { break }
            }
        }
        guard let summary else { return nil }
        return Scenario(name: name, summary: summary, events: events)
    }

    // MARK: - Events

    private mutating func decodeEvent(_ value: JSONValue, at path: JSONPath) -> ScenarioEvent? {
        guard let members = reader.object(value, path, "an event object") else { return nil }
        let kindExpected = "one of \(ScenarioEventKindName.allNames.joined(separator: ", "))"
        guard let kindText = reader.text(value, "kind", path, expected: kindExpected, limit: .max) else { return nil }
        guard let kind = ScenarioEventKindName(rawValue: kindText) else {
            reader.report(value["kind"]!.offset, path.appending("kind")) { .unknownEventKind(at: $0, found: kindText) }
            return nil
        }
        reader.checkKeys(members, at: path, allowed: kind.allowedKeys, context: "for a \(kind.rawValue) event")
        let alert = value["alert"].flatMap { decodeAlert($0, at: path.appending("alert")) }
        _ = reader.text(value, "notes", path, expected: nil, limit: ScenarioLimits.textCharacters)
        if kind == .typhoon {
            guard let (name, track, span) = decodeTyphoon(value, at: path) else { return nil }
            return ScenarioEvent(
                kind: .typhoon(name: name, track: track), start: span.start, end: span.end, alert: alert)
        }
        let span = decodeSpan(value, at: path)
        let eventKind = decodeKind(kind, value, at: path)
        guard let span, let eventKind, value["alert"] == nil || alert != nil else { return nil }
        return ScenarioEvent(kind: eventKind, start: span.start, end: span.end, alert: alert)
    }

    /// `start` and `end`, written the same way (so their order can be checked), `end` after `start`.
    private mutating func decodeSpan(_ value: JSONValue, at path: JSONPath) -> (start: ScenarioTime, end: ScenarioTime)?
    {
        let start = reader.time(value, "start", path)
        let end = reader.time(value, "end", path)
        guard let start, let end else { return nil }
        guard let isAfter = Self.isAfter(end.time, start.time) else {
            reader.report(value["end"]!.offset, path.appending("end")) {
                .mixedTimeForms(
                    at: $0, first: "start \(JSONValue.quoted(start.text))", second: "end \(JSONValue.quoted(end.text))")
            }
            return nil
        }
        guard isAfter else {
            reader.report(value["end"]!.offset, path.appending("end")) {
                .endNotAfterStart(at: $0, start: start.text, end: end.text)
            }
            return nil
        }
        return (start.time, end.time)
    }

    private mutating func decodeKind(_ kind: ScenarioEventKindName, _ value: JSONValue, at path: JSONPath)
        -> ScenarioEventKind?
    {
        typealias Limits = ScenarioLimits
        switch kind {
        case .coldWave, .heatWave:
            let area = decodeArea(value, at: path)
            let anomaly = reader.number(value, "anomaly", path, Limits.anomaly)
            guard let area, let anomaly else { return nil }
            return kind == .coldWave ? .coldWave(area: area, anomaly: anomaly) : .heatWave(area: area, anomaly: anomaly)
        case .rainBand:
            let latitude = reader.number(value, "lat", path, Limits.latitude)
            let longitude = reader.number(value, "lon", path, Limits.longitude)
            let orientation = reader.number(value, "orientation", path, Limits.direction)
            let heading = reader.number(value, "heading", path, Limits.direction)
            let speed = reader.number(value, "speed", path, Limits.bandSpeed)
            let halfWidth = reader.number(value, "halfWidth", path, Limits.halfWidth)
            let peakRate = reader.number(value, "peakRate", path, Limits.rainRate)
            guard let latitude, let longitude, let orientation, let heading, let speed, let halfWidth, let peakRate
            else { return nil }
            return .rainBand(
                latitude: latitude, longitude: longitude, orientation: orientation, heading: heading, speed: speed,
                halfWidth: halfWidth, peakRate: peakRate)
        case .heavySnow:
            let area = decodeArea(value, at: path)
            let rate = reader.number(value, "rate", path, Limits.snowRate)
            guard let area, let rate else { return nil }
            return .heavySnow(area: area, rate: rate)
        case .fineDust:
            let area = decodeArea(value, at: path)
            let pm10 = reader.number(value, "pm10", path, Limits.pm10)
            let pm25 = reader.number(value, "pm25", path, Limits.pm25)
            guard let area, let pm10, let pm25 else { return nil }
            guard pm25 <= pm10 else {
                reader.report(value["pm25"]!.offset, path.appending("pm25")) {
                    .pm25AbovePM10(at: $0, pm25: value["pm25"]!.summary, pm10: value["pm10"]!.summary)
                }
                return nil
            }
            return .fineDust(area: area, pm10: pm10, pm25: pm25)
        case .clearSpell:
            return decodeArea(value, at: path).map { .clearSpell(area: $0) }
        case .typhoon:
            preconditionFailure("a typhoon is decoded with its track")
        }
    }

    private mutating func decodeAlert(_ value: JSONValue, at path: JSONPath) -> ScenarioAlert? {
        guard let members = reader.object(value, path, "an alert object {event, senderName, description}") else {
            return nil
        }
        reader.checkKeys(members, at: path, allowed: ScenarioFileKeys.alert, context: "in an alert")
        let event = reader.text(
            value, "event", path, expected: "the warning's title, such as \"Typhoon warning\"",
            limit: ScenarioLimits.nameCharacters)
        let sender = reader.text(
            value, "senderName", path, expected: "who issues it, such as \"Korea Meteorological Administration\"",
            limit: ScenarioLimits.nameCharacters)
        let description = reader.text(
            value, "description", path, expected: "what the warning says", limit: ScenarioLimits.textCharacters)
        guard let event, let sender, let description else { return nil }
        return ScenarioAlert(event: event, senderName: sender, description: description)
    }

    /// Whether `later` is after `earlier`, or nil when one is absolute and the other relative.
    static func isAfter(_ later: ScenarioTime, _ earlier: ScenarioTime) -> Bool? {
        switch (later, earlier) {
        case (.absolute(let later), .absolute(let earlier)), (.afterStart(let later), .afterStart(let earlier)):
            later > earlier
        default:
            nil
        }
    }
}
