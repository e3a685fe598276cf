import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `mockweather` executable, found next to the test bundle in the build products directory.
enum MockweatherBinary {
    static let url: URL? = {
        var directories: [URL] = [
            Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent("mockweather")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Runs to completion and returns the exit status and both outputs.
    static func run(
        _ arguments: [String], executable: URL? = nil, currentDirectory: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = try RunningMockweather(
            arguments, executable: executable, currentDirectory: currentDirectory, environment: environment)
        return process.waitForExit()
    }
}

/// A `mockweather` process with its outputs captured; killed if a test leaves it running.
final class RunningMockweather: @unchecked Sendable {
    let process = ChildProcess()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private var stdoutBuffer = Data()

    /// Runs the mockweather binary (or `executable`, e.g. a shell that execs it) with `arguments`.
    init(
        _ arguments: [String], executable: URL? = nil, currentDirectory: URL? = nil,
        environment: [String: String]? = nil
    ) throws {
        let binary = try #require(MockweatherBinary.url, "the mockweather binary is not built next to the tests")
        process.executableURL = executable ?? binary
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        var environment = environment ?? ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "MOCKWEATHER_CASSETTES")
        process.environment = environment
        process.standardOutput = .pipe(stdoutPipe)
        process.standardError = .pipe(stderrPipe)
        try process.run()
        // A safety net, not synchronisation: no test should leave a server behind if it fails half-way.
        let process = self.process
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { process.terminate() }
    }

    deinit { process.terminate() }

    /// Blocks until a full line arrives on standard output (or it closes).
    func readLine() -> String? {
        while true {
            if let newline = stdoutBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: stdoutBuffer[..<newline], as: UTF8.self)
                stdoutBuffer.removeSubrange(...newline)
                return line
            }
            let chunk = stdoutPipe.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            stdoutBuffer.append(chunk)
        }
    }

    /// Reads the listening line and returns the port.
    func waitForListeningPort() throws -> Int {
        let line = try #require(readLine(), "mockweather exited before listening: \(drainStandardError())")
        let prefix = "mockweather listening on http://127.0.0.1:"
        #expect(line.hasPrefix(prefix), "first stdout line was \(line)")
        return try #require(Int(line.dropFirst(prefix.count)))
    }

    func signal(_ number: Int32) { process.signal(number) }

    func drainStandardError() -> String {
        String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func waitForExit() -> (status: Int32, stdout: String, stderr: String) {
        let rest = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
        let stderr = drainStandardError()
        process.waitUntilExit()
        let stdout = String(decoding: stdoutBuffer + rest, as: UTF8.self)
        return (process.terminationStatus, stdout, stderr)
    }
}
