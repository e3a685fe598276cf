/// One option a command accepts: a boolean flag (`--watch`) or an option that takes a value (`--port 8080`,
/// `--port=8080`).
///
/// Declare options as static constants next to the command that uses them, then read their values from
/// ``ParsedArguments`` with the same constant, so a misspelt name is a compile error rather than a
/// silently missing value.
package struct OptionSpec: Sendable, Hashable {
    /// Whether an option is a flag or takes a value.
    package enum Kind: Sendable, Hashable {
        /// Present or absent; never takes a value.
        case flag
        /// Takes one value, shown in help as `valueName` (e.g. `PORT`).
        case value(valueName: String)
    }

    /// The long name including its dashes, e.g. `--port`.
    package let name: String
    /// An optional one-letter alias including its dash, e.g. `-p`.
    package let shortName: String?
    /// Flag or value.
    package let kind: Kind
    /// One line (or a few) of help text.
    package let help: String
    /// What the command uses when the option is absent, shown in help as `(default: ...)`.
    package let defaultDescription: String?
    /// Whether the option may be given more than once (its values are then collected in order).
    package let isRepeatable: Bool

    /// Creates an option; prefer the ``flag(_:short:help:)`` and ``option(_:short:value:help:default:repeatable:)``
    /// factories, which read better at the declaration site.
    package init(
        name: String,
        shortName: String? = nil,
        kind: Kind,
        help: String,
        defaultDescription: String? = nil,
        isRepeatable: Bool = false
    ) {
        precondition(name.hasPrefix("--") && name.count > 2, "option names start with '--': \(name)")
        precondition(shortName.map { $0.hasPrefix("-") && $0.count == 2 } ?? true, "short names look like '-p'")
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.help = help
        self.defaultDescription = defaultDescription
        self.isRepeatable = isRepeatable
    }

    /// A boolean flag such as `--watch`.
    package static func flag(_ name: String, short: String? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: short, kind: .flag, help: help)
    }

    /// An option that takes a value, such as `--port PORT`.
    package static func option(
        _ name: String,
        short: String? = nil,
        value valueName: String,
        help: String,
        default defaultDescription: String? = nil,
        repeatable: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name,
            shortName: short,
            kind: .value(valueName: valueName),
            help: help,
            defaultDescription: defaultDescription,
            isRepeatable: repeatable
        )
    }

    /// Whether the option takes a value.
    package var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// The option as it appears in a usage line: `--watch` or `--port PORT`.
    package var synopsis: String {
        switch kind {
        case .flag: name
        case .value(let valueName): "\(name) \(valueName)"
        }
    }
}

/// A positional argument, such as the `DIR` of `mockweather validate [DIR]`.
package struct PositionalSpec: Sendable, Hashable {
    /// The name shown in usage and help, e.g. `DIR` or `trace.json`.
    package let name: String
    /// Help text.
    package let help: String
    /// Whether the argument may be left out.
    package let isOptional: Bool
    /// Whether the argument takes every remaining positional value (only the last positional may).
    package let isVariadic: Bool

    /// Creates a positional argument.
    package init(_ name: String, help: String, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isVariadic = variadic
    }
}
