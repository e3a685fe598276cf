import Testing
import WeatherWorld

@Suite struct WorldScenarioTests {
    private let plain = World(seed: 9, clockStart: WorldScenarios.clockStart)
    private let start = WorldScenarios.clockStart
    private let centre = WorldPlace(latitude: 35, longitude: 128)
    private let faraway = WorldPlace(latitude: 43, longitude: 141)

    private func world(_ kind: String) -> World {
        World(seed: 9, scenario: WorldScenarios.scenario(kind), clockStart: start)
    }

    @Test func aColdWaveIsColderAndDrierInsideItsAreaAndNothingOutside() {
        let cold = world("coldWave")
        let time = start + 20 * 3_600
        let inside = cold.conditions(at: centre, time: time)
        let normal = plain.conditions(at: centre, time: time)
        #expect(abs(normal.temperature - inside.temperature - 10) < 1.5)
        #expect(inside.dewPoint < normal.dewPoint - 10)
        #expect(inside.seaLevelPressure > normal.seaLevelPressure)
        #expect(cold.conditions(at: faraway, time: time) == plain.conditions(at: faraway, time: time))
        #expect(cold.conditions(at: centre, time: start - 60) == plain.conditions(at: centre, time: start - 60))
    }

    @Test func aColdWaveRampsInOverItsFirstHours() {
        let cold = world("coldWave")
        let drops = [1, 3_600, 7_200, 10_800, 14_400].map { offset in
            plain.conditions(at: centre, time: start + Int64(offset)).temperature
                - cold.conditions(at: centre, time: start + Int64(offset)).temperature
        }
        // The drier, clearer air changes the daily cycle a little too, so the drop is the anomaly ± 1.5 °C.
        #expect(abs(drops[0]) < 0.1)
        #expect(drops[1] > 0.3 && drops[1] < drops[3] - 3)
        #expect(abs(drops[3] - 10) < 1.5 && abs(drops[4] - 10) < 1.5)
    }

    @Test func aHeatWaveIsWarmerWithLessWind() {
        let hot = world("heatWave")
        let time = start + 30 * 3_600
        let inside = hot.conditions(at: centre, time: time)
        let normal = plain.conditions(at: centre, time: time)
        #expect(inside.temperature > normal.temperature + 7)
        #expect(inside.windSpeed <= normal.windSpeed + 1e-9)
    }

    @Test func aRainBandRainsAtItsPeakOnTheLineAsItMoves() {
        let band = world("rainBand")
        // The line starts along 33° N and moves north at 20 km/h: 240 km (2.16°) after 12 hours.
        let time = start + 12 * 3_600
        let onLine = band.conditions(at: WorldPlace(latitude: 33 + 240 / 111.2, longitude: 128), time: time)
        #expect(onLine.precipitationRate >= 24)
        #expect(onLine.cloudCover == 100)
        let passed = band.conditions(at: WorldPlace(latitude: 33, longitude: 128), time: time)
        let plainPassed = plain.conditions(at: WorldPlace(latitude: 33, longitude: 128), time: time)
        #expect(passed.precipitationRate == plainPassed.precipitationRate)
    }

    @Test func aTyphoonsWindPeaksNearItsEyewallAndItsPressureIsLowestAtTheCentre() {
        let storm = world("typhoon")
        // Halfway along the track: the centre at 35° N 128.5° E.
        let time = start + 18 * 3_600
        let samples = stride(from: -400.0, through: 400.0, by: 10).map { east in
            (east, storm.conditions(at: WorldPlace(latitude: 35, longitude: 128.5 + east / 91.1), time: time))
        }
        let lowest = samples.min { $0.1.seaLevelPressure < $1.1.seaLevelPressure }!
        let windiest = samples.max { $0.1.windSpeed < $1.1.windSpeed }!
        let wettest = samples.max { $0.1.precipitationRate < $1.1.precipitationRate }!
        #expect(abs(lowest.0) <= 10)
        #expect(lowest.1.seaLevelPressure < 975)
        #expect(abs(abs(windiest.0) - 45) <= 20)
        #expect(windiest.1.windSpeed > 30)
        #expect(abs(wettest.0) <= 100 && wettest.1.precipitationRate > 20)
        #expect(samples.filter { abs($0.0) <= 200 }.allSatisfy { $0.1.cloudCover == 100 })
        let far = samples.first!.1
        #expect(far.windSpeed < windiest.1.windSpeed / 2)
    }

    @Test func aTyphoonTurnsAnticlockwiseInTheNorth() {
        let storm = world("typhoon")
        let time = start + 18 * 3_600
        // East of the centre an anticlockwise storm blows from the south (with some inflow from the east).
        let east = storm.conditions(at: WorldPlace(latitude: 35, longitude: 128.5 + 60 / 91.1), time: time)
        #expect((110...230).contains(east.windDirection))
        let west = storm.conditions(at: WorldPlace(latitude: 35, longitude: 128.5 - 60 / 91.1), time: time)
        #expect(west.windDirection > 290 || west.windDirection < 50)
    }

    @Test func heavySnowSnowsAtItsRateBelowFreezing() {
        let snowy = world("heavySnow")
        for hours in [6, 20, 40] {
            let state = snowy.conditions(at: centre, time: start + Int64(hours) * 3_600)
            #expect(state.temperature <= 0)
            #expect(state.precipitationKind == .snow)
            #expect(state.precipitationRate >= 3)
        }
    }

    @Test func fineDustRaisesParticlesAndCutsVisibility() {
        let dusty = world("fineDust")
        let time = start + 24 * 3_600
        let air = dusty.air(at: centre, time: time)
        let state = dusty.conditions(at: centre, time: time)
        #expect(air.coarseParticles >= 400 && air.fineParticles >= 120)
        #expect(state.visibility < 5_000)
        if state.precipitationKind == .none { #expect(state.obscuration == .dust) }
        #expect(dusty.air(at: faraway, time: time) == plain.air(at: faraway, time: time))
    }

    @Test func aClearSpellClearsTheSkyAndCalmsTheWind() {
        let clear = world("clearSpell")
        for hours in stride(from: 4, through: 44, by: 4) {
            let time = start + Int64(hours) * 3_600
            let state = clear.conditions(at: centre, time: time)
            #expect(state.cloudCover == 0 && state.precipitationRate == 0)
            #expect(state.windSpeed <= plain.conditions(at: centre, time: time).windSpeed + 1e-9)
        }
    }

    @Test(arguments: WorldScenarios.kinds)
    func anEventsAlertIsInForceWhereAndWhenItActs(kind: String) {
        let world = world(kind)
        let here = kind == "rainBand" ? WorldPlace(latitude: 34, longitude: 128) : centre
        #expect(world.alerts(at: here, from: start, to: start + 86_400).count == 1)
        #expect(world.alerts(at: here, from: start - 86_400, to: start - 3_600).isEmpty)
        #expect(world.alerts(at: faraway, from: start, to: start + 86_400).isEmpty)
        #expect(plain.alerts(at: here, from: start, to: start + 86_400).isEmpty)
    }
}
