import Basics

/// Runs a command line through `/bin/sh -c` and waits for it, for `--exec`.
///
/// The command's standard input is `/dev/null` and its standard output goes to this process's standard
/// error, so that whatever `adb` or `simctl` prints never mixes into the fixes written to standard output.
/// It starts with default signal handling, nothing blocked and only descriptors 0-2 open (see
/// `ProcessSpawner` in Basics): Ctrl-C must reach it, and a pipeline inside it must see SIGPIPE.
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
        do {
            let pid = try ProcessSpawner.spawn(
                shell, arguments: ["-c", command], standardInput: .nullDevice, standardOutput: .descriptor(2))
            switch try ProcessSpawner.waitForExit(pid) {
            case .exited(let status): return .exited(status)
            case .signalled(let signal): return .signalled(signal)
            }
        } catch {
            throw CommandRunnerError(shell: shell, reason: error.reason)
        }
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
