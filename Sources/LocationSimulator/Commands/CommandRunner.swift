#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command line through `/bin/sh -c` and waits for it, for `--exec`.
///
/// The command's standard input is `/dev/null` and its standard output goes to this process's standard
/// error, so that whatever `adb` or `simctl` prints never mixes into the fixes written to standard output.
public struct CommandRunner: Sendable {
    /// The shell that interprets commands.
    public let shell: String

    /// Creates a runner that uses `shell` (which must accept `-c COMMAND`).
    public init(shell: String = "/bin/sh") {
        self.shell = shell
    }

    /// How a command ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)

        /// Whether it exited with status 0.
        public var isSuccess: Bool {
            self == .exited(0)
        }

        /// `exit status 3` or `killed by signal 9`.
        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Runs `command` and waits for it to end.
    ///
    /// - Throws: ``CommandRunnerError`` when the shell cannot be started at all.
    public func run(_ command: String) throws(CommandRunnerError) -> Termination {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        // The command starts with default signal handling and nothing blocked, whatever this process ignores
        // (SIGPIPE, and SIGINT while a signal source watches for it) or its thread blocks: Ctrl-C must reach
        // it, and a pipeline inside it must see SIGPIPE.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = [shell, "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, shell, &actions, &attributes, &argv, environment)
        guard spawned == 0 else {
            throw CommandRunnerError(shell: shell, reason: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw CommandRunnerError(shell: shell, reason: "waitpid: \(systemErrorText())")
            }
        }
        // The POSIX encoding of a wait status (WIFEXITED and friends are macros Swift cannot import).
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}

/// The shell could not be started.
public struct CommandRunnerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The shell's path.
    public var shell: String
    /// The system's reason.
    public var reason: String

    /// `cannot run /bin/sh: reason`.
    public var description: String {
        "cannot run \(shell): \(reason)"
    }
}
