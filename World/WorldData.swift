import BundledCassettes
package import Foundation

/// The package's own `World/` (the gazetteer and the scenario presets), shipped as a SwiftPM resource
/// as `Cassettes/` is, so an in-process mock and a `mockweather` binary installed with its bundle find
/// them without a checkout. (This file is the resource target's only source.)
package enum WorldData {
    /// The resource bundle's file name as SwiftPM makes it (`<package>_<target>`).
    package static let bundleName = "mockweather_WorldData"

    /// The directory holding `gazetteer/` and `scenarios/`, or nil when the resource bundle is not
    /// where the running program can find it (a binary copied without it).
    package static var directory: URL? { location.directory }

    /// Where the resource bundle was looked for, for an error message when it was not found.
    package static var searchedLocations: [URL] { location.searched }

    private static let location = ResourceBundleSearch.locate(bundleName: bundleName) { Bundle.module }
}
