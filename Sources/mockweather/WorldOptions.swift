import ArgumentParsing
import Basics
import Gazetteer
import KoreaRegions
import MockEngine
import WeatherWorld

#if canImport(Darwin)
import WorldData
#endif

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--synthesize`, `--scenario` and the world's use of `--seed` (docs/ARCHITECTURE.md#the-world), for
/// `serve` and `synthesize`.
enum WorldOptions {
    static let synthesize = OptionSpec.flag(
        "--synthesize",
        help: "Answer a request no cassette matches from the synthetic world, for any place and time, instead of "
            + "the 501: marked synthetic in a header (X-Mockweather-Synthetic), the journal and the log. "
            + "Cassettes always answer first.")
    static let scenario = OptionSpec.option(
        "--scenario", value: "NAME|FILE",
        help: "The world's scenario with --synthesize: a bundled preset's name or a mockweather-scenario/1 file "
            + "(docs/Scenarios.md).",
        default: "climatology")

    /// The `World/` folder (the gazetteer and the presets), or nil when this binary has no bundle.
    static var directory: URL? {
        #if canImport(Darwin)
        WorldData.directory
        #else
        ResourceBundleLocation.world.directory
        #endif
    }

    /// The synthesis the command line asks for: the world when `isOn` (`--synthesize`, or the
    /// `synthesize` command) with its seed `seed`, else ``WorldChoice/defaultSeed``; and always the
    /// gazetteer, which answers an unknown city's 404 without inventing anything.
    static func synthesis(_ arguments: ParsedArguments, seed: UInt64?, isOn: Bool) throws(UsageError)
        -> SynthesisOptions
    {
        let folder = directory?.path
        var options = SynthesisOptions(
            gazetteer: folder.map { Gazetteer(directory: $0) }, korea: folder.map { KoreaRegions(directory: $0) },
            presetsDirectory: folder.map { $0 + "/scenarios" })
        guard isOn else {
            if arguments.contains(scenario) {
                throw .other("'\(scenario.name)' is only used with '\(synthesize.name)'")
            }
            return options
        }
        if let seed, seed > WorldChoice.largestSeed {
            throw .invalidValue(
                option: "--seed", value: String(seed), expected: "a whole number up to \(WorldChoice.largestSeed)")
        }
        var choice = WorldChoice(seed: seed ?? WorldChoice.defaultSeed)
        if let named = arguments.value(scenario) {
            do throws(ScenarioCatalogError) {
                choice.scenario = try ScenarioCatalog(presetsDirectory: options.presetsDirectory).scenario(named)
            } catch {
                throw .other(error.description)
            }
        }
        options.choice = choice
        return options
    }
}
