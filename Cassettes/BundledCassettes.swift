public import Foundation

/// The package's own `Cassettes/`, shipped as a SwiftPM resource so that a package depending on
/// mockweather, and a `mockweather` binary installed with its resource bundle, find the bundled set
/// without a source checkout. (This file is the resource target's only source; the cassettes are the
/// JSON files beside it.)
public enum BundledCassettes {
    /// The resource bundle's file name as SwiftPM makes it (`<package>_<target>`).
    public static let bundleName = "mockweather_BundledCassettes"

    #if canImport(Darwin)
    static let bundleExtension = "bundle"
    #else
    static let bundleExtension = "resources"
    #endif

    /// The directory holding the bundled cassettes, or nil when the resource bundle is not where the
    /// running program can find it (a binary copied without it).
    public static var directory: URL? { location.directory }

    /// Where the resource bundle was looked for, for an error message when it was not found.
    public static var searchedLocations: [URL] { location.searched }

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
        // The first candidate is where `Bundle.module` looks first, so asking it cannot fail.
        let bundle = found == searched.first ? Bundle.module : Bundle(url: found)
        return (bundle?.resourceURL ?? found, searched)
    }()

    /// Beside the main executable (where `swift build` puts it and `Bundle.module` looks first), then
    /// beside the executable's real file when it was started through a symbolic link
    /// (`/usr/local/bin/mockweather` → `/opt/mockweather/mockweather`).
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
