public import Foundation

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
/// child starts with an empty signal mask and default handlers, and with only descriptors 0, 1 and 2
/// open (the rest are closed in the child, so a pipe of another test never stays open in it).
public final class ChildProcess: @unchecked Sendable {
    /// What a standard stream of the child is connected to.
    public enum Stream {
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
    public var executableURL: URL?
    /// The arguments after the program's name.
    public var arguments: [String] = []
    /// The whole environment; nil passes the parent's.
    public var environment: [String: String]?
    /// Where the child starts; nil keeps the parent's directory.
    public var currentDirectoryURL: URL?
    /// The child's standard input (inherited by default).
    public var standardInput = Stream.inherited
    /// The child's standard output (inherited by default).
    public var standardOutput = Stream.inherited
    /// The child's standard error (inherited by default).
    public var standardError = Stream.inherited
    /// Called once, on a background thread, when the child has exited (at once if it already has).
    public var terminationHandler: (@Sendable (ChildProcess) -> Void)? {
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
    public enum TerminationReason: Sendable {
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
    public init() {}

    /// The child's process id (0 before `run()`).
    public var processIdentifier: Int32 { state.withLock { pid } }

    /// Whether the child was started and has not exited yet.
    public var isRunning: Bool { state.withLock { pid != 0 && exitStatus == nil } }

    /// The exit code, or the number of the signal that ended the child (as `Process` reports it).
    /// Only meaningful once `waitUntilExit()` has returned.
    public var terminationStatus: Int32 { state.withLock { exitStatus ?? 0 } }

    /// Whether the child exited or was killed by a signal. Only meaningful once it has ended.
    public var terminationReason: TerminationReason { state.withLock { endedBySignal ? .uncaughtSignal : .exit } }

    /// Spawns the child; throws with the failing call's `errno` text when it cannot.
    public func run() throws {
        guard let executable = executableURL?.path else { throw ChildProcessError(message: "no executable") }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (stream, target) in [(standardInput, Int32(0)), (standardOutput, 1), (standardError, 2)] {
            switch stream {
            case .inherited: break
            case .nullDevice:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .pipe(let pipe):
                let end = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, target)
            case .fileHandle(let handle):
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            }
        }
        if let directory = currentDirectoryURL?.path {
            try Self.changeDirectory(&actions, to: directory)
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        Self.closeDescriptorsFromThree(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw ChildProcessError(message: "cannot start \(executable): \(String(cString: strerror(result)))")
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
    public func waitUntilExit() {
        state.lock()
        while pid != 0 && exitStatus == nil { state.wait() }
        state.unlock()
    }

    /// Sends SIGTERM if the child is still running.
    public func terminate() {
        signal(SIGTERM)
    }

    /// Sends `number` if the child is still running (never to a reaped, possibly reused, pid).
    public func signal(_ number: Int32) {
        state.withLock {
            if pid != 0 && exitStatus == nil { _ = kill(pid, number) }
        }
    }

    private func reap(_ child: pid_t) {
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED/WEXITSTATUS/WTERMSIG are macros Swift does not import; the layout is POSIX's.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : signal
        let handler = state.withLock {
            exitStatus = code
            endedBySignal = signal != 0
            state.broadcast()
            return self.handler
        }
        handler?(self)
    }

    #if canImport(Darwin)
    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) throws {
        posix_spawn_file_actions_addchdir_np(&actions, directory)
    }
    #else
    /// glibc 2.29+ changes the child's directory as a spawn action; its header hides the function from
    /// Swift, so it is looked up by name.
    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) throws {
        typealias ChangeDirectory =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
            throw ChildProcessError(message: "this C library cannot start a child in another directory")
        }
        _ = unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, directory)
    }

    /// glibc 2.34+ closes every descriptor from 3 up in the child in one action; its header hides the
    /// function from Swift, so it is looked up by name. Older C libraries get one close per open descriptor.
    private static func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        for descriptor in 3..<Int32(1024) where fcntl(descriptor, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }
    #endif
}

/// Why a child process could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong, for the test report.
    public var message: String
    /// The message.
    public var description: String { message }
}
