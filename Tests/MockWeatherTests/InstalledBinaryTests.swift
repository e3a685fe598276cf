import Foundation
import Testing

/// `mockweather` installed away from any checkout finds the bundled cassettes in the resource bundle
/// installed beside it, and says what is missing when the bundle was not installed.
@Suite struct InstalledBinaryTests {
    #if canImport(Darwin)
    static let bundleName = "mockweather_BundledCassettes.bundle"
    #else
    static let bundleName = "mockweather_BundledCassettes.resources"
    #endif

    @Test func aBinaryInstalledWithItsResourceBundleListsTheBundledCassettes() throws {
        let installed = try TemporaryDirectory()
        defer { installed.cleanUp() }
        let binary = try #require(MockweatherBinary.url)
        let bundle = binary.deletingLastPathComponent().appendingPathComponent(Self.bundleName)
        try FileManager.default.copyItem(at: binary, to: installed.url.appendingPathComponent("mockweather"))
        try FileManager.default.copyItem(at: bundle, to: installed.url.appendingPathComponent(bundle.lastPathComponent))

        let result = try MockweatherBinary.run(
            ["list"], executable: installed.url.appendingPathComponent("mockweather"), currentDirectory: installed.url)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("openweathermap/current/seoul"))
    }

    @Test func aBinaryInstalledWithoutItsResourceBundleSaysWhereItLooked() throws {
        let installed = try TemporaryDirectory()
        defer { installed.cleanUp() }
        let binary = try #require(MockweatherBinary.url)
        try FileManager.default.copyItem(at: binary, to: installed.url.appendingPathComponent("mockweather"))

        let result = try MockweatherBinary.run(
            ["list"], executable: installed.url.appendingPathComponent("mockweather"), currentDirectory: installed.url)

        #expect(result.status == 65)
        #expect(result.stderr.contains(Self.bundleName))
        #expect(result.stderr.contains("--cassettes"))
    }
}
