import Basics
package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for tests that run the package's executables: the part of `Foundation.Process`
/// they use, on `posix_spawn`.
///
/// Why not `Process`: on Linux, swift-corelibs-foundation's `Process.run()` scans `/proc/self/fd` with
/// a 256-byte over-read of each directory entry and crashes the whole test process now and then
/// (swiftlang/swift-corelibs-foundation#5472, fixed upstream after the toolchain we build with). It
/// also starts children with the parent's blocked signals, so a server could ignore SIGTERM. Here the
/// child is started by Basics' `ProcessSpawner` (as `replay-location --exec` starts its commands): an
/// empty signal mask and default handlers, and only descriptors 0, 1 and 2 open (the rest are closed
/// in the child, so a pipe of another test never stays open in it).
package final class ChildProcess: @unchecked Sendable {
    /// What a standard stream of the child is connected to.
    package enum Stream {
        /// The parent's own stream.
        case inherited
        /// `/dev/null`.
        case nullDevice
        /// One end of a pipe; the parent keeps the other end and closes the child's after the spawn.
        case pipe(Pipe)
        /// Any open descriptor.
        case fileHandle(FileHandle)
    }

    /// The program to run.
    package var executableURL: URL?
    /// The arguments after the program's name.
    package var arguments: [String] = []
    /// The whole environment; nil passes the parent's.
    package var environment: [String: String]?
    /// Where the child starts; nil keeps the parent's directory.
    package var currentDirectoryURL: URL?
    /// The child's standard input (inherited by default).
    package var standardInput = Stream.inherited
    /// The child's standard output (inherited by default).
    package var standardOutput = Stream.inherited
    /// The child's standard error (inherited by default).
    package var standardError = Stream.inherited
    /// Called once, on a background thread, when the child has exited (at once if it already has).
    package var terminationHandler: (@Sendable (ChildProcess) -> Void)? {
        get { state.withLock { handler } }
        set {
            let exited = state.withLock {
                handler = newValue
                return exitStatus != nil
            }
            if exited { newValue?(self) }
        }
    }

    /// How a child ended.
    package enum TerminationReason: Sendable {
        /// It called exit; `terminationStatus` is the code.
        case exit
        /// A signal ended it; `terminationStatus` is the signal's number.
        case uncaughtSignal
    }

    private let state = NSCondition()
    private var pid: pid_t = 0
    private var exitStatus: Int32?
    private var endedBySignal = false
    private var handler: (@Sendable (ChildProcess) -> Void)?

    /// A process that is not started yet.
    package init() {}

    /// The child's process id (0 before `run()`).
    package var processIdentifier: Int32 { state.withLock { pid } }

    /// Whether the child was started and has not exited yet.
    package var isRunning: Bool { state.withLock { pid != 0 && exitStatus == nil } }

    /// The exit code, or the number of the signal that ended the child (as `Process` reports it).
    /// Only meaningful once `waitUntilExit()` has returned.
    package var terminationStatus: Int32 { state.withLock { exitStatus ?? 0 } }

    /// Whether the child exited or was killed by a signal. Only meaningful once it has ended.
    package var terminationReason: TerminationReason { state.withLock { endedBySignal ? .uncaughtSignal : .exit } }

    /// Spawns the child; throws with the failing call's `errno` text when it cannot.
    package func run() throws {
        guard let executable = executableURL?.path else { throw ChildProcessError(message: "no executable") }
        let child: Int32
        do {
            child = try ProcessSpawner.spawn(
                executable, arguments: arguments, environment: environment, directory: currentDirectoryURL?.path,
                standardInput: Self.spawnerStream(standardInput, as: 0),
                standardOutput: Self.spawnerStream(standardOutput, as: 1),
                standardError: Self.spawnerStream(standardError, as: 2))
        } catch {
            throw ChildProcessError(message: "cannot start \(executable): \(error.reason)")
        }
        // The child has its own copies now; the parent's copies of the child's ends must go, or
        // the parent would never read end-of-file from the child's output.
        for (stream, target) in [(standardInput, 0), (standardOutput, 1), (standardError, 2)] {
            if case .pipe(let pipe) = stream {
                try? (target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
            }
        }
        state.withLock { pid = child }
        let started = child
        let reaper = Thread { [self] in reap(started) }
        reaper.name = "child-\(child)-reaper"
        reaper.start()
    }

    /// Blocks until the child has exited.
    package func waitUntilExit() {
        state.lock()
        while pid != 0 && exitStatus == nil { state.wait() }
        state.unlock()
    }

    /// Sends SIGTERM if the child is still running.
    package func terminate() {
        signal(SIGTERM)
    }

    /// Sends `number` if the child is still running (never to a reaped, possibly reused, pid).
    package func signal(_ number: Int32) {
        state.withLock {
            if pid != 0 && exitStatus == nil { _ = kill(pid, number) }
        }
    }

    private func reap(_ child: pid_t) {
        // A wait can fail only for a pid that is not our child, which `run()` never hands over.
        let termination = (try? ProcessSpawner.waitForExit(child)) ?? .exited(-1)
        let handler = state.withLock {
            switch termination {
            case .exited(let code): exitStatus = code
            case .signalled(let signal):
                exitStatus = signal
                endedBySignal = true
            }
            state.broadcast()
            return self.handler
        }
        handler?(self)
    }

    /// The spawner's view of one of this child's streams (`target` is 0, 1 or 2).
    private static func spawnerStream(_ stream: Stream, as target: Int32) -> ProcessSpawner.Stream {
        switch stream {
        case .inherited: .inherited
        case .nullDevice: .nullDevice
        case .pipe(let pipe):
            .descriptor((target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting).fileDescriptor)
        case .fileHandle(let handle): .descriptor(handle.fileDescriptor)
        }
    }
}

/// Why a child process could not be started.
package struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong, for the test report.
    package var message: String
    /// The message.
    package var description: String { message }
}
