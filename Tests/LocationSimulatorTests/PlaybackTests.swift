import LocationSimulator
import Testing

@Suite struct PlaybackTests {
    @Test func positionsFollowTheGreatCircleAtTheTraceSpeed() throws {
        let trace = TestTraces.drive(speedKmh: 100)
        let playback = try Playback(trace: trace)
        let firstLeg = TestTraces.seoulCityHall.distance(to: TestTraces.suwon)
        let speed = 100 / 3.6

        let fix = playback.fix(at: 600)

        let expected = TestTraces.seoulCityHall.intermediatePoint(
            to: TestTraces.suwon, fraction: 600 * speed / firstLeg)
        #expect(fix.coordinate.distance(to: expected) < 0.01)
        #expect(abs(fix.speed - speed) < 1e-9)
        #expect(abs(fix.course - fix.coordinate.initialBearing(to: TestTraces.suwon)) < 0.01)
        #expect(fix.authorization == .authorizedWhenInUse)
        #expect(fix.horizontalAccuracy == 0)
    }

    @Test func theSameTracePassesEachWaypointAtTheSameTimeAtAnyInterval() throws {
        let playback = try Playback(trace: TestTraces.drive())
        let arrivals = playback.timeline.arrivalTimes

        let fine = Array(FixSampler(playback: playback, interval: 0.1))
        let coarse = Array(FixSampler(playback: playback, interval: 5))

        for (index, arrival) in arrivals.enumerated() {
            let waypoint = playback.trace.waypoints[index].point
            let nearestFine = try #require(
                fine.min { $0.coordinate.distance(to: waypoint) < $1.coordinate.distance(to: waypoint) })
            let nearestCoarse = try #require(
                coarse.min { $0.coordinate.distance(to: waypoint) < $1.coordinate.distance(to: waypoint) })
            #expect(abs(nearestFine.time - arrival) <= 0.05 + 1e-9)
            #expect(abs(nearestCoarse.time - arrival) <= 2.5 + 1e-9)
        }
        // Where the two grids share a time they report the same position: speed cannot depend on the interval.
        let fineByTime = Dictionary(
            fine.map { (Int(($0.time * 10).rounded()), $0) }, uniquingKeysWith: { first, _ in first })
        for fix in coarse.dropLast() {
            let twin = try #require(fineByTime[Int((fix.time * 10).rounded())])
            #expect(twin.coordinate.distance(to: fix.coordinate) < 0.001, "at \(fix.time) vs \(twin.time)")
        }
        #expect(fine.last == coarse.last)
    }

    @Test func distanceBetweenFixesMatchesTheSpeedAtEveryInterval() throws {
        let playback = try Playback(trace: TestTraces.drive(speedKmh: 90))

        for interval in [0.1, 1, 5, 30] {
            let fixes = Array(FixSampler(playback: playback, interval: interval, limit: 1_200))
            for (previous, next) in zip(fixes, fixes.dropFirst()) where next.time - previous.time == interval {
                let measured = previous.coordinate.distance(to: next.coordinate) / interval
                #expect(abs(measured - 25) < 0.01, "interval \(interval)")
            }
        }
    }

    @Test func anArrivalTimeSetsTheSpeedOfTheLegsBeforeIt() throws {
        var trace = TestTraces.drive()
        trace.waypoints[2].arrival = 7_200
        let playback = try Playback(trace: trace)

        let fix = playback.fix(at: 7_200)

        #expect(fix.coordinate.distance(to: TestTraces.cheonan) < 0.01)
        let total =
            TestTraces.seoulCityHall.distance(to: TestTraces.suwon) + TestTraces.suwon.distance(to: TestTraces.cheonan)
        #expect(abs(playback.fix(at: 100).speed - total / 7_200) < 1e-9)
    }

    @Test func aWaypointSpeedAppliesToTheLegLeavingIt() throws {
        var trace = TestTraces.drive(speedKmh: 100)
        trace.waypoints[1].speedKmh = 50
        let playback = try Playback(trace: trace)
        let arrivalAtSuwon = playback.timeline.arrivalTimes[1]

        #expect(abs(playback.fix(at: arrivalAtSuwon - 10).speed - 100 / 3.6) < 1e-9)
        #expect(abs(playback.fix(at: arrivalAtSuwon + 10).speed - 50 / 3.6) < 1e-9)
    }

    @Test func aPauseHoldsTheDeviceStillAtItsWaypoint() throws {
        let playback = try Playback(trace: TestTraces.drive(pause: 600))
        let arrival = playback.timeline.arrivalTimes[1]

        let during = [arrival + 1, arrival + 300, arrival + 599].map { playback.fix(at: $0) }
        let after = playback.fix(at: arrival + 660)

        for fix in during {
            #expect(fix.coordinate.distance(to: TestTraces.suwon) < 0.001)
            #expect(fix.speed == 0)
            #expect(fix.course == -1)
            #expect(fix.nearestWaypointName == "Suwon")
        }
        #expect(after.speed > 0)
        #expect(abs(after.coordinate.distance(to: TestTraces.suwon) - 60 * 100 / 3.6) < 0.01)
        #expect(playback.timeline.departureTimes[1] == arrival + 600)
    }

    @Test func aLoopReturnsToTheStartAndRepeats() throws {
        let playback = try Playback(trace: TestTraces.drive(loop: .laps(2)))
        let lap = playback.timeline.lapDuration
        let closingLeg = TestTraces.cheonan.distance(to: TestTraces.seoulCityHall) / (100 / 3.6)

        #expect(abs(lap - (playback.timeline.arrivalTimes[2] + closingLeg)) < 1e-6)
        #expect(playback.duration == 2 * lap)
        #expect(playback.fix(at: lap).coordinate.distance(to: TestTraces.seoulCityHall) < 0.01)
        #expect(playback.fix(at: lap + 1_000).coordinate.distance(to: playback.fix(at: 1_000).coordinate) < 0.01)
        #expect(playback.fix(at: 2 * lap + 50).coordinate.distance(to: TestTraces.seoulCityHall) < 0.01)
        #expect(playback.fix(at: lap - 100).nearestWaypointName == "Seoul City Hall")
    }

    @Test func aForeverLoopHasNoEndButALimitStopsSampling() throws {
        let playback = try Playback(trace: TestTraces.drive(loop: .forever))

        let fixes = Array(FixSampler(playback: playback, interval: 60, limit: 3 * playback.timeline.lapDuration))

        #expect(playback.duration == nil)
        #expect(fixes.last?.time == 3 * playback.timeline.lapDuration)
    }

    @Test func samplingEndsExactlyAtTheDestination() throws {
        let playback = try Playback(trace: TestTraces.drive())

        let fixes = Array(FixSampler(playback: playback, interval: 7))

        let last = try #require(fixes.last)
        #expect(last.time == playback.duration)
        #expect(last.coordinate.distance(to: TestTraces.cheonan) < 0.001)
        #expect(fixes.dropLast().allSatisfy { $0.time.truncatingRemainder(dividingBy: 7) == 0 })
    }

    @Test func eventsChangePermissionAndAccuracyFromTheirTimeOn() throws {
        var trace = TestTraces.drive()
        trace.events = [
            TraceEvent(time: 100, authorization: .denied), TraceEvent(time: 200, authorization: .authorizedWhenInUse),
            TraceEvent(time: 300, accuracyMeters: -1), TraceEvent(time: 400, accuracyMeters: 15),
        ]
        let playback = try Playback(trace: trace)

        #expect(playback.fix(at: 99.9).authorization == .authorizedWhenInUse)
        #expect(playback.fix(at: 100).authorization == .denied)
        #expect(playback.fix(at: 199).authorization == .denied)
        #expect(playback.fix(at: 200).authorization == .authorizedWhenInUse)
        #expect(playback.fix(at: 350).isValid == false)
        #expect(playback.fix(at: 450).horizontalAccuracy == 15)
    }

    @Test func sequentialSamplingAgreesWithRandomAccess() throws {
        var trace = TestTraces.drive(loop: .laps(3), pause: 120)
        trace.events = [TraceEvent(time: 500, authorization: .restricted)]
        let playback = try Playback(trace: trace)

        let sampled = Array(FixSampler(playback: playback, interval: 13))

        for fix in sampled { #expect(playback.fix(at: fix.time) == fix) }
    }

    @Test func aSingleWaypointTraceStandsStill() throws {
        let trace = Trace(name: "still", waypoints: [Waypoint(TestTraces.suwon, pauseSeconds: 30)])
        let playback = try Playback(trace: trace)

        let fixes = Array(FixSampler(playback: playback, interval: 10))

        #expect(fixes.map(\.time) == [0, 10, 20, 30])
        #expect(fixes.allSatisfy { $0.coordinate == TestTraces.suwon && $0.speed == 0 })
    }
}
