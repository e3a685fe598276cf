import LocationSimulator
import Testing

@Suite struct DistanceFilterTests {
    func fix(
        _ metresNorth: Double, accuracy: Double = 5, authorization: LocationAuthorization = .authorizedWhenInUse
    ) -> LocationFix {
        LocationFix(
            time: 0, coordinate: TestTraces.seoulCityHall.destination(bearing: 0, distance: metresNorth),
            horizontalAccuracy: accuracy, speed: 1, course: 0, authorization: authorization)
    }

    /// Which of `fixes` the filter delivers, in order.
    func decisions(_ filter: inout DistanceFilter, _ fixes: [LocationFix]) -> [Bool] {
        fixes.map { filter.shouldDeliver($0) }
    }

    @Test func theFirstFixIsAlwaysDelivered() {
        var filter = DistanceFilter(minimumDistance: 1_000)

        #expect(decisions(&filter, [fix(0)]) == [true])
    }

    @Test func aFixIsDeliveredOnceItIsFarEnoughFromTheLastDeliveredOne() {
        var filter = DistanceFilter(minimumDistance: 100)

        let delivered = decisions(&filter, [0, 40, 80, 99, 100.5, 150, 201].map { fix($0) })

        // Measured from the last *delivered* fix (0, then 100.5), not from the previous sample,
        // so slow progress adds up.
        #expect(delivered == [true, false, false, false, true, false, true])
    }

    @Test func invalidFixesAreNeverDelivered() {
        var filter = DistanceFilter()

        let delivered = decisions(&filter, [fix(0, accuracy: -1), fix(10), fix(20, accuracy: -1)])

        #expect(delivered == [false, true, false])
        #expect(filter.lastDeliveredFix == fix(10))
    }

    @Test func aChangeOfPermissionIsDeliveredEvenWithoutMovement() {
        var filter = DistanceFilter(minimumDistance: 500)

        let delivered = decisions(
            &filter, [fix(0), fix(1, authorization: .denied), fix(2, authorization: .denied), fix(3)])

        #expect(delivered == [true, true, false, true])
    }

    @Test func noFilterDeliversEveryValidFix() {
        var filter = DistanceFilter()

        #expect(decisions(&filter, [fix(0), fix(0), fix(0.1)]) == [true, true, true])
    }

    @Test func aNegativeDistanceMeansNoFilter() {
        #expect(DistanceFilter(minimumDistance: -5).minimumDistance == 0)
        #expect(DistanceFilter(minimumDistance: .nan).minimumDistance == 0)
    }
}
