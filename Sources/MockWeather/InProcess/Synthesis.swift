import Foundation
import Gazetteer
import KoreaRegions
import MockEngine
import WeatherWorld
import WorldData

/// Answers from the synthetic world for requests no cassette matches (``ReplayOptions/synthesis``):
/// any place and time, under a scenario and a seed, each answer marked synthetic. Cassettes always
/// answer first; without this option an unmatched request fails closed.
///
/// ```swift
/// var options = ReplayOptions()
/// options.synthesis = Synthesis(scenario: "typhoon-landfall", seed: 7)
/// ```
public struct Synthesis: Sendable, Hashable {
    /// A bundled preset's name (`typhoon-landfall`, `cold-wave`, `climatology`…) or the path of a
    /// `mockweather-scenario/1` file (docs/Scenarios.md).
    public var scenario: String
    /// Which weather passes over the same climate: the same seed gives the same weather on every run.
    public var seed: UInt64

    /// The world under `scenario` and `seed`.
    public init(scenario: String = "climatology", seed: UInt64 = 1) {
        self.scenario = scenario
        self.seed = seed
    }
}

extension Synthesis {
    /// The engine's options for `synthesis` (nil: off, with the gazetteer still naming unknown cities).
    static func options(_ synthesis: Synthesis?) throws(MockWeatherSetupError) -> SynthesisOptions {
        let folder = WorldData.directory?.path
        var options = SynthesisOptions(
            gazetteer: folder.map { Gazetteer(directory: $0) }, korea: folder.map { KoreaRegions(directory: $0) },
            presetsDirectory: folder.map { $0 + "/scenarios" })
        guard let synthesis else { return options }
        guard synthesis.seed <= WorldChoice.largestSeed else {
            throw .invalidScenario(reason: "the seed \(synthesis.seed) is over \(WorldChoice.largestSeed)")
        }
        do {
            let scenario = try ScenarioCatalog(presetsDirectory: options.presetsDirectory).scenario(synthesis.scenario)
            options.choice = WorldChoice(scenario: scenario, seed: synthesis.seed)
        } catch {
            throw .invalidScenario(reason: error.description)
        }
        return options
    }
}
