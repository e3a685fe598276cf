package import Foundation
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the package's executables (or any program) running for a test, with both outputs captured
/// as they arrive, and always stopped: ``stop(gracePeriod:)`` ends it gracefully and then by force, and
/// a process a failing test leaves behind is killed when its value is released.
///
/// ```swift
/// let result = try await RunningProcess.run("mockweather", ["validate", directory.path])
/// #expect(result.status == 65)
///
/// let replay = try RunningProcess.start("replay-location", [trace, "--speed", "1"])
/// await replay.standardOutput.waitUntilContains("<wpt ")
/// replay.signal(SIGINT)
/// let ended = await replay.finish()
/// ```
///
/// Children start with a clean environment for these tests: the parent's, without the API keys
/// (`OPENWEATHERMAP_API_KEY`, `KAKAO_REST_API_KEY`, `KMA_SERVICE_KEY`), `MOCKWEATHER_RECORD` and
/// `MOCKWEATHER_CASSETTES` (a developer's own settings must not change what a test sees), with `MOCKWEATHER_SNAPSHOT_DIR` set to ``testSnapshotFolder`` (so no test writes
/// start-up snapshots into the user's own cache), plus what the test adds.
package final class RunningProcess: Sendable {
    /// What a standard input is.
    package enum Input: Sendable {
        /// `/dev/null`: the child reads end-of-file at once.
        case nullDevice
        /// A pipe only this process holds open, closed by ``closeStandardInput()`` or when the test
        /// runner dies (which `mockweather serve --exit-on-stdin-eof` turns into a shutdown).
        case pipe
    }

    /// The child's standard output.
    package let standardOutput: CapturedOutput
    /// The child's standard error.
    package let standardError: CapturedOutput
    private let process: ChildProcess
    private let input: Pipe?
    private let exit = ExitWaiter()

    private init(process: ChildProcess, input: Pipe?, output: Pipe, errors: Pipe) {
        self.process = process
        self.input = input
        standardOutput = CapturedOutput(reading: output.fileHandleForReading)
        standardError = CapturedOutput(reading: errors.fileHandleForReading)
    }

    /// Starts the package's executable `name` (see ``PackageLayout/executable(named:)``).
    package static func start(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil,
        standardInput: Input = .nullDevice
    ) throws -> RunningProcess {
        try start(
            executable: PackageLayout.executable(named: name), arguments, environment: environment,
            currentDirectory: currentDirectory, standardInput: standardInput)
    }

    /// Starts the program at `executable` (a shell that execs one of ours, say).
    package static func start(
        executable: URL, _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil,
        standardInput: Input = .nullDevice
    ) throws -> RunningProcess {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        for variable in ["OPENWEATHERMAP_API_KEY", "KAKAO_REST_API_KEY", "KMA_SERVICE_KEY", "MOCKWEATHER_RECORD"] {
            inherited.removeValue(forKey: variable)
        }
        inherited.removeValue(forKey: "MOCKWEATHER_CASSETTES")
        inherited["MOCKWEATHER_SNAPSHOT_DIR"] = testSnapshotFolder
        process.environment = inherited.merging(environment) { $1 }
        process.currentDirectoryURL = currentDirectory
        let input = standardInput == .pipe ? Pipe() : nil
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input.map { .pipe($0) } ?? .nullDevice
        process.standardOutput = .pipe(output)
        process.standardError = .pipe(errors)
        let running = RunningProcess(process: process, input: input, output: output, errors: errors)
        let exit = running.exit
        process.terminationHandler = {
            exit.exited($0.terminationStatus, bySignal: $0.terminationReason == .uncaughtSignal)
        }
        try process.run()
        return running
    }

    /// Where the `mockweather serve` children of the tests keep their start-up snapshots: one folder
    /// of this user's in the temporary directory, shared by every child of every run, so the suite's
    /// many servers over the bundled set read it from a snapshot after the first (old snapshots are
    /// pruned by mockweather itself). A test of snapshots themselves passes its own.
    package static let testSnapshotFolder =
        FileManager.default.temporaryDirectory.appendingPathComponent("mockweather-test-snapshots-\(getuid())").path

    /// Runs the package's executable `name` to its end.
    package static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil
    ) async throws -> ProcessResult {
        try await start(name, arguments, environment: environment, currentDirectory: currentDirectory).finish()
    }

    /// The child's process id.
    package var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the child has not exited yet.
    package var isRunning: Bool { process.isRunning }

    /// Sends signal `number` if the child is still running.
    package func signal(_ number: Int32) {
        process.signal(number)
    }

    /// Closes the child's standard input (when it is ``Input/pipe``).
    package func closeStandardInput() {
        try? input?.fileHandleForWriting.close()
    }

    /// Waits for the child to exit by itself and for both outputs to end.
    package func finish() async -> ProcessResult {
        let (status, bySignal) = await exit.wait()
        return ProcessResult(
            status: status, endedBySignal: bySignal, standardOutput: await standardOutput.all(),
            standardError: await standardError.all())
    }

    /// Stops the child: closes its standard input and sends SIGTERM, its graceful paths, then SIGKILL if
    /// it has not exited after `gracePeriod` (so a test never hangs here); returns how it ended.
    @discardableResult
    package func stop(gracePeriod: Duration = .seconds(10)) async -> ProcessResult {
        closeStandardInput()
        signal(SIGTERM)
        let exit = self.exit
        if await withTimeLimit(gracePeriod, { await exit.wait() }) == nil {
            signal(SIGKILL)
        }
        return await finish()
    }

    /// Kills the child at once (SIGKILL), as a crash or a lost machine looks to a client, and waits for it.
    package func kill() async {
        signal(SIGKILL)
        _ = await exit.wait()
    }

    deinit {
        // A safety net for a test that failed half-way: no child outlives the value that started it.
        process.signal(SIGKILL)
    }
}

/// How a child ended and everything it printed.
package struct ProcessResult: Sendable {
    /// The exit status, or the number of the signal that ended the child.
    package var status: Int32
    /// Whether a signal ended the child (then ``status`` is its number).
    package var endedBySignal: Bool
    /// Everything it wrote to standard output.
    package var standardOutput: String
    /// Everything it wrote to standard error.
    package var standardError: String
}

/// The moment a child exits, awaitable by any number of tasks.
private final class ExitWaiter: Sendable {
    private struct State {
        var ending: (status: Int32, bySignal: Bool)?
        var waiters: [UInt64: CheckedContinuation<(Int32, Bool), Never>] = [:]
        var nextWaiter: UInt64 = 0
    }
    private let state = Locked(State())

    func exited(_ status: Int32, bySignal: Bool) {
        let waiters = state.withLock { state in
            state.ending = (status, bySignal)
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: (status, bySignal)) }
    }

    /// The exit status and whether a signal ended the child. Cancelling the waiting task (as a time
    /// limit does) returns at once with status -1.
    func wait() async -> (Int32, Bool) {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: (Int32, Bool)? = state.withLock { state in
                    if let ending = state.ending { return ending }
                    if Task.isCancelled { return (-1, false) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: (-1, false))
        }
    }
}
