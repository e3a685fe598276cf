import Foundation
import LocationSimulator
import TestSupport

/// Traces built in code for the tests, so that each test states exactly what it depends on.
enum TestTraces {
    static let seoulCityHall = GeoPoint(latitude: 37.5663174, longitude: 126.9779451)
    static let suwon = GeoPoint(latitude: 37.28310, longitude: 127.03783)
    static let cheonan = GeoPoint(latitude: 36.80413, longitude: 127.15247)
    static let daeguCityHall = GeoPoint(latitude: 35.8714354, longitude: 128.6014)

    /// Seoul → Suwon → Cheonan at 100 km/h.
    static func drive(speedKmh: Double = 100, loop: LoopMode = .once, pause: Double = 0) -> Trace {
        Trace(
            name: "test drive",
            speedKmh: speedKmh,
            loop: loop,
            waypoints: [
                Waypoint(seoulCityHall, name: "Seoul City Hall"),
                Waypoint(suwon, name: "Suwon", pauseSeconds: pause),
                Waypoint(cheonan, name: "Cheonan"),
            ]
        )
    }

    /// The bundled Seoul-to-Daegu trace, found from this source file's location.
    static func seoulToDaeguPath() -> String {
        PackageLayout.traces.appendingPathComponent("seoul-to-daegu.json").path
    }

    /// Decodes a JSON trace from text.
    static func decode(_ json: String, fileName: String = "test.json") throws -> Trace {
        try TraceLoader.decode(Array(json.utf8), fileName: fileName)
    }

    /// The error loading `json` gives, as printed.
    static func loadError(_ json: String, fileName: String = "test.json") -> String? {
        do {
            _ = try TraceLoader.decode(Array(json.utf8), fileName: fileName)
            return nil
        } catch {
            return error.description
        }
    }
}
