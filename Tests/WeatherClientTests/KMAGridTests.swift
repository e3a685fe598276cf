import Testing
import WeatherClient

/// Coordinates to KMA grid cells and back, pinned to every reference cell of
/// shared/reference/kma-vilage-fcst.md §6 and places-and-routes.md.
@Suite struct KMAGridTests {
    /// (place, latitude, longitude, nx, ny).
    private static let referenceCells: [(String, Double, Double, Int, Int)] = [
        ("Seoul City Hall", 37.5665, 126.9780, 60, 127),
        ("OpenWeatherMap Seoul", 37.5683, 126.9778, 60, 127),
        ("Seoul City Hall, Kakao geocode", 37.5663174, 126.9778292, 60, 127),
        ("Seoul City Hall, places table", 37.5663174, 126.9779451, 60, 127),
        ("Seoul, places grid point", 37.56357, 126.98001, 60, 127),
        ("Busan City Hall", 35.1796, 129.0756, 98, 76),
        ("Jeju City Hall", 33.4996, 126.5312, 53, 38),
        ("Daegu City Hall", 35.8714, 128.6014, 89, 91),
        ("Daegu City Hall, places table", 35.8714354, 128.6014, 89, 91),
        ("Daegu, KMA table point", 35.8686, 128.6040, 89, 90),
        ("Daegu metropolitan city", 35.86854, 128.60355, 89, 90),
        ("Yeongdeungpo, SeSAC campus", 37.517829, 126.886270, 58, 126),
    ]

    @Test(arguments: referenceCells.map(\.0))
    func referencePointsFallInTheirReferenceCells(place: String) throws {
        let (_, latitude, longitude, nx, ny) = try #require(Self.referenceCells.first { $0.0 == place })

        let cell = KMAGridCell(containing: Coordinate(latitude: latitude, longitude: longitude))

        #expect(cell == KMAGridCell(nx: nx, ny: ny), "\(place)")
    }

    /// Inverse check of §6: (60,127) ≈ 37.5799, 126.9894 and (89,90) ≈ 35.8475, 128.6062.
    @Test func cellCentresMatchTheReferenceInverse() throws {
        let seoul = try #require(KMAGridCell(nx: 60, ny: 127)).center
        let daegu = try #require(KMAGridCell(nx: 89, ny: 90)).center

        #expect(abs(seoul.latitude - 37.5799) < 0.0001 && abs(seoul.longitude - 126.9894) < 0.0001, "\(seoul)")
        #expect(abs(daegu.latitude - 35.8475) < 0.0001 && abs(daegu.longitude - 128.6062) < 0.0001, "\(daegu)")
    }

    /// Every cell's centre converts back to that cell: the two directions are one projection.
    @Test func everyCellCentreConvertsBackToItsCell() {
        var mismatches: [String] = []
        for nx in KMAGridCell.columns {
            for ny in KMAGridCell.rows {
                let cell = KMAGridCell(nx: nx, ny: ny)!
                if KMAGridCell(containing: cell.center) != cell { mismatches.append(cell.description) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func cellsOutsideTheGridDoNotExist() {
        #expect(KMAGridCell(nx: 0, ny: 1) == nil)
        #expect(KMAGridCell(nx: 150, ny: 1) == nil)
        #expect(KMAGridCell(nx: 1, ny: 254) == nil)
        #expect(KMAGridCell(nx: 149, ny: 253)?.description == "149/253")
    }

    @Test func coordinatesOutsideTheGridOrInvalidHaveNoCell() {
        #expect(KMAGridCell(containing: Coordinate(latitude: 40.7128, longitude: -74.0060)) == nil)  // New York
        #expect(KMAGridCell(containing: Coordinate(latitude: -90, longitude: 126)) == nil)
        #expect(KMAGridCell(containing: Coordinate(latitude: 91, longitude: 126)) == nil)
        #expect(KMAGridCell(containing: Coordinate(latitude: .nan, longitude: 126)) == nil)
    }
}
