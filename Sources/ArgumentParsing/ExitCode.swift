/// Process exit statuses shared by the executables, following BSD `sysexits.h` where one applies.
package enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything worked.
    case success = 0
    /// The command ran but reported a failure (a failed check, a drifted cassette, a failed batch).
    case failure = 1
    /// The command line was wrong: an unknown option, a missing or malformed value (`EX_USAGE`).
    case usage = 64
    /// An input file was wrong: an invalid cassette or trace (`EX_DATAERR`).
    case dataError = 65
    /// An input file could not be opened or read (`EX_NOINPUT`).
    case noInput = 66
    /// A service the command needs was unavailable: a port in use, an unreachable upstream (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// An internal error that is a bug in this program (`EX_SOFTWARE`).
    case software = 70
    /// An output file could not be created or written (`EX_CANTCREAT`).
    case cannotCreate = 73
    /// The command was interrupted by SIGINT (128 + 2, as shells report it).
    case interrupted = 130
}
