import Basics

/// Why `--scenario NAME|FILE` gave no scenario: an unknown preset, a file that could not be read or
/// is too large, or a file with problems.
package enum ScenarioCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No preset has this name; `presets` are the names there are.
    case unknownPreset(name: String, presets: [String])
    /// A name was given but the presets' folder (the `WorldData` resource) was not found.
    case presetsUnavailable(name: String)
    /// The file could not be read; `reason` is the system's.
    case unreadable(file: String, reason: String)
    /// The file is larger than ``ScenarioLimits/fileBytes``.
    case tooLarge(file: String, bytes: Int64)
    /// The file was read but is not a valid scenario.
    case invalid(ScenarioValidationError)

    /// What went wrong and what to do instead.
    package var description: String {
        switch self {
        case .unknownPreset(let name, let presets):
            "unknown scenario \(JSONValue.quoted(name))" + Suggestions.didYouMean(name, among: presets)
                + "; the presets are \(presets.isEmpty ? "(none)" : presets.joined(separator: ", "))"
                + " (or give a file: a path with '/' or ending in .json)"
        case .presetsUnavailable(let name):
            "no scenario presets to find \(JSONValue.quoted(name)) in: the WorldData resource bundle was not found "
                + "beside the executable; give a file instead (a path with '/' or ending in .json)"
        case .unreadable(let file, let reason):
            "cannot read scenario file \(file): \(reason)"
        case .tooLarge(let file, let bytes):
            "scenario file \(file) is \(bytes) bytes; a scenario file may be at most \(ScenarioLimits.fileBytes) "
                + "bytes (1 MiB): is it a scenario?"
        case .invalid(let error):
            error.description
        }
    }
}
