import Foundation
package import Gazetteer
package import KoreaRegions
package import MockEngine
package import WeatherWorld
import WorldData

/// The package's own `World/` for tests: the gazetteer (read once per process, as a server would) and
/// the presets.
package enum WorldFixtures {
    /// The `World/` resource folder.
    package static var directory: String {
        guard let found = WorldData.directory?.path else {
            fatalError("the WorldData resource bundle is not beside the test bundle: \(WorldData.searchedLocations)")
        }
        return found
    }

    /// One gazetteer for every test, loaded on first use.
    package static let gazetteer = Gazetteer(directory: directory)

    /// One set of Korea's legal divisions for every test, loaded on first use.
    package static let korea = KoreaRegions(directory: directory)

    /// The engine's options for `choice` (nil: synthesis off, the gazetteer still on).
    package static func synthesis(_ choice: WorldChoice?) -> SynthesisOptions {
        SynthesisOptions(
            choice: choice, gazetteer: gazetteer, korea: korea, presetsDirectory: directory + "/scenarios")
    }

    /// The bundled preset `name`.
    package static func preset(_ name: String) throws -> Scenario {
        try ScenarioCatalog(presetsDirectory: directory + "/scenarios").scenario(name)
    }
}
