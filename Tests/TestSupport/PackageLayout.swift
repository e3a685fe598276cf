package import Foundation

/// Where the package's files and built executables are, for tests that use them.
package enum PackageLayout {
    /// The package's root directory (the one holding `Package.swift`), found from this file's location.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bundled `Cassettes/` directory.
    package static let bundledCassettes = root.appendingPathComponent("Cassettes")

    /// The bundled example traces, `Scripts/traces/`.
    package static let traces = root.appendingPathComponent("Scripts/traces")

    /// The executable `name` (`mockweather`, `replay-location`) that this package built beside the test
    /// runner, or the one an environment variable names (`MOCKWEATHER_BINARY`, `REPLAY_LOCATION_BINARY`).
    ///
    /// - Throws: ``HarnessError/executableNotFound(name:searched:)`` listing every place looked in.
    package static func executable(named name: String) throws(HarnessError) -> URL {
        var candidates: [URL] = []
        let variable = name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"
        if let override = ProcessInfo.processInfo.environment[variable], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        // Linux: the test runner is `.build/<config>/<package>PackageTests.xctest`, an executable beside the
        // package's other products. macOS: it is a bundle in that same directory.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
        }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent(name))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(name))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw .executableNotFound(name: name, searched: candidates.map(\.path))
    }
}

/// Why the harness could not give a test what it asked for, with what it saw.
package enum HarnessError: Error, Equatable, CustomStringConvertible {
    /// The executable is not built where the tests look for it.
    case executableNotFound(name: String, searched: [String])
    /// The server ended, or did not print its listening line in time; `output` is everything it printed.
    case serverDidNotStart(status: Int32?, output: String)
    /// A request target that is no URL, or an answer that is no HTTP response.
    case badTarget(String)
    /// A pooled `mockweather serve` did not rewind for the next case; `detail` says what it answered.
    case resetFailed(String)
    /// A server answered a harness request otherwise than the harness needs; `detail` says how.
    case unexpectedAnswer(String)
    /// ``withMock(_:mode:_:)`` was asked to run `setup` (in a few words) in a mode it does not run in;
    /// it runs in `offered`.
    case modeNotOffered(MockMode, setup: String, offered: [MockMode])
    /// A test asked a ``MockClient`` for `what` (a port, a URLSession) in a mode that has none.
    case notInMode(_ what: String, MockMode)

    /// What went wrong and what to do.
    package var description: String {
        switch self {
        case .executableNotFound(let name, let searched):
            "the \(name) executable was not found; looked in: \(searched.joined(separator: ", ")). "
                + "Build it with 'swift build --build-tests' or name it in the environment."
        case .badTarget(let target): "no HTTP exchange for \(target)"
        case .resetFailed(let detail): "a pooled mockweather serve could not be reset for the next case: \(detail)"
        case .unexpectedAnswer(let detail): detail
        case .modeNotOffered(let mode, let setup, let offered):
            "\(setup) does not run in the \(mode.rawValue) mode; it runs in "
                + offered.map(\.rawValue).joined(separator: ", ")
        case .notInMode(let what, let mode): "the \(mode.rawValue) mode has no \(what)"
        case .serverDidNotStart(let status, let output):
            "mockweather serve "
                + (status.map { "exited with status \($0)" } ?? "did not print its listening line in time")
                + " before it was listening. It printed:\n\(output)"
        }
    }
}
