package import Gazetteer
package import KoreaRegions
import Locking
package import WeatherWorld

/// The world a server answers from now: set at start (`--synthesize`), switched or turned off at run
/// time (`PUT /__admin/world`), read by every unmatched request. Its clock start is the mock clock's
/// reading when the server started, so a preset's "+3h" means three hours after that.
package final class WorldBoard: Sendable {
    private let current: Locked<World?>
    /// The mock clock's reading at the server's start, Unix seconds.
    package let clockStart: Int64
    /// The places answers name.
    package let gazetteer: Gazetteer?
    /// The legal divisions Kakao answers name.
    package let korea: KoreaRegions?
    /// Where the bundled presets are, for switching by name.
    package let presetsDirectory: String?

    /// A board for `options`, counting scenario times from `clockStart`.
    package init(options: SynthesisOptions, clockStart: Int64) {
        self.clockStart = clockStart
        gazetteer = options.gazetteer
        korea = options.korea
        presetsDirectory = options.presetsDirectory
        current = Locked(
            options.choice.map { World(seed: $0.seed, scenario: $0.scenario, clockStart: clockStart) })
    }

    /// The world answers come from, nil when synthesis is off.
    package var world: World? { current.withLock { $0 } }

    /// Answers from `choice` from now on, or from nothing (fail closed) for nil.
    package func choose(_ choice: WorldChoice?) {
        let world = choice.map { World(seed: $0.seed, scenario: $0.scenario, clockStart: clockStart) }
        current.withLock { $0 = world }
    }

    /// What a provider may answer from for one request.
    var context: SynthesisContext {
        SynthesisContext(world: world, gazetteer: gazetteer, korea: korea)
    }
}

extension WorldBoard {
    /// The bundled presets' names, for the admin API.
    package var presetNames: [String] {
        ScenarioCatalog(presetsDirectory: presetsDirectory).presetNames()
    }

    /// The bundled preset `name` (never a file path: the admin API reads no file a request names).
    func preset(named name: String) throws(WorldChangeError) -> Scenario {
        guard !ScenarioCatalog.namesFile(name) else {
            throw WorldChangeError(
                path: "$.scenario", message: "names a file; the admin API takes a preset's name or a scenario object")
        }
        do {
            return try ScenarioCatalog(presetsDirectory: presetsDirectory).scenario(name)
        } catch {
            throw WorldChangeError(path: "$.scenario", message: error.description)
        }
    }
}
