#if !canImport(Darwin)
import Basics
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where one of the package's resource folders (`Cassettes/`, `World/`) is, found without `Bundle`: a
/// resource module's `Bundle.module` accessor imports Foundation, and linking Foundation costs
/// `mockweather serve` a third of its start-up on Linux, so the executable does not link those modules
/// there (docs/ARCHITECTURE.md#foundation-essentials) and looks where `Bundle.module` would.
struct ResourceBundleLocation: Sendable {
    /// The bundled cassettes (`BundledCassettes`).
    static let cassettes = ResourceBundleLocation(target: "BundledCassettes", checkoutFolder: "Cassettes")
    /// The gazetteer and the scenario presets (`WorldData`).
    static let world = ResourceBundleLocation(target: "WorldData", checkoutFolder: "World")

    /// The folder, or nil when neither the resource bundle nor the checkout is where this program can
    /// find it (a binary copied without its bundle).
    let directory: URL?
    /// Where the resource bundle was looked for, in order, for the error when it was not found.
    let searched: [URL]

    /// Looks for the resource bundle SwiftPM makes for `target` (`mockweather_<target>.resources`), then
    /// for the checkout's `checkoutFolder`.
    private init(target: String, checkoutFolder: String) {
        let searched = Self.candidateFolders().map { $0.appendingPathComponent("mockweather_\(target).resources") }
        self.searched = searched
        directory =
            searched.first { FileSystemFacts.isDirectory(atPath: $0.path) } ?? Self.checkout(folder: checkoutFolder)
    }

    /// Beside the executable as it was started (a symbolic link's folder), then beside its real file.
    private static func candidateFolders() -> [URL] {
        var folders: [URL] = []
        if let started = CommandLine.arguments.first, started.contains("/") {
            folders.append(URL(fileURLWithPath: started).deletingLastPathComponent().standardizedFileURL)
        }
        if let real = FileSystemFacts.executablePath() {
            let folder = URL(fileURLWithPath: real).deletingLastPathComponent().standardizedFileURL
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }

    /// The checkout's own folder for a binary still inside a SwiftPM build folder: `swift run
    /// mockweather` builds what the executable links, which on Linux is not the resource bundle, and
    /// the sources it was built from are where they were. A binary moved out of `.build` gets no such
    /// fallback: it has only its bundle.
    private static func checkout(folder: String) -> URL? {
        guard let executable = FileSystemFacts.executablePath(), executable.contains("/.build/") else { return nil }
        // This file is Sources/mockweather/ResourceBundleLocation.swift in the checkout.
        let found = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(folder)
        return FileSystemFacts.isDirectory(atPath: found.path) ? found : nil
    }
}
#endif
