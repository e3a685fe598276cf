import LocationSimulator
import Testing

@Suite struct GeodesyTests {
    let seoulCityHall = GeoPoint(latitude: 37.5663174, longitude: 126.9779451)
    let daeguCityHall = GeoPoint(latitude: 35.8714354, longitude: 128.6014)

    @Test func seoulToDaeguCityHallIsAbout237Point6Kilometres() {
        let distance = seoulCityHall.distance(to: daeguCityHall)

        #expect(abs(distance - 237_600) / 237_600 < 0.005)
    }

    @Test func distanceIsSymmetricAndZeroToItself() {
        #expect(seoulCityHall.distance(to: seoulCityHall) == 0)
        #expect(abs(seoulCityHall.distance(to: daeguCityHall) - daeguCityHall.distance(to: seoulCityHall)) < 1e-6)
    }

    @Test func oneDegreeOfLatitudeIsTheArcOfTheMeanRadius() {
        let expected = Geodesy.meanEarthRadius * .pi / 180

        let distance = GeoPoint(latitude: 10, longitude: 20).distance(to: GeoPoint(latitude: 11, longitude: 20))

        #expect(abs(distance - expected) < 1e-6)
    }

    @Test func initialBearingPointsAlongTheCompass() {
        let origin = GeoPoint(latitude: 0, longitude: 0)

        #expect(abs(origin.initialBearing(to: GeoPoint(latitude: 1, longitude: 0)) - 0) < 1e-9)
        #expect(abs(origin.initialBearing(to: GeoPoint(latitude: 0, longitude: 1)) - 90) < 1e-9)
        #expect(abs(origin.initialBearing(to: GeoPoint(latitude: -1, longitude: 0)) - 180) < 1e-9)
        #expect(abs(origin.initialBearing(to: GeoPoint(latitude: 0, longitude: -1)) - 270) < 1e-9)
    }

    @Test func seoulToDaeguHeadsSouthEast() {
        let bearing = seoulCityHall.initialBearing(to: daeguCityHall)

        #expect(bearing > 135 && bearing < 145)
    }

    @Test func destinationInvertsDistanceAndBearing() {
        let distance = seoulCityHall.distance(to: daeguCityHall)
        let bearing = seoulCityHall.initialBearing(to: daeguCityHall)

        let reached = seoulCityHall.destination(bearing: bearing, distance: distance)

        #expect(reached.distance(to: daeguCityHall) < 0.01)
    }

    @Test func longLegInterpolationStaysOnTheGreatCircle() {
        // Seoul to New York crosses the Arctic on the great circle; a rhumb line or a linear
        // interpolation of latitude and longitude would be thousands of kilometres off it.
        let newYork = GeoPoint(latitude: 40.7128, longitude: -74.0060)
        let total = seoulCityHall.distance(to: newYork)
        let bearing = seoulCityHall.initialBearing(to: newYork)

        for fraction in stride(from: 0.1, through: 0.9, by: 0.1) {
            let point = seoulCityHall.intermediatePoint(to: newYork, fraction: fraction)

            #expect(abs(seoulCityHall.distance(to: point) - fraction * total) < 0.5)
            #expect(abs(point.distance(to: newYork) - (1 - fraction) * total) < 0.5)
            #expect(seoulCityHall.destination(bearing: bearing, distance: fraction * total).distance(to: point) < 0.5)
        }
        #expect(seoulCityHall.intermediatePoint(to: newYork, fraction: 0.5).latitude > 60)
    }

    @Test func intermediatePointEndsAreTheEndpoints() {
        #expect(seoulCityHall.intermediatePoint(to: daeguCityHall, fraction: 0).distance(to: seoulCityHall) < 1e-6)
        #expect(seoulCityHall.intermediatePoint(to: daeguCityHall, fraction: 1).distance(to: daeguCityHall) < 1e-6)
    }

    @Test func destinationWrapsAcrossTheAntimeridian() {
        let reached = GeoPoint(latitude: 0, longitude: 179.5).destination(bearing: 90, distance: 111_195)

        #expect(abs(reached.longitude - -179.5) < 0.001)
    }
}

@Suite struct KMAGridTests {
    @Test(arguments: [
        (GeoPoint(latitude: 37.56357, longitude: 126.98001), KMAGridPoint(x: 60, y: 127)),  // Seoul
        (GeoPoint(latitude: 37.517829, longitude: 126.886270), KMAGridPoint(x: 58, y: 126)),  // SeSAC, Yeongdeungpo-gu
        (GeoPoint(latitude: 37.52606, longitude: 126.8962), KMAGridPoint(x: 58, y: 126)),  // Yeongdeungpo-gu office
        (GeoPoint(latitude: 35.86854, longitude: 128.60355), KMAGridPoint(x: 89, y: 90)),  // Daegu
        (GeoPoint(latitude: 35.8714354, longitude: 128.6014), KMAGridPoint(x: 89, y: 91)),  // Daegu City Hall
    ])
    func referencePointsLandInTheirPublishedCells(point: GeoPoint, cell: KMAGridPoint) {
        #expect(KMAGrid.gridPoint(for: point) == cell)
    }

    @Test func theGridOriginIsItsOwnCell() {
        #expect(KMAGrid.gridPoint(for: GeoPoint(latitude: 38, longitude: 126)) == KMAGridPoint(x: 43, y: 136))
    }
}
