import Foundation
import TestSupport
import Testing

/// `mockweather` installed away from any checkout finds the bundled cassettes in the resource bundle
/// installed beside it, and says what is missing when the bundle was not installed.
@Suite struct InstalledBinaryTests {
    #if canImport(Darwin)
    static let bundleName = "mockweather_BundledCassettes.bundle"
    #else
    static let bundleName = "mockweather_BundledCassettes.resources"
    #endif

    @Test func aBinaryInstalledWithItsResourceBundleListsTheBundledCassettes() async throws {
        let installed = try TemporaryDirectory()
        defer { installed.cleanUp() }
        let binary = try PackageLayout.executable(named: "mockweather")
        let bundle = binary.deletingLastPathComponent().appendingPathComponent(Self.bundleName)
        try FileManager.default.copyItem(at: binary, to: installed.url.appendingPathComponent("mockweather"))
        try FileManager.default.copyItem(at: bundle, to: installed.url.appendingPathComponent(bundle.lastPathComponent))

        let result = try await RunningProcess.start(
            executable: installed.url.appendingPathComponent("mockweather"), ["list"], currentDirectory: installed.url
        ).finish()

        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("openweathermap/current/seoul"))
    }

    @Test func aBinaryInstalledWithoutItsResourceBundleSaysWhereItLooked() async throws {
        let installed = try TemporaryDirectory()
        defer { installed.cleanUp() }
        let binary = try PackageLayout.executable(named: "mockweather")
        try FileManager.default.copyItem(at: binary, to: installed.url.appendingPathComponent("mockweather"))

        let result = try await RunningProcess.start(
            executable: installed.url.appendingPathComponent("mockweather"), ["list"], currentDirectory: installed.url
        ).finish()

        #expect(result.status == 65)
        #expect(result.standardError.contains(Self.bundleName))
        #expect(result.standardError.contains("--cassettes"))
    }
}
