public import Foundation

/// The package's own `Cassettes/`, shipped as a SwiftPM resource so that a package depending on
/// mockweather, and a `mockweather` binary installed with its resource bundle, find the bundled set
/// without a source checkout. (This file and ``ResourceBundleSearch`` are the resource target's only
/// sources; the cassettes are the JSON files beside them.)
public enum BundledCassettes {
    /// The resource bundle's file name as SwiftPM makes it (`<package>_<target>`).
    public static let bundleName = "mockweather_BundledCassettes"

    /// The directory holding the bundled cassettes, or nil when the resource bundle is not where the
    /// running program can find it (a binary copied without it).
    public static var directory: URL? { location.directory }

    /// Where the resource bundle was looked for, for an error message when it was not found.
    public static var searchedLocations: [URL] { location.searched }

    private static let location = ResourceBundleSearch.locate(bundleName: bundleName) { Bundle.module }
}
