import Foundation

/// A directory of its own for one test, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("mockweather-contract-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `relativePath`, creating folders as needed.
    func write(_ relativePath: String, _ contents: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        try Data(contents.utf8).write(to: file, options: .atomic)
    }

    /// Copies a bundled cassette (relative to `Cassettes/`) into this directory under the same name.
    func copyBundled(_ relativePath: String) throws {
        let source = PackageLayout.bundledCassettes.appendingPathComponent(relativePath)
        try write(relativePath, String(decoding: try Data(contentsOf: source), as: UTF8.self))
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
