import Basics
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads GPX 1.0 and 1.1 files as traces.
///
/// The route is the file's track points (`trk/trkseg/trkpt`, all segments in order) if it has any,
/// otherwise its route points (`rte/rtept`), otherwise its waypoints (`wpt`, the form Xcode's location
/// simulation uses). A point's `<name>` names the waypoint. When points carry `<time>`, the first one is
/// the trace's start and each timed point is reached at its time, with untimed points in between passed at
/// constant speed; without times the trace's default speed applies. Problems are reported with the line of
/// the element at fault: `route.gpx: line 12: <trkpt> lat: expected a number between -90 and 90, found "95"`.
public enum GPXImporter {
    /// Imports the GPX document in `bytes`; `fileName` names it in errors and, when the file has no name
    /// of its own, becomes the trace's name.
    public static func importTrace(_ bytes: [UInt8], fileName: String) throws(TraceLoadError) -> Trace {
        // FoundationXML traps on text that is not UTF-8 (libxml2 hands names, comments and text on
        // as the bytes were, whatever the prolog says), so such a file is refused here, with where
        // its first bad byte is. GPX writers produce UTF-8, XML's default.
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            let position = LineMap(bytes).position(ofOffset: invalid)
            let byte = String(bytes[invalid], radix: 16, uppercase: true)
            throw .malformed(
                file: fileName, line: position.line, column: position.column,
                message: "not UTF-8 (byte 0x\(byte)); GPX files are read as UTF-8")
        }
        // FoundationXML also crashes on some constructs no GPX writer produces (a processing
        // instruction without data, for one), so those are refused before it sees them.
        if let refusal = GPXMarkupScreen.firstRefusal(in: bytes) {
            let position = LineMap(bytes).position(ofOffset: refusal.offset)
            throw .malformed(file: fileName, line: position.line, column: position.column, message: refusal.message)
        }
        let collector = GPXCollector()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        // swift-corelibs-foundation's parse() can return true after recording a fatal error, so check both.
        if !parser.parse() || parser.parserError != nil {
            let message = parser.parserError.map { describe($0) } ?? "not a well-formed XML document"
            throw .malformed(
                file: fileName, line: max(1, parser.lineNumber), column: max(1, parser.columnNumber), message: message)
        }
        if !collector.sawGPXRoot {
            throw .invalid(
                file: fileName,
                problems: [
                    TraceProblem(
                        location: "line 1", message: "expected a <gpx> document, found <\(collector.rootName)>")
                ])
        }
        let points =
            !collector.trackPoints.isEmpty
            ? collector.trackPoints : !collector.routePoints.isEmpty ? collector.routePoints : collector.waypoints
        var problems = collector.problems
        if points.isEmpty, problems.isEmpty {
            problems.append(
                TraceProblem(location: "line 1", message: "no <trkpt>, <rtept> or <wpt> elements with lat and lon"))
        }
        let trace = makeTrace(points, name: collector.documentName, fileName: fileName, problems: &problems)
        guard problems.isEmpty else { throw .invalid(file: fileName, problems: problems) }
        do {
            _ = try Timeline(trace: trace)
        } catch {
            let point = points[min(error.waypointIndex, points.count - 1)]
            throw .invalid(
                file: fileName,
                problems: [
                    TraceProblem(location: "line \(point.line)", message: "<\(point.element)>: \(error.message)")
                ])
        }
        return trace
    }

    private static func makeTrace(
        _ points: [GPXPoint], name: String?, fileName: String, problems: inout [TraceProblem]
    ) -> Trace {
        let start = points.first?.time
        if start == nil, let timed = points.first(where: { $0.time != nil }) {
            problems.append(
                TraceProblem(
                    location: "line \(points[0].line)",
                    message: "<\(points[0].element)> has no <time> but the point on line \(timed.line) has one; "
                        + "give the first point a time, or remove the times"))
        }
        var previous: (time: Date, line: Int)?
        var waypoints: [Waypoint] = []
        for point in points {
            var arrival: Double?
            if let time = point.time, let start {
                if let previous, time < previous.time {
                    problems.append(
                        TraceProblem(
                            location: "line \(point.line)",
                            message: "<\(point.element)> time goes backwards: before the time on line \(previous.line)")
                    )
                }
                previous = (time, point.line)
                arrival = time.timeIntervalSince(start)
            }
            waypoints.append(Waypoint(point.point, name: point.name, arrival: arrival))
        }
        return Trace(
            name: name ?? TraceLoader.defaultName(forFile: fileName), start: start, waypoints: waypoints)
    }

    private static func describe(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? "not a well-formed XML document" : "not well-formed XML: \(text)"
    }
}

/// One `wpt`, `rtept` or `trkpt` element as read.
private struct GPXPoint {
    var element: String
    var line: Int
    var point: GeoPoint
    var name: String?
    var time: Date?
}

/// The XMLParser delegate: collects points by kind, with the line of each, and the problems found.
private final class GPXCollector: NSObject, XMLParserDelegate {
    var waypoints: [GPXPoint] = []
    var routePoints: [GPXPoint] = []
    var trackPoints: [GPXPoint] = []
    var problems: [TraceProblem] = []
    var documentName: String?
    var sawGPXRoot = false
    var rootName = ""

    private var path: [String] = []
    private var current: GPXPoint?
    private var text = ""
    private let timestamps = TimestampReader()

    private static let pointElements: Set<String> = ["wpt", "rtept", "trkpt"]

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = localName(elementName)
        if path.isEmpty {
            rootName = name
            sawGPXRoot = name == "gpx"
        }
        path.append(name)
        text = ""
        guard Self.pointElements.contains(name), isPointInPlace(name) else { return }
        let line = parser.lineNumber
        let latitude = coordinate(attributes["lat"], name: name, attribute: "lat", line: line, limit: 90)
        let longitude = coordinate(attributes["lon"], name: name, attribute: "lon", line: line, limit: 180)
        if let latitude, let longitude {
            current = GPXPoint(element: name, line: line, point: GeoPoint(latitude: latitude, longitude: longitude))
        } else {
            current = nil
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    // Some exporters wrap names in CDATA; their text counts like any other.
    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let name = localName(elementName)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        switch name {
        case "name" where Self.pointElements.contains(parent):
            current?.name = trimmed.isEmpty ? nil : trimmed
        case "name" where documentName == nil && ["metadata", "trk", "rte"].contains(parent):
            documentName = trimmed.isEmpty ? nil : trimmed
        case "name" where parent == "gpx" && documentName == nil:
            documentName = trimmed.isEmpty ? nil : trimmed
        case "time" where Self.pointElements.contains(parent):
            if let date = timestamps.date(from: trimmed) {
                current?.time = date
            } else if current != nil {
                problems.append(
                    TraceProblem(
                        location: "line \(parser.lineNumber)",
                        message: "<\(parent)> <time>: expected an ISO 8601 time such as 2026-11-29T00:00:00Z, "
                            + "found \"\(trimmed)\""))
            }
        case "wpt", "rtept", "trkpt":
            if let point = current, point.element == name {
                switch name {
                case "wpt": waypoints.append(point)
                case "rtept": routePoints.append(point)
                default: trackPoints.append(point)
                }
            }
            current = nil
        default:
            break
        }
        path.removeLast()
        text = ""
    }

    /// Whether a point element sits where GPX puts it (`gpx/wpt`, `gpx/rte/rtept`, `gpx/trk/trkseg/trkpt`),
    /// so that look-alikes inside extensions are ignored.
    private func isPointInPlace(_ name: String) -> Bool {
        switch name {
        case "wpt": path == ["gpx", "wpt"]
        case "rtept": path == ["gpx", "rte", "rtept"]
        default: path == ["gpx", "trk", "trkseg", "trkpt"]
        }
    }

    private func coordinate(_ text: String?, name: String, attribute: String, line: Int, limit: Double) -> Double? {
        guard let text else {
            problems.append(
                TraceProblem(location: "line \(line)", message: "<\(name)> is missing its \(attribute) attribute"))
            return nil
        }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, abs(value) <= limit else {
            problems.append(
                TraceProblem(
                    location: "line \(line)",
                    message: "<\(name)> \(attribute): expected a number between -\(Int(limit)) and \(Int(limit)), "
                        + "found \"\(text)\""))
            return nil
        }
        return value
    }

    private func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }
}
