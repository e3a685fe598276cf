#if !canImport(Darwin)
import Basics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the bundled cassettes are, found without `Bundle`: the `BundledCassettes` module's
/// `Bundle.module` accessor imports Foundation, and linking Foundation costs `mockweather serve` a
/// third of its start-up on Linux, so the executable does not link that module there
/// (docs/ARCHITECTURE.md#foundation-essentials) and looks where `Bundle.module` would.
enum BundledCassetteLocation {
    /// The resource bundle's folder name as SwiftPM makes it on Linux (`<package>_<target>.resources`).
    static let bundleName = "mockweather_BundledCassettes.resources"

    /// The bundled cassettes' directory, or nil when neither the resource bundle nor the checkout is
    /// where this program can find it (a binary copied without its bundle).
    static var directory: URL? { found.directory }

    /// Where the resource bundle was looked for, in order, for the error when it was not found.
    static var searched: [URL] { found.searched }

    private static let found: (directory: URL?, searched: [URL]) = {
        let searched = candidateBundles()
        if let bundle = searched.first(where: { FileSystemFacts.isDirectory(atPath: $0.path) }) {
            return (bundle, searched)
        }
        return (checkoutCassettes(), searched)
    }()

    /// Beside the executable as it was started (a symbolic link's folder), then beside its real file.
    private static func candidateBundles() -> [URL] {
        var folders: [URL] = []
        if let started = CommandLine.arguments.first, started.contains("/") {
            folders.append(URL(fileURLWithPath: started).deletingLastPathComponent().standardizedFileURL)
        }
        if let real = FileSystemFacts.executablePath() {
            let folder = URL(fileURLWithPath: real).deletingLastPathComponent().standardizedFileURL
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders.map { $0.appendingPathComponent(bundleName) }
    }

    /// The checkout's own `Cassettes/` for a binary still inside a SwiftPM build folder: `swift run
    /// mockweather` builds what the executable links, which on Linux is not the resource bundle, and
    /// the sources it was built from are where they were. A binary moved out of `.build` gets no
    /// such fallback: it has only its bundle.
    private static func checkoutCassettes() -> URL? {
        guard let executable = FileSystemFacts.executablePath(), executable.contains("/.build/") else { return nil }
        // This file is Sources/mockweather/BundledCassetteLocation.swift in the checkout.
        let cassettes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Cassettes")
        return FileSystemFacts.isDirectory(atPath: cassettes.path) ? cassettes : nil
    }
}
#endif
