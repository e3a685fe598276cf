#if os(Linux)
import Foundation
import TestSupport
import Testing

/// On Linux `mockweather` links FoundationEssentials and not Foundation, whose libraries (ICU's data
/// among them) cost a third of a start (docs/ARCHITECTURE.md#foundation-essentials). One `import
/// Foundation` in any module the executable links would bring them all back; this notices.
@Suite struct FoundationEssentialsTests {
    @Test func serveMapsFoundationEssentialsButNeitherFoundationNorICU() async throws {
        try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            let exchange = try await RawHTTPClient(port: try server.port).exchange("/data/2.5/weather?q=Seoul&appid=x")
            // Read to the end: `String(contentsOfFile:)` stops at the first 4 KiB of a file in /proc.
            let mapsFile = URL(fileURLWithPath: "/proc/\(try server.process.processIdentifier)/maps")
            let mapsBytes = try FileHandle(forReadingFrom: mapsFile).readToEnd() ?? Data()
            let maps = String(decoding: mapsBytes, as: UTF8.self)
            await server.stop()

            let libraries = Set(
                maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
            #expect(exchange.head.hasPrefix("HTTP/1.1 200"))
            #expect(
                libraries.contains("libFoundationEssentials.so"), "the maps name the libraries: \(libraries.sorted())")
            let foundation = ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"]
            let mapped = foundation.filter(libraries.contains)
            #expect(mapped.isEmpty, "mockweather serve maps \(mapped)")
        }
    }
}
#endif
