import ArgumentParsing
import Foundation
import MockWeather

/// Where the cassettes are when the command line does not say: see `CassetteDirectory.resolve`.
enum CassetteDirectoryOption {
    /// The package's own `Cassettes/`, found from this source file's location so that
    /// `swift run mockweather serve` works from any directory of a checkout.
    static let bundled = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Sources/mockweather
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Cassettes")

    static func resolve(_ explicit: String?) -> (directory: URL, origin: String) {
        CassetteDirectory.resolve(
            explicit: explicit, environment: ProcessInfo.processInfo.environment,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            bundled: bundled)
    }

    static let discussion = """
        CASSETTE DIRECTORY: --cassettes DIR (or the DIR argument), else $MOCKWEATHER_CASSETTES, else ./Cassettes
        when it exists, else the package's bundled Cassettes/.
        """
}
