import Basics

/// The declaration of one command: its name, what it is for, its options and positional arguments.
///
/// A command parses its arguments with ``parse(_:)`` and renders its own `--help` with ``helpText``.
/// `-h` and `--help` are always understood and never need declaring.
package struct CommandSpec: Sendable {
    /// The full command name as typed, e.g. `mockweather serve`.
    package let name: String
    /// One sentence saying what the command does.
    package let abstract: String
    /// Longer help shown after the options (paragraphs, examples); may be empty.
    package let discussion: String
    /// The options the command accepts, in the order help lists them.
    package let options: [OptionSpec]
    /// The positional arguments, in order; only the last may be variadic.
    package let positionals: [PositionalSpec]

    /// Creates a command declaration.
    ///
    /// Declaring two options with the same name, or a variadic positional that is not last, is a
    /// programming error and traps.
    package init(
        name: String,
        abstract: String,
        discussion: String = "",
        options: [OptionSpec] = [],
        positionals: [PositionalSpec] = []
    ) {
        let names = options.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
        precondition(Set(names).count == names.count, "\(name): an option name is declared twice")
        precondition(
            positionals.dropLast().allSatisfy { !$0.isVariadic },
            "\(name): only the last positional argument may be variadic"
        )
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
    }

    /// Parses `arguments` (without the program and subcommand names) against this declaration.
    ///
    /// Accepts `--name value`, `--name=value`, `-n value`, flags anywhere among positionals, and `--`
    /// to end option parsing. An option's value is taken as given even when it starts with `-`
    /// (so `--at -33.9,151.2` works). When `-h` or `--help` appears before `--`, the result has
    /// ``ParsedArguments/isHelpRequested`` set and other problems are not reported.
    ///
    /// - Throws: ``UsageError`` naming the first unknown, duplicated or malformed option or argument.
    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            return ParsedArguments(command: self, values: [:], positionals: [], isHelpRequested: true)
        }
        var values: [String: [String]] = [:]
        var positionalValues: [String] = []
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Self.looksLikeNumber(argument) {
                positionalValues.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (written, inlineValue) = Self.split(argument)
            guard let option = option(named: written) else {
                let known = options.map(\.name) + ["--help"]
                throw .unknownOption(written, suggestion: Suggestions.closest(to: written, among: known))
            }
            if values[option.name] != nil, !option.isRepeatable {
                throw .duplicateOption(option.name)
            }
            switch option.kind {
            case .flag:
                if let inlineValue { throw .unexpectedValue(option: option.name, value: inlineValue) }
                values[option.name, default: []].append("")
            case .value(let valueName):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.endIndex {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .missingValue(option: option.name, valueName: valueName)
                }
                if value.isEmpty { throw .missingValue(option: option.name, valueName: valueName) }
                values[option.name, default: []].append(value)
            }
        }
        try checkPositionals(positionalValues)
        return ParsedArguments(command: self, values: values, positionals: positionalValues, isHelpRequested: false)
    }

    /// The declared option with this long or short name.
    func option(named written: String) -> OptionSpec? {
        options.first { $0.name == written || $0.shortName == written }
    }

    private func checkPositionals(_ given: [String]) throws(UsageError) {
        let takesAnyNumber = positionals.last?.isVariadic ?? false
        if !takesAnyNumber, given.count > positionals.count {
            throw .unexpectedArgument(given[positionals.count])
        }
        let required = positionals.filter { !$0.isOptional }
        if given.count < required.count {
            throw .missingArgument(required[given.count].name)
        }
    }

    /// Splits `--name=value` into its parts; `--name` has no inline value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// A negative number such as `-33.5` is a positional value, not an option.
    private static func looksLikeNumber(_ argument: String) -> Bool {
        argument.count > 1 && Double(argument) != nil
    }
}
