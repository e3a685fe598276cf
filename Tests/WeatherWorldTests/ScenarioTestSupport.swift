import Foundation
import WeatherWorld

/// The source tree's presets and small helpers the scenario tests share.
enum ScenarioFixtures {
    /// `World/scenarios` in the checkout: the presets as they are edited.
    static let presetsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("World/scenarios").path

    static let presetNames = [
        "clear-winter-day", "climatology", "cold-wave", "heat-wave", "monsoon-front", "typhoon-landfall", "yellow-dust",
    ]

    /// The problems decoding `text` as `file` reports, as printed; empty when it decodes.
    static func problems(_ text: String, file: String = "test.json") -> [String] {
        do throws(ScenarioValidationError) {
            _ = try ScenarioDecoder.decode(Array(text.utf8), name: "test", file: file)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    /// A document holding `events` (JSON text of the array's elements).
    static func document(events: String) -> String {
        """
        {
          "format": "mockweather-scenario/1",
          "summary": "test",
          "events": [\(events)]
        }
        """
    }

    /// A fresh empty directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
