import Basics

/// A program made of subcommands, such as `mockweather serve | record | validate | list | verify`.
///
/// ``resolve(_:)`` picks the subcommand and parses its arguments; `--help`, `-h` and `help SUBCOMMAND`
/// give help, and `--version` the version.
package struct CommandGroup: Sendable {
    /// The program name, e.g. `mockweather`.
    package let name: String
    /// One sentence saying what the program is for.
    package let abstract: String
    /// The version string printed by `--version`.
    package let version: String
    /// The subcommands; each one's ``CommandSpec/name`` is the program name, a space, and its own name.
    package let subcommands: [CommandSpec]

    /// Creates a program declaration. A subcommand whose name does not start with the program name traps.
    package init(name: String, abstract: String, version: String, subcommands: [CommandSpec]) {
        precondition(subcommands.allSatisfy { $0.name.hasPrefix(name + " ") }, "subcommands are named '\(name) X'")
        self.name = name
        self.abstract = abstract
        self.version = version
        self.subcommands = subcommands
    }

    /// What a command line asks the program to do.
    package enum Invocation: Sendable {
        /// Print this help text and exit successfully.
        case help(String)
        /// Print the version and exit successfully.
        case version(String)
        /// Run this subcommand with these arguments.
        case run(CommandSpec, ParsedArguments)
    }

    /// Chooses the subcommand named by the first argument and parses the rest against it.
    ///
    /// - Throws: ``UsageError`` for a missing or unknown subcommand (with a suggestion when one is close)
    ///   or for any problem in the subcommand's own arguments.
    package func resolve(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else {
            throw .missingSubcommand(available: subcommandNames)
        }
        switch first {
        case "--help", "-h":
            return .help(helpText)
        case "--version":
            return .version(version)
        case "help":
            guard let topic = arguments.dropFirst().first else { return .help(helpText) }
            return .help(try subcommand(named: topic).helpText)
        default:
            let command = try subcommand(named: first)
            let parsed = try command.parse(Array(arguments.dropFirst()))
            return parsed.isHelpRequested ? .help(command.helpText) : .run(command, parsed)
        }
    }

    /// The command a usage error in `arguments` belongs to, for its report: `mockweather serve` when the
    /// first argument names a subcommand, otherwise the program itself.
    package func commandName(for arguments: [String]) -> String {
        guard let first = arguments.first, let command = subcommands.first(where: { shortName(of: $0) == first })
        else { return name }
        return command.name
    }

    /// The program's own help: what it is for and its subcommands with their abstracts.
    package var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(name) <subcommand> [options]", "", "SUBCOMMANDS:"]
        for command in subcommands {
            lines += formatEntry(label: shortName(of: command), help: command.abstract)
        }
        lines += ["", "  See '\(name) help <subcommand>' or '\(name) <subcommand> --help' for details."]
        lines += ["", "OPTIONS:"]
        lines += formatEntry(label: "--version", help: "Print the version.")
        lines += formatEntry(label: "-h, --help", help: "Show this help.")
        return lines.joined(separator: "\n") + "\n"
    }

    private var subcommandNames: [String] {
        subcommands.map(shortName(of:))
    }

    private func shortName(of command: CommandSpec) -> String {
        String(command.name.dropFirst(name.count + 1))
    }

    private func subcommand(named given: String) throws(UsageError) -> CommandSpec {
        if let command = subcommands.first(where: { shortName(of: $0) == given }) {
            return command
        }
        if given.hasPrefix("-") {
            throw .unknownOption(given, suggestion: Suggestions.closest(to: given, among: ["--help", "--version"]))
        }
        throw .unknownSubcommand(given, suggestion: Suggestions.closest(to: given, among: subcommandNames))
    }
}

extension UsageError {
    /// The text an executable prints to standard error: the command, the problem, and where to find help.
    package func report(command: String) -> String {
        "\(command): \(description)\nRun '\(command) --help' for usage.\n"
    }
}
