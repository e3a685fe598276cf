import Basics
import KoreaRegions

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which cells of the grid the village forecast treats as sea (``KMAVillageForecastAnswer``'s
/// masking): a cell is sea when no legal division of South Korea holds its centre nor any of four
/// points 2 km from it (north, south, east, west), so a coastal cell with land in it (Haeundae's
/// beach) stays land, as the service's own land-sea mask keeps coastal cells.
///
/// Without the divisions (no ``KoreaRegions`` in the synthesis context, or regions that could not be
/// read: ``KoreaRegions/loadProblem``) every cell is land: nothing is masked rather than everything.
/// With them, land outside South Korea (North Korea, China, Japan) has no division and counts as sea.
/// The question is one closure, so tests put land and sea where they want them.
struct KMASeaMask: Sendable {
    /// Whether the point at latitude, longitude (degrees) is off every division; nil: all land.
    private let isOffLand: (@Sendable (Double, Double) -> Bool)?

    /// The mask of `korea`'s divisions (all land without readable ones).
    init(_ korea: KoreaRegions?) {
        guard let korea, korea.loadProblem == nil else {
            isOffLand = nil
            return
        }
        isOffLand = { latitude, longitude in korea.division(latitude: latitude, longitude: longitude) == nil }
    }

    /// A mask that asks `isOffLand` whether a point is at sea.
    init(isOffLand: @escaping @Sendable (Double, Double) -> Bool) {
        self.isOffLand = isOffLand
    }

    /// Every cell land.
    static let allLand = KMASeaMask(nil)

    /// How far from the centre (km) the four other points are probed.
    static let probeKilometres = 2.0

    /// Whether `cell` is sea.
    func isSea(_ cell: KMACell) -> Bool {
        guard let isOffLand else { return false }
        let centre = KMAGridProjection.centre(x: cell.x, y: cell.y)
        let latitudeStep = Self.probeKilometres / 111.2
        let longitudeStep = latitudeStep / max(0.1, cos(centre.latitude * .pi / 180))
        let probes = [
            (0.0, 0.0), (latitudeStep, 0), (-latitudeStep, 0), (0, longitudeStep), (0, -longitudeStep),
        ]
        return probes.allSatisfy { isOffLand(centre.latitude + $0.0, centre.longitude + $0.1) }
    }
}
