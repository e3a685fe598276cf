import Testing

// The closed-form sunrise is checked against the sampled one, which only the module's internals have.
@testable import WeatherWorld

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct AstronomyTests {
    private let world = World(seed: 1, clockStart: 0)
    private let seoul = WorldPlace(latitude: 37.5665, longitude: 126.978)
    private let kst: Int32 = 9 * 3_600

    @Test func seoulsSolsticeSunriseAndSunsetAreWithinTwoMinutes() throws {
        let sky = world.sky(at: seoul, time: unixTime(2026, 6, 21, 3), utcOffset: kst)
        // 05:11 and 19:57 KST (KASI's almanac for Seoul).
        let sunrise = try #require(sky.sunrise)
        let sunset = try #require(sky.sunset)
        #expect(abs(sunrise - unixTime(2026, 6, 20, 20, 11)) <= 120)
        #expect(abs(sunset - unixTime(2026, 6, 21, 10, 57)) <= 120)
    }

    @Test func londonsWinterSolsticeDayIsWithinTwoMinutes() throws {
        let london = WorldPlace(latitude: 51.5074, longitude: -0.1278)
        let sky = world.sky(at: london, time: unixTime(2026, 12, 21, 12), utcOffset: 0)
        // 08:04 and 15:54 GMT.
        #expect(abs(try #require(sky.sunrise) - unixTime(2026, 12, 21, 8, 4)) <= 120)
        #expect(abs(try #require(sky.sunset) - unixTime(2026, 12, 21, 15, 54)) <= 120)
    }

    @Test func theSunNeitherRisesInPolarNightNorSetsInMidnightSun() {
        let tromso = WorldPlace(latitude: 69.65, longitude: 18.96)
        let winter = world.sky(at: tromso, time: unixTime(2026, 12, 21, 12), utcOffset: 3_600)
        let summer = world.sky(at: tromso, time: unixTime(2026, 6, 21, 12), utcOffset: 7_200)
        #expect(winter.sunrise == nil && winter.sunset == nil)
        #expect(summer.sunrise == nil && summer.sunset == nil)
        #expect(world.conditions(at: tromso, time: unixTime(2026, 12, 21, 11)).uvIndex == 0)
    }

    @Test func theMoonsPhaseFollowsTheLunarMonth() {
        // Full moon 2026-01-03 10:03 UTC, new moon 2026-01-18 19:52 UTC, first quarter 2026-01-26 04:47 UTC.
        let full = world.sky(at: seoul, time: unixTime(2026, 1, 3, 3), utcOffset: kst).moonPhase
        let new = world.sky(at: seoul, time: unixTime(2026, 1, 19, 3), utcOffset: kst).moonPhase
        let quarter = world.sky(at: seoul, time: unixTime(2026, 1, 26, 3), utcOffset: kst).moonPhase
        #expect(abs(full - 0.5) < 0.03)
        #expect(min(new, 1 - new) < 0.03)
        #expect(abs(quarter - 0.25) < 0.03)
    }

    @Test func theFullMoonRisesAroundSunsetAndTheNewMoonAroundSunrise() throws {
        let full = world.sky(at: seoul, time: unixTime(2026, 1, 3, 3), utcOffset: kst)
        let new = world.sky(at: seoul, time: unixTime(2026, 1, 19, 3), utcOffset: kst)
        #expect(abs(try #require(full.moonrise) - (try #require(full.sunset))) < 5_400)
        #expect(abs(try #require(new.moonrise) - (try #require(new.sunrise))) < 5_400)
    }

    @Test func theStateIsDaytimeBetweenSunriseAndSunsetAndHasUVOnlyThen() throws {
        let sky = world.sky(at: seoul, time: unixTime(2026, 3, 20, 3), utcOffset: kst)
        let sunrise = try #require(sky.sunrise)
        let sunset = try #require(sky.sunset)
        #expect(!world.conditions(at: seoul, time: sunrise - 300).isDaytime)
        #expect(world.conditions(at: seoul, time: sunrise + 300).isDaytime)
        #expect(world.conditions(at: seoul, time: sunset + 300).uvIndex == 0)
        #expect(world.conditions(at: seoul, time: (sunrise + sunset) / 2).uvIndex > 1)
    }

    @Test func theFastSunriseAndSunsetAgreeWithTheSampledOnesWithinTwoMinutes() {
        var sampler = WorldSampler(seed: 41)
        var compared = 0
        var polar = 0
        for _ in 0..<600 {
            let place = sampler.place()
            // A zone up to two hours either side of the place's solar one, as political zones are.
            let offset = Int32(((place.longitude / 15).rounded() + (sampler.unit() * 4 - 2).rounded()) * 3_600)
            let time = sampler.time()
            let local = time + Int64(offset)
            let dayStart = (local >= 0 ? local / 86_400 : (local - 86_399) / 86_400) * 86_400 - Int64(offset)
            let fast = world.sun(at: place, time: time, utcOffset: offset)
            let sampled = RiseAndSet.sampledSun(
                latitude: place.latitude, longitude: place.longitude, dayStart: dayStart)
            let pairs = [(fast.sunrise, sampled.rise), (fast.sunset, sampled.set)]
            for (closedForm, reference) in pairs {
                if let closedForm, let reference {
                    #expect(
                        abs(closedForm - reference) <= 120, "\(place) on day \(dayStart): \(closedForm) vs \(reference)"
                    )
                    compared += 1
                } else if (closedForm == nil) != (reference == nil) {
                    // Only where the sun only just reaches (or only just clears) the horizon that day may the
                    // hourly sampling miss a crossing the equation finds.
                    let found = closedForm != nil ? "only the equation" : "only the sampling"
                    #expect(
                        AstronomyTests.grazesHorizon(latitude: place.latitude, at: Double(dayStart) + 43_200),
                        "\(place) on day \(dayStart): \(found) finds it")
                } else {
                    polar += 1
                }
            }
        }
        #expect(compared >= 1_000)
        #expect(polar >= 20)
    }

    @Test func theFastSunAnswersTheSameTimesAsTheSky() {
        var sampler = WorldSampler(seed: 7)
        for _ in 0..<50 {
            let place = sampler.place()
            let time = sampler.time()
            let sky = world.sky(at: place, time: time, utcOffset: kst)
            let sun = world.sun(at: place, time: time, utcOffset: kst)
            #expect(sun.sunrise == sky.sunrise && sun.sunset == sky.sunset)
        }
    }

    @Test func theFastSunNeitherRisesInPolarNightNorSetsInMidnightSun() throws {
        let tromso = WorldPlace(latitude: 69.65, longitude: 18.96)
        let winter = world.sun(at: tromso, time: unixTime(2026, 12, 21, 12), utcOffset: 3_600)
        let summer = world.sun(at: tromso, time: unixTime(2026, 6, 21, 12), utcOffset: 7_200)
        #expect(winter.sunrise == nil && winter.sunset == nil)
        #expect(summer.sunrise == nil && summer.sunset == nil)
        let seoulsSolstice = world.sun(at: seoul, time: unixTime(2026, 6, 21, 3), utcOffset: kst)
        #expect(abs(try #require(seoulsSolstice.sunrise) - unixTime(2026, 6, 20, 20, 11)) <= 120)
        #expect(abs(try #require(seoulsSolstice.sunset) - unixTime(2026, 6, 21, 10, 57)) <= 120)
    }

    /// Whether the sun's highest or lowest elevation on the day around `noon` is within 1° of the
    /// rising altitude: the narrow band where polar day or night begins or ends.
    private static func grazesHorizon(latitude: Double, at noon: Double) -> Bool {
        let declination = SolarPosition(time: noon).declination * 180 / Double.pi
        let highest = 90 - abs(latitude - declination)
        let lowest = abs(latitude + declination) - 90
        return abs(highest - RiseAndSet.sunAltitude) < 1 || abs(lowest - RiseAndSet.sunAltitude) < 1
    }
}
