import Foundation
import Locking
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real `mockweather serve` process for one test: started on port 0, ready once it has printed its
/// listening line, and always stopped by ``withMockServer(cassettes:arguments:_:)``, even when the test
/// fails or throws.
///
/// The server is started with `--exit-on-stdin-eof`, and its standard input is a pipe that only this
/// process holds open: if the test runner itself dies (a crash, a SIGKILL from CI), the pipe closes and the
/// server exits, so no orphan is left behind.
final class MockServerProcess: Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:53121`.
    let baseURL: URL
    private let process: ChildProcess
    private let standardInput: Pipe
    private let output: OutputCollector
    private let exit: ExitSignal

    private init(baseURL: URL, process: ChildProcess, standardInput: Pipe, output: OutputCollector, exit: ExitSignal) {
        self.baseURL = baseURL
        self.process = process
        self.standardInput = standardInput
        self.output = output
        self.exit = exit
    }

    /// Everything the server has printed so far (standard output and standard error interleaved).
    var outputSoFar: String { output.text }

    /// Starts the binary and waits for `mockweather listening on http://HOST:PORT`.
    static func start(cassettes: URL?, arguments: [String]) async throws -> MockServerProcess {
        let binary = try MockWeatherBinary.locate()
        let process = ChildProcess()
        process.executableURL = binary
        var allArguments = ["serve", "--port", "0", "--exit-on-stdin-eof"]
        if let cassettes { allArguments += ["--cassettes", cassettes.path] }
        process.arguments = allArguments + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "OPENWEATHERMAP_API_KEY")
        environment.removeValue(forKey: "MOCKWEATHER_CASSETTES")
        process.environment = environment
        let standardInput = Pipe()
        let standardOutput = Pipe()
        process.standardInput = .pipe(standardInput)
        process.standardOutput = .pipe(standardOutput)
        process.standardError = .pipe(standardOutput)
        let output = OutputCollector()
        output.collect(from: standardOutput.fileHandleForReading)
        let exit = ExitSignal()
        process.terminationHandler = { exit.signal(status: $0.terminationStatus) }
        try process.run()

        let listening = "mockweather listening on "
        let line = try await firstLine(of: output, startingWith: listening, within: .seconds(60))
        guard let line, let url = URL(string: String(line.dropFirst(listening.count))) else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            throw ContractSetupError.serverDidNotStart(status: process.terminationStatus, output: output.text)
        }
        return MockServerProcess(
            baseURL: url,
            process: process,
            standardInput: standardInput,
            output: output,
            exit: exit
        )
    }

    /// The first output line with `prefix`, or `nil` when the output ends or `timeout` passes first.
    private static func firstLine(
        of output: OutputCollector,
        startingWith prefix: String,
        within timeout: Duration
    ) async throws -> String? {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                for await line in output.lines where line.hasPrefix(prefix) {
                    return line
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Asks the server to shut down gracefully (closing its standard input, which `--exit-on-stdin-eof`
    /// turns into a shutdown, and sending SIGTERM) and waits for it to exit; escalates to SIGKILL if it has
    /// not exited after ten seconds. Returns the exit status.
    @discardableResult
    func stop() async -> Int32 {
        try? standardInput.fileHandleForWriting.close()
        process.signal(SIGTERM)
        if await exit.wait(upTo: .seconds(10)) == nil {
            process.signal(SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Stops the server abruptly (SIGKILL), as a crash or a network loss would look to a client.
    func kill() {
        process.signal(SIGKILL)
        process.waitUntilExit()
    }
}

/// Runs `body` with a freshly started server and stops the server afterwards, whatever happens in `body`.
func withMockServer<T>(
    cassettes: URL? = nil,
    arguments: [String] = [],
    _ body: (MockServerProcess) async throws -> T
) async throws -> T {
    let server = try await MockServerProcess.start(cassettes: cassettes, arguments: arguments)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Problems starting the server, reported with everything it printed.
enum ContractSetupError: Error, CustomStringConvertible {
    case binaryNotFound(searched: [String])
    case serverDidNotStart(status: Int32, output: String)

    var description: String {
        switch self {
        case .binaryNotFound(let searched):
            "the mockweather binary was not found; looked in: \(searched.joined(separator: ", ")). "
                + "Build it with 'swift build' or set MOCKWEATHER_BINARY."
        case .serverDidNotStart(let status, let output):
            "mockweather serve stopped (status \(status)) before printing its listening line, or did not print "
                + "it within 60 s. It printed:\n\(output)"
        }
    }
}

/// Finds the `mockweather` executable that this package built next to the test bundle.
enum MockWeatherBinary {
    static func locate() throws -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["MOCKWEATHER_BINARY"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        // Linux: the test runner is `.build/<config>/<package>PackageTests.xctest`, an executable beside
        // the package's other products. macOS: it is a bundle in that same directory.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("mockweather"))
        }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("mockweather"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw ContractSetupError.binaryNotFound(searched: candidates.map(\.path))
    }
}

/// Collects a child's output on a background thread: all of it as text, for failure messages, and line by
/// line as an async sequence, for waiting on the listening line without polling.
final class OutputCollector: Sendable {
    private let collected = Locked("")
    /// The output's lines as they arrive; finishes when the child closes its output.
    let lines: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (lines, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(256))
    }

    /// Everything received so far.
    var text: String { collected.withLock { $0 } }

    func collect(from handle: FileHandle) {
        let thread = Thread { [self] in
            var pending = ""
            while true {
                let data = handle.availableData
                if data.isEmpty {
                    if !pending.isEmpty { continuation.yield(pending) }
                    continuation.finish()
                    return
                }
                let chunk = String(decoding: data, as: UTF8.self)
                collected.withLock { $0 += chunk }
                pending += chunk
                while let newline = pending.firstIndex(of: "\n") {
                    continuation.yield(String(pending[..<newline]))
                    pending = String(pending[pending.index(after: newline)...])
                }
            }
        }
        thread.start()
    }
}

/// The moment a child process exits, awaitable with a time limit.
final class ExitSignal: Sendable {
    private struct State {
        var status: Int32?
        var waiters: [UInt64: CheckedContinuation<Int32?, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }
    private let state = Locked(State())

    func signal(status: Int32) {
        let waiters = state.withLock { state in
            state.status = status
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: status) }
    }

    /// The exit status, or `nil` when the process is still running after `timeout`.
    func wait(upTo timeout: Duration) async -> Int32? {
        await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await self.waitIndefinitely() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private func waitIndefinitely() async -> Int32? {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let alreadyExited: Int32?? = state.withLock { state in
                    if let status = state.status { return .some(status) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let alreadyExited { continuation.resume(returning: alreadyExited) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: nil)
        }
    }
}
