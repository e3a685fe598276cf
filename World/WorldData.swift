package import Foundation

/// The package's own `World/` (the gazetteer and the scenario presets), shipped as a SwiftPM resource
/// as `Cassettes/` is, so an in-process mock and a `mockweather` binary installed with its bundle find
/// them without a checkout. (This file is the resource target's only source.)
package enum WorldData {
    /// The resource bundle's file name as SwiftPM makes it (`<package>_<target>`).
    package static let bundleName = "mockweather_WorldData"

    #if canImport(Darwin)
    static let bundleExtension = "bundle"
    #else
    static let bundleExtension = "resources"
    #endif

    /// The directory holding `gazetteer/` and `scenarios/`, or nil when the resource bundle is not
    /// where the running program can find it (a binary copied without it).
    package static var directory: URL? { location.directory }

    /// Where the resource bundle was looked for, for an error message when it was not found.
    package static var searchedLocations: [URL] { location.searched }

    private static let location: (directory: URL?, searched: [URL]) = {
        let searched = candidateBundles()
        let fileManager = FileManager.default
        guard let found = searched.first(where: { fileManager.fileExists(atPath: $0.path) }) else {
            // `Bundle.module` ends the program when it finds nothing, so it is asked only where Apple
            // platforms' app and test bundles keep resources in places only it knows.
            #if canImport(Darwin)
            return (Bundle.module.resourceURL, searched)
            #else
            return (nil, searched)
            #endif
        }
        let bundle = found == searched.first ? Bundle.module : Bundle(url: found)
        return (bundle?.resourceURL ?? found, searched)
    }()

    /// Beside the main executable, then beside its real file when started through a symbolic link.
    private static func candidateBundles() -> [URL] {
        var directories = [Bundle.main.bundleURL]
        if let real = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
            real.standardizedFileURL.path != Bundle.main.bundleURL.standardizedFileURL.path
        {
            directories.append(real)
        }
        return directories.map { $0.appendingPathComponent("\(bundleName).\(bundleExtension)") }
    }
}
