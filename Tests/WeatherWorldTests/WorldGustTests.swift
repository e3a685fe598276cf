import Testing

// The gust rule itself is pinned as well as the states it makes, and it is internal to the module.
@testable import WeatherWorld

@Suite struct WorldGustTests {
    @Test func theTyphoonPresetGustsWithinKoreasRecordsAndATropicalCyclonesGustFactors() throws {
        let catalog = ScenarioCatalog(presetsDirectory: ScenarioFixtures.presetsDirectory)
        let clockStart = unixTime(2026, 9, 5, 17)
        let world = World(seed: 7, scenario: try catalog.scenario("typhoon-landfall"), clockStart: clockStart)
        var strongestWind = 0.0
        var strongestGust = 0.0
        var factors: [Double] = []
        for minutes in stride(from: -120, through: 720, by: 30) {
            for latitude in stride(from: 32.5, through: 39.0, by: 0.2) {
                for longitude in stride(from: 125.5, through: 131.0, by: 0.2) {
                    let state = world.conditions(
                        at: WorldPlace(latitude: latitude, longitude: longitude),
                        time: clockStart + Int64(minutes) * 60)
                    #expect(state.windGust >= state.windSpeed)
                    strongestWind = max(strongestWind, state.windSpeed)
                    strongestGust = max(strongestGust, state.windGust)
                    if state.windSpeed >= 20 { factors.append(state.windGust / state.windSpeed) }
                }
            }
        }
        // A strong typhoon: the track's 45 m/s, gusting past 50 m/s, but no higher than Korea's record
        // gust (63.7 m/s, Sokcho 2006) or its strongest typhoon gust (60.0 m/s, Gosan in Maemi).
        #expect(strongestWind > 40 && strongestWind <= 46)
        #expect(strongestGust > 50 && strongestGust <= 60)
        // Tropical cyclones' gust factors over the sea, the coast and land: 1.2 to 1.7.
        #expect(factors.count > 500)
        #expect(factors.allSatisfy { $0 >= 1.2 && $0 <= 1.7 }, "\(factors.min() ?? 0) ... \(factors.max() ?? 0)")
    }

    @Test func ordinaryWeatherGustsAQuarterToAHalfAboveAFreshWind() {
        let world = World(seed: 11, clockStart: 1_767_225_600)
        var sampler = WorldSampler(seed: 3)
        var fresh: [Double] = []
        for _ in 0..<6_000 {
            let state = world.conditions(at: sampler.place(), time: sampler.time())
            #expect(state.windGust >= state.windSpeed)
            #expect(state.windGust - state.windSpeed <= 12)
            if state.windSpeed >= 6 { fresh.append(state.windGust / state.windSpeed) }
        }
        fresh.sort()
        #expect(fresh.count > 200)
        // Showers' downdrafts may gust up to about twice a fresh wind; steady wind, a third above it.
        #expect(fresh.first! >= 1.2 && fresh.last! <= 2.1, "\(fresh.first!) ... \(fresh.last!)")
        let median = fresh[fresh.count / 2]
        #expect(median >= 1.25 && median <= 1.5)
    }

    @Test func theGustFactorIsLowerOverTheSeaThanOverLandAndHigherInShowersAndLightWind() {
        func factor(_ wind: Double, land: Double, showers: Double = 0) -> Double {
            Atmospherics.gust(
                windSpeed: wind, land: land, turbulence: 0.5, showers: showers, stormBoost: 0, sunElevation: 40)
                / wind
        }
        #expect(factor(15, land: 0) >= 1.25 && factor(15, land: 0) <= 1.4)
        #expect(factor(15, land: 1) >= 1.45 && factor(15, land: 1) <= 1.7)
        #expect(factor(15, land: 1, showers: 1) > factor(15, land: 1))
        #expect(factor(2, land: 0.5) > factor(15, land: 0.5))
        // The excess levels off: a 50 m/s mean gusts to under 62 m/s even over land.
        #expect(factor(50, land: 1) * 50 < 62)
    }
}
