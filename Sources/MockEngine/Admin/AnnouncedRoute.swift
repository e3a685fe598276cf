import Basics
import Locking

/// The route of the trace being played against the mock, as `replay-location --weather` announces it
/// (`PUT /__admin/route`), so the dashboard's map can draw the road ahead as well as the requests made.
///
/// The body names the trace and lists its waypoints in order:
/// `{"name": "Seoul to Daegu", "points": [{"lat": 37.566, "lon": 126.978, "name": "Seoul City Hall"}, …]}`.
package struct AnnouncedRoute: Sendable, Equatable {
    struct Point: Sendable, Equatable {
        var latitude: Double
        var longitude: Double
        var name: String?
    }

    /// The most points a route may have (a GPX track of a long day's drive has a few thousand).
    static let maximumPointCount = 50_000

    var name: String?
    var points: [Point]
    /// When it was announced, in milliseconds since 1970.
    var timestampMilliseconds: Int64

    /// Reads a route from a request body, naming the JSON path of whatever is wrong.
    init(body: [UInt8], timestampMilliseconds: Int64) throws(RouteError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            let position = LineMap(body).position(ofOffset: error.offset)
            throw RouteError(
                path: "$", message: "not JSON: \(error.message) at line \(position.line), column \(position.column)")
        }
        guard let members = root.members else {
            throw RouteError(
                path: "$", message: "expected an object with name and points, found \(root.typeDescription)")
        }
        for member in members where member.key != "name" && member.key != "points" {
            throw RouteError(path: "$.\(member.key)", message: "unknown member; a route has name and points")
        }
        if let name = root["name"], !name.isNull {
            guard let text = name.stringValue else {
                throw RouteError(path: "$.name", message: "expected a string, found \(name.typeDescription)")
            }
            self.name = text
        }
        guard let list = root["points"] else { throw RouteError(path: "$.points", message: "missing") }
        guard let elements = list.elements else {
            throw RouteError(path: "$.points", message: "expected an array of points, found \(list.typeDescription)")
        }
        guard !elements.isEmpty else { throw RouteError(path: "$.points", message: "expected at least one point") }
        guard elements.count <= Self.maximumPointCount else {
            throw RouteError(
                path: "$.points", message: "at most \(Self.maximumPointCount) points, found \(elements.count)")
        }
        var points: [Point] = []
        points.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            points.append(try Self.point(element, path: "$.points[\(index)]"))
        }
        self.points = points
        self.timestampMilliseconds = timestampMilliseconds
    }

    private static func point(_ value: JSONValue, path: String) throws(RouteError) -> Point {
        guard let members = value.members else {
            throw RouteError(path: path, message: "expected an object with lat and lon, found \(value.typeDescription)")
        }
        for member in members where !["lat", "lon", "name"].contains(member.key) {
            throw RouteError(path: "\(path).\(member.key)", message: "unknown member; a point has lat, lon and name")
        }
        func coordinate(_ key: String, within range: ClosedRange<Double>) throws(RouteError) -> Double {
            guard let field = value[key] else { throw RouteError(path: "\(path).\(key)", message: "missing") }
            guard let number = field.doubleValue, range.contains(number) else {
                let found = field.numberText ?? field.typeDescription
                throw RouteError(
                    path: "\(path).\(key)",
                    message:
                        "expected a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), found \(found)")
            }
            return number
        }
        var point = Point(
            latitude: try coordinate("lat", within: -90...90), longitude: try coordinate("lon", within: -180...180))
        if let name = value["name"], !name.isNull {
            guard let text = name.stringValue else {
                throw RouteError(path: "\(path).name", message: "expected a string, found \(name.typeDescription)")
            }
            point.name = text
        }
        return point
    }

    /// The route as `GET /__admin/route` serves it (the same shape as the body that set it).
    var json: JSONValue {
        .object([
            ("name", .string(name)),
            ("receivedAt", .string(Timestamp.iso8601(milliseconds: timestampMilliseconds))),
            (
                "points",
                .array(
                    points.map { point in
                        var fields: [(String, JSONValue)] = [
                            ("lat", .number(point.latitude)), ("lon", .number(point.longitude)),
                        ]
                        if let name = point.name { fields.append(("name", .string(name))) }
                        return .object(fields)
                    })
            ),
        ])
    }
}

/// What is wrong with a route body: where (a JSON path) and what.
package struct RouteError: Error, Sendable, Equatable, CustomStringConvertible {
    var path: String
    var message: String

    package var description: String { "route \(path): \(message)" }
}

/// The route being shown, if any: set by `PUT /__admin/route`, cleared by `DELETE` or a reset.
package final class RouteBoard: Sendable {
    private let current = Locked<AnnouncedRoute?>(nil)

    var route: AnnouncedRoute? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
