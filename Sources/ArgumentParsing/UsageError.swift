/// A command line that cannot be run, with a message that names the offending option or value.
///
/// Executables print the ``description`` to standard error, followed by a hint to run `--help`, and exit
/// with ``ExitCode/usage``.
package enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option the command does not know; `suggestion` is the closest known option, if one is close.
    case unknownOption(String, suggestion: String?)
    /// A subcommand the program does not know; `suggestion` is the closest known one, if one is close.
    case unknownSubcommand(String, suggestion: String?)
    /// No subcommand was given to a program that needs one.
    case missingSubcommand(available: [String])
    /// An option that takes a value was last on the command line, or given as `--name=`.
    case missingValue(option: String, valueName: String)
    /// A flag was given a value with `--flag=value`.
    case unexpectedValue(option: String, value: String)
    /// A non-repeatable option was given more than once.
    case duplicateOption(String)
    /// A value that could not be used: `expected` says what would have been accepted.
    case invalidValue(option: String, value: String, expected: String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String)
    /// A required positional argument is missing.
    case missingArgument(String)
    /// Two options that cannot be used together.
    case conflictingOptions(String, String)
    /// Any other problem with the command line, already phrased for a person.
    case other(String)

    /// A one-line explanation naming what was wrong.
    package var description: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownSubcommand(let name, let suggestion):
            "unknown subcommand '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingSubcommand(let available):
            "missing subcommand; expected one of: \(available.joined(separator: ", "))"
        case .missingValue(let option, let valueName):
            "option '\(option)' needs a value (\(valueName))"
        case .unexpectedValue(let option, let value):
            "option '\(option)' is a flag and takes no value, but was given '\(value)'"
        case .duplicateOption(let option):
            "option '\(option)' was given more than once"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '\(option)': expected \(expected)"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)'"
        case .missingArgument(let name):
            "missing argument \(name)"
        case .conflictingOptions(let first, let second):
            "options '\(first)' and '\(second)' cannot be used together"
        case .other(let message):
            message
        }
    }
}
