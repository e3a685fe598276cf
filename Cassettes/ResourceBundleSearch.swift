package import Foundation

/// Where one of this package's resource bundles is, for the targets that ship one (`BundledCassettes`,
/// `WorldData`): beside the main executable (where `swift build` puts it and `Bundle.module` looks
/// first), then beside the executable's real file when it was started through a symbolic link
/// (`/usr/local/bin/mockweather` → `/opt/mockweather/mockweather`).
package enum ResourceBundleSearch {
    #if canImport(Darwin)
    static let bundleExtension = "bundle"
    #else
    static let bundleExtension = "resources"
    #endif

    /// The resource directory of the bundle named `bundleName` (`<package>_<target>`) and every place it
    /// was looked for. `module` is the target's own `Bundle.module`, asked only where it cannot fail
    /// (the first place, which it looks in itself) or, on Apple platforms, where app and test bundles keep
    /// resources in places only it knows: elsewhere it ends the program when it finds nothing.
    package static func locate(bundleName: String, module: () -> Bundle) -> (directory: URL?, searched: [URL]) {
        var directories = [Bundle.main.bundleURL]
        if let real = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
            real.standardizedFileURL.path != Bundle.main.bundleURL.standardizedFileURL.path
        {
            directories.append(real)
        }
        let searched = directories.map { $0.appendingPathComponent("\(bundleName).\(bundleExtension)") }
        guard let found = searched.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            #if canImport(Darwin)
            return (module().resourceURL, searched)
            #else
            return (nil, searched)
            #endif
        }
        let bundle = found == searched.first ? module() : Bundle(url: found)
        return (bundle?.resourceURL ?? found, searched)
    }
}
