package import Basics

/// The result of parsing a command line against a ``CommandSpec``: the values given for each option and
/// the positional arguments, with typed accessors that report a bad value as a ``UsageError`` naming the
/// option and the value.
package struct ParsedArguments: Sendable {
    /// The command these arguments were parsed for.
    package let command: CommandSpec
    /// The positional arguments in the order given.
    package let positionals: [String]
    /// Whether `-h` or `--help` was given; when it is, nothing else was checked.
    package let isHelpRequested: Bool
    private let values: [String: [String]]

    init(command: CommandSpec, values: [String: [String]], positionals: [String], isHelpRequested: Bool) {
        self.command = command
        self.values = values
        self.positionals = positionals
        self.isHelpRequested = isHelpRequested
    }

    /// Whether the option was given at all (a flag, or a value option with any value).
    package func contains(_ option: OptionSpec) -> Bool {
        values[option.name] != nil
    }

    /// Whether a flag was given.
    package func flag(_ option: OptionSpec) -> Bool {
        contains(option)
    }

    /// The value of a single-valued option, or `nil` when it was not given.
    package func value(_ option: OptionSpec) -> String? {
        values[option.name]?.last
    }

    /// Every value of a repeatable option, in the order given (empty when it was not given).
    package func values(_ option: OptionSpec) -> [String] {
        values[option.name] ?? []
    }

    /// The positional argument at `index`, or `nil` when fewer were given.
    package func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }

    /// The option's value as an integer within `range`, or `nil` when it was not given.
    ///
    /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` when the value is not an integer in range.
    package func integer(_ option: OptionSpec, in range: ClosedRange<Int>? = nil) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.map({ $0.contains(number) }) ?? true else {
            let expected = range.map { "an integer from \($0.lowerBound) to \($0.upperBound)" } ?? "an integer"
            throw .invalidValue(option: option.name, value: text, expected: expected)
        }
        return number
    }

    /// The option's value as a finite number within `range`, or `nil` when it was not given.
    ///
    /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` when the value is not a number in range.
    package func number(_ option: OptionSpec, in range: ClosedRange<Double>? = nil) throws(UsageError) -> Double? {
        guard let text = value(option) else { return nil }
        guard let number = Double(text), number.isFinite, range.map({ $0.contains(number) }) ?? true else {
            let expected = range.map { "a number from \($0.lowerBound) to \($0.upperBound)" } ?? "a number"
            throw .invalidValue(option: option.name, value: text, expected: expected)
        }
        return number
    }

    /// The option's value when it is one of `choices` (compared exactly), or `nil` when it was not given.
    ///
    /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` listing the choices.
    package func choice(_ option: OptionSpec, among choices: [String]) throws(UsageError) -> String? {
        guard let text = value(option) else { return nil }
        guard choices.contains(text) else {
            let expected = "one of " + choices.map { "'\($0)'" }.joined(separator: ", ")
            throw .invalidValue(option: option.name, value: text, expected: expected)
        }
        return text
    }

    /// The option's value as a case of a closed set, or `nil` when not given.
    ///
    /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` listing every case's name.
    package func choice<Choice: CaseIterable & RawRepresentable<String>>(
        _ option: OptionSpec, as _: Choice.Type
    ) throws(UsageError) -> Choice? {
        try choice(option, among: Choice.allCases.map(\.rawValue)).flatMap(Choice.init(rawValue:))
    }

    /// The option's value as a duration such as `250ms`, `3s`, `5m`, `2h` or `90d`, or `nil` when not given.
    ///
    /// A bare number is read in `defaultUnit` when one is given, and rejected otherwise.
    ///
    /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` when the value is not a duration.
    package func duration(_ option: OptionSpec, defaultUnit: DurationUnit? = nil) throws(UsageError) -> Duration? {
        guard let text = value(option) else { return nil }
        guard let duration = parseDuration(text, defaultUnit: defaultUnit) else {
            let bare = defaultUnit.map { " (a bare number is in \($0.rawValue))" } ?? ""
            throw .invalidValue(
                option: option.name,
                value: text,
                expected: "a duration such as 250ms, 3s, 5m, 2h or 90d\(bare)"
            )
        }
        return duration
    }
}
