import Testing
import WeatherWorld

@Suite struct WorldInvariantTests {
    @Test func everySampledStateWorldwideKeepsTheInvariants() {
        let world = World(seed: 11, clockStart: 1_767_225_600)
        var sampler = WorldSampler(seed: 1)
        var failures: [String] = []
        for _ in 0..<12_000 {
            let place = sampler.place()
            let time = sampler.time()
            let broken = brokenInvariants(world.conditions(at: place, time: time), world.air(at: place, time: time))
            if !broken.isEmpty, failures.count < 10 { failures.append("\(place) at \(time): \(broken)") }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test(arguments: WorldScenarios.kinds)
    func everySampledStateUnderAnEventKeepsTheInvariants(kind: String) {
        let world = World(seed: 5, scenario: WorldScenarios.scenario(kind), clockStart: WorldScenarios.clockStart)
        var sampler = WorldSampler(seed: 2)
        var failures: [String] = []
        for _ in 0..<2_000 {
            let place = sampler.place(near: 35, 128, within: 900)
            let time = WorldScenarios.clockStart + Int64(sampler.unit() * 2 * 86_400)
            let broken = brokenInvariants(world.conditions(at: place, time: time), world.air(at: place, time: time))
            if !broken.isEmpty, failures.count < 10 { failures.append("\(place) at \(time): \(broken)") }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func precipitationIsNeitherAlwaysNorNeverAndFallsInEveryKind() {
        let world = World(seed: 11, clockStart: 0)
        var sampler = WorldSampler(seed: 3)
        var kinds: Set<PrecipitationKind> = []
        var obscurations: Set<Obscuration> = []
        var wet = 0
        let count = 20_000
        for _ in 0..<count {
            let c = world.conditions(at: sampler.place(), time: sampler.time())
            kinds.insert(c.precipitationKind)
            if let obscuration = c.obscuration { obscurations.insert(obscuration) }
            if c.precipitationRate > 0 { wet += 1 }
        }
        #expect(kinds == Set(PrecipitationKind.allCases))
        #expect(obscurations.isSuperset(of: [.mist, .fog, .haze]))
        #expect((0.02...0.2).contains(Double(wet) / Double(count)))
    }
}
