import Foundation
import MockWeather
import Testing

/// The bundled cassettes as a package resource.
@Suite struct BundledResourceTests {
    /// The checkout's `Cassettes/`, where people edit them (tests run from a checkout).
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Cassettes")

    @Test func theBundledSetIsReadFromTheResourceBundleNotTheCheckout() throws {
        let directory = try #require(CassetteSet.bundledDirectory)

        #expect(directory.path.contains("mockweather_BundledCassettes"))
        #expect(directory.standardizedFileURL.path != Self.checkout.standardizedFileURL.path)
    }

    @Test func everyCassetteInTheCheckoutIsInTheBundle() throws {
        let bundled = try #require(CassetteSet.bundledDirectory)

        let inCheckout = try Self.cassetteFiles(under: Self.checkout)
        let inBundle = try Self.cassetteFiles(under: bundled)

        #expect(!inCheckout.isEmpty)
        #expect(
            inBundle == inCheckout,
            "a folder of Cassettes/ is missing from the BundledCassettes target's resources in Package.swift")
    }

    private static func cassetteFiles(under directory: URL) throws -> Set<String> {
        let base = directory.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var files = Set<String>()
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            files.insert(String(url.standardizedFileURL.path.dropFirst(base.count)))
        }
        return files
    }
}
