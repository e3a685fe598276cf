#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a program with `posix_spawn` and waits for it: what `replay-location --exec` and the tests'
/// child processes share.
///
/// The child starts with an empty signal mask and default handlers for the signals a parent commonly
/// ignores or blocks (SIGPIPE; SIGINT while a signal source watches it; SIGTERM in a server), so Ctrl-C
/// and SIGTERM reach it and a pipeline inside it sees SIGPIPE; and with only descriptors 0, 1 and 2
/// open, so a pipe or socket of the parent never stays open in it. Foundation's `Process` is not used:
/// on Linux its `run()` crashes the calling process now and then (swiftlang/swift-corelibs-foundation#5472)
/// and starts children with the parent's blocked signals.
package enum ProcessSpawner {
    /// What one of the child's standard streams is connected to.
    package enum Stream: Sendable {
        /// The parent's own stream.
        case inherited
        /// `/dev/null`.
        case nullDevice
        /// A copy of the parent's descriptor.
        case descriptor(Int32)
    }

    /// How a child ended.
    package enum Termination: Sendable, Hashable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal killed it.
        case signalled(Int32)
    }

    /// Why a child could not be started or waited for: the failing call and the system's reason.
    package struct Failure: Error, Sendable {
        /// `strerror` of the error, prefixed with the call when it was not `posix_spawn` itself.
        package var reason: String
    }

    /// Starts `executable` with `arguments` (argv from argv[1] on; argv[0] is the executable), the
    /// whole `environment` (`nil` passes this process's), in `directory` (`nil` keeps this one's),
    /// with the three standard streams connected as given. Returns the child's process id.
    package static func spawn(
        _ executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        standardInput: Stream = .inherited, standardOutput: Stream = .inherited, standardError: Stream = .inherited
    ) throws(Failure) -> Int32 {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (stream, target) in [(standardInput, Int32(0)), (standardOutput, 1), (standardError, 2)] {
            switch stream {
            case .inherited:
                // POSIX_SPAWN_CLOEXEC_DEFAULT (below) closes every descriptor no action names, the
                // standard streams included, so an inherited one is named.
                #if canImport(Darwin)
                posix_spawn_file_actions_addinherit_np(&actions, target)
                #endif
            case .nullDevice:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        if let directory {
            try changeDirectory(&actions, to: directory)
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        closeDescriptorsFromThree(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        var child: pid_t = 0
        let result: Int32
        if let envp {
            result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        } else {
            result = posix_spawn(&child, executable, &actions, &attributes, argv, currentEnvironment())
        }
        guard result == 0 else { throw Failure(reason: String(cString: strerror(result))) }
        return child
    }

    /// Waits for the child `pid` to end (retrying interrupted waits) and says how it ended.
    package static func waitForExit(_ pid: Int32) throws(Failure) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(reason: "waitpid: \(String(cString: strerror(errno)))") }
        }
        // The POSIX encoding of a wait status (WIFEXITED and friends are macros Swift cannot import).
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    private static func currentEnvironment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        _NSGetEnviron().pointee
        #else
        environ
        #endif
    }

    #if canImport(Darwin)
    private static func changeDirectory(
        _ actions: inout posix_spawn_file_actions_t?, to directory: String
    ) throws(Failure) {
        posix_spawn_file_actions_addchdir_np(&actions, directory)
    }
    #else
    /// glibc 2.29+ changes the child's directory as a spawn action; its header hides the function from
    /// Swift, so it is looked up by name.
    private static func changeDirectory(
        _ actions: inout posix_spawn_file_actions_t, to directory: String
    ) throws(Failure) {
        typealias ChangeDirectory =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
            throw Failure(reason: "this C library cannot start a child in another directory")
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
