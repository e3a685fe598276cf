import ArgumentParsing
import Basics
import MockEngine
import MockProviders
import MockRecording

#if canImport(Darwin)
import BundledCassettes
#endif

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the cassettes are when the command line does not say: see `CassetteDirectory.resolve`.
enum CassetteDirectoryOption {
    /// The package's own `Cassettes/`, from the resource bundle built beside this binary (or installed
    /// with it). Without the bundle, the place it was looked for first, so that the error names it.
    static var bundled: URL {
        #if canImport(Darwin)
        BundledCassettes.directory ?? BundledCassettes.searchedLocations[0]
        #else
        ResourceBundleLocation.cassettes.directory ?? ResourceBundleLocation.cassettes.searched[0]
        #endif
    }

    static func resolve(_ explicit: String?) -> (directory: URL, origin: String) {
        CassetteDirectory.resolve(
            explicit: explicit, environment: ProcessInfo.processInfo.environment,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            bundled: { bundled })
    }

    /// What to print when a cassette directory does not load: the library's message, plus how to name
    /// another directory on this command line when the directory is missing.
    static func message(for error: CassetteLoadError) -> String {
        switch error {
        case .directoryNotFound: "\(error.description) (give one with --cassettes DIR)"
        case .invalid: error.description
        }
    }

    static let discussion = """
        CASSETTE DIRECTORY: the one the command line names (--cassettes DIR for serve, export and verify;
        the DIR argument for validate, list and verify), else $MOCKWEATHER_CASSETTES, else ./Cassettes when
        it exists, else the bundled cassettes (the mockweather_BundledCassettes resource bundle beside the
        binary; install it with the binary).
        """
}
