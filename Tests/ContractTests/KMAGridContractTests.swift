import Foundation
import LocationSimulator
import TestSupport
import Testing
import WeatherClient

/// The client and the simulator convert coordinates to the KMA grid independently (two readings of the
/// KMA guide, docs/ARCHITECTURE.md#module-map); on the bundled drives they must name the same cells, or
/// a replayed trace would ask the mock for one cell while the simulator shows another.
@Suite struct KMAGridContractTests {
    /// The bundled traces, as `TraceContractTests` loads them: every `Scripts/traces/*.json`.
    static let tracePaths: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PackageLayout.traces.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map {
            PackageLayout.traces.appendingPathComponent($0).path
        }
    }()

    @Test func bundledTracesAreFound() {
        #expect(Self.tracePaths.count >= 2, "found \(Self.tracePaths) under \(PackageLayout.traces.path)")
    }

    /// Every waypoint, and the position every second of the played-back trace (noise included).
    @Test(arguments: tracePaths)
    func clientGridCellAgreesWithTheSimulatorsOnEveryPointOfTheTrace(_ path: String) throws {
        let playback = try Playback(trace: try TraceLoader.load(path: path))
        var points = playback.trace.waypoints.map(\.point)
        var cursor = Playback.Cursor()
        let duration = playback.duration ?? 3_600
        for second in stride(from: 0.0, through: duration, by: 1) {
            points.append(playback.fix(at: second, cursor: &cursor).coordinate)
        }
        try #require(points.count > playback.trace.waypoints.count)

        var disagreements: [String] = []
        for point in points {
            let simulator = LocationSimulator.KMAGrid.gridPoint(for: point)
            let client = KMAGridCell(containing: Coordinate(latitude: point.latitude, longitude: point.longitude))
            if client?.nx != simulator.x || client?.ny != simulator.y {
                disagreements.append(
                    "\(point): client \(client.map(\.description) ?? "no cell"), simulator \(simulator)")
            }
        }

        #expect(disagreements.isEmpty, "\(disagreements.count) of \(points.count) points: \(disagreements.prefix(5))")
    }

    /// The check can fail: the reference's borderline point lands in different cells a hair apart, and
    /// both implementations see the border at the same place.
    @Test func bothConversionsPutDaeguCityHallAndTheDaeguTablePointInTheirOwnCells() {
        let cityHall = GeoPoint(latitude: 35.8714354, longitude: 128.6014)
        let table = GeoPoint(latitude: 35.86854, longitude: 128.60355)

        #expect(LocationSimulator.KMAGrid.gridPoint(for: cityHall) == KMAGridPoint(x: 89, y: 91))
        #expect(LocationSimulator.KMAGrid.gridPoint(for: table) == KMAGridPoint(x: 89, y: 90))
        #expect(
            KMAGridCell(containing: Coordinate(latitude: 35.8714354, longitude: 128.6014))
                == KMAGridCell(nx: 89, ny: 91))
        #expect(
            KMAGridCell(containing: Coordinate(latitude: 35.86854, longitude: 128.60355)) == KMAGridCell(nx: 89, ny: 90)
        )
    }
}
