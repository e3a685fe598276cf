package import Gazetteer
package import KoreaRegions
package import WeatherWorld

/// What `--synthesize`, `--scenario` and `--seed` (or the in-process option) ask of a server: whether
/// requests no cassette matches are answered from the synthetic world, and which world
/// (docs/ARCHITECTURE.md#the-world).
package struct SynthesisOptions: Sendable {
    /// The world's scenario and seed when synthesis is on; nil keeps the mock fail-closed (the gazetteer
    /// still answers an unknown city's 404, which invents nothing).
    package var choice: WorldChoice?
    /// The places answers name; nil when this program has no gazetteer (a binary without its bundle).
    package var gazetteer: Gazetteer?
    /// South Korea's legal divisions; nil when this program has none.
    package var korea: KoreaRegions?
    /// Where the bundled scenario presets are, so `PUT /__admin/world` can name one; nil when unknown.
    package var presetsDirectory: String?

    /// Synthesis off, with no gazetteer.
    package init(
        choice: WorldChoice? = nil, gazetteer: Gazetteer? = nil, korea: KoreaRegions? = nil,
        presetsDirectory: String? = nil
    ) {
        self.choice = choice
        self.gazetteer = gazetteer
        self.korea = korea
        self.presetsDirectory = presetsDirectory
    }
}

/// A scenario and a seed: what a world is made of besides the clock's start.
package struct WorldChoice: Sendable, Hashable {
    /// The events over the climatology.
    package var scenario: Scenario
    /// Which weather passes.
    package var seed: UInt64

    /// The seed `--seed` takes when not given.
    package static let defaultSeed: UInt64 = 1
    /// The largest seed: 2^53 - 1, the largest whole number every JSON reader (a browser's included)
    /// reads exactly, so the admin API shows the seed the world uses.
    package static let largestSeed: UInt64 = (1 << 53) - 1

    /// `scenario` under `seed`.
    package init(scenario: Scenario = .climatology, seed: UInt64 = WorldChoice.defaultSeed) {
        self.scenario = scenario
        self.seed = seed
    }
}
