#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A preset: a scenario file bundled in the `WorldData` resource's `scenarios/` folder.
package struct ScenarioPreset: Sendable, Hashable {
    /// The file's name without `.json`: what `--scenario` takes.
    package var name: String
    /// The scenario's one line for people.
    package var summary: String
}

/// Finds the scenario `--scenario NAME|FILE` names: a path (with a `/`, or ending in `.json`) is a
/// user's file; anything else is the name of a preset in ``presetsDirectory``. Lists the presets for
/// `--help` and the admin API. Every file is read with ``ScenarioLimits/fileBytes`` as its limit.
package struct ScenarioCatalog: Sendable {
    /// The folder of preset files (`<WorldData>/scenarios`), or nil when the resource was not found:
    /// then only files can be given.
    package var presetsDirectory: String?

    /// A catalog of the presets in `presetsDirectory`.
    package init(presetsDirectory: String?) {
        self.presetsDirectory = presetsDirectory
    }

    /// Whether `argument` names a file rather than a preset: it contains `/` or ends in `.json`.
    package static func namesFile(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".json")
    }

    /// The scenario `argument` names: the user's file it is a path to, or the preset of that name.
    package func scenario(_ argument: String) throws(ScenarioCatalogError) -> Scenario {
        if Self.namesFile(argument) { return try Self.load(file: argument) }
        guard let presetsDirectory else { throw .presetsUnavailable(name: argument) }
        let names = presetNames()
        guard names.contains(argument) else { throw .unknownPreset(name: argument, presets: names) }
        return try Self.load(file: presetsDirectory + "/" + argument + ".json", shownAs: argument + ".json")
    }

    /// The presets' names (their files' names without `.json`), sorted; empty without a folder.
    package func presetNames() -> [String] {
        guard let presetsDirectory,
            let files = try? FileManager.default.contentsOfDirectory(atPath: presetsDirectory)
        else { return [] }
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { ScenarioDecoder.scenarioName(forFile: $0) }.sorted()
    }

    /// Every preset with its summary, sorted by name; throws the first that does not load.
    package func presets() throws(ScenarioCatalogError) -> [ScenarioPreset] {
        var presets: [ScenarioPreset] = []
        for name in presetNames() {
            let scenario = try scenario(name)
            presets.append(ScenarioPreset(name: scenario.name, summary: scenario.summary))
        }
        return presets
    }

    /// The scenario in the file at `path`, named after the file; problems name it as `shownAs` (by
    /// default the path as given).
    package static func load(file path: String, shownAs shown: String? = nil) throws(ScenarioCatalogError)
        -> Scenario
    {
        let shown = shown ?? path
        let bytes: [UInt8]
        switch ScenarioFileReader.read(path, atMost: ScenarioLimits.fileBytes) {
        case .success(let read):
            bytes = read
        case .failure(.tooLarge(let size)):
            throw .tooLarge(file: shown, bytes: size)
        case .failure(.notRegularFile(let what)):
            throw .unreadable(file: shown, reason: "it is \(what), not a scenario file")
        case .failure(.system(let code)):
            throw .unreadable(file: shown, reason: ScenarioFileReader.describe(errno: code))
        }
        do {
            return try ScenarioDecoder.decode(bytes, name: ScenarioDecoder.scenarioName(forFile: path), file: shown)
        } catch {
            throw .invalid(error)
        }
    }
}
