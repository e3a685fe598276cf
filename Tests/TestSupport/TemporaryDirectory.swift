package import Foundation

/// A directory of its own for one test, removed when the value is released (or by ``cleanUp()``).
package final class TemporaryDirectory: Sendable {
    /// The directory.
    package let url: URL

    /// Creates a fresh, empty directory under the system's temporary directory.
    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("mockweather-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `relativePath`, creating folders as needed.
    package func write(_ relativePath: String, _ contents: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file, options: .atomic)
    }

    /// Copies a bundled cassette (relative to `Cassettes/`) into this directory under the same name.
    package func copyBundled(_ relativePath: String) throws {
        let source = PackageLayout.bundledCassettes.appendingPathComponent(relativePath)
        try write(relativePath, String(decoding: try Data(contentsOf: source), as: UTF8.self))
    }

    /// Removes the directory now.
    package func cleanUp() {
        try? FileManager.default.removeItem(at: url)
    }

    deinit {
        cleanUp()
    }
}
