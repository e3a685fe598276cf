// What the two command plugins do with the arguments SwiftPM hands them, as pure functions of the
// arguments, the environment's MOCKWEATHER_CASSETTES and the cassette folders found on disk.
// Plugins/MockWeatherRecordCommand links to this file (a symbolic link): SwiftPM gives plugin targets
// no library to share, and one rule must not be written twice.

/// The two verbs this package adds to `swift package`. They are two plugins because SwiftPM asks for
/// a plugin's permissions on every run of its verb: one verb that could record would stop `validate`
/// in CI until someone passed `--allow-network-connections` and `--allow-writing-to-package-directory`.
enum PluginVerb: Equatable {
    /// `swift package mockweather`: asks for no permission; reads cassettes and prints.
    case readOnly
    /// `swift package mockweather-record`: may reach the live APIs on port 443 and write into the
    /// package directory, once SwiftPM has asked the user (or been given the flags).
    case recording

    /// The verb as typed after `swift package`.
    var name: String {
        switch self {
        case .readOnly: "mockweather"
        case .recording: "mockweather-record"
        }
    }

    /// The `swift package` flags that grant `mockweather-record` its permissions without a prompt.
    static let recordingFlags = "--allow-network-connections all:443 --allow-writing-to-package-directory"
}

/// Where the cassette directory of a run comes from.
enum CassetteDirectoryOrigin: Equatable {
    /// The arguments name it (`--cassettes DIR`, `--out DIR`, or validate's, list's and verify's DIR):
    /// passed through untouched.
    case arguments
    /// `MOCKWEATHER_CASSETTES` is set: the tool reads it as it always does.
    case environment(String)
    /// The plugin's search found it: `path` relative to the package; `others` are further matches.
    case found(path: String, others: [String])
}

/// What a plugin run does.
enum InvocationPlan: Equatable {
    /// Run `mockweather` with `arguments` (`synthesize` with `--out DIR` appended when the plugin
    /// chose its directory, since it reads no environment), with `MOCKWEATHER_CASSETTES` set to
    /// `cassettesVariable` when that is not nil. `origin` says where the directory came from (nil:
    /// no subcommand that reads one).
    case run(arguments: [String], origin: CassetteDirectoryOrigin?, cassettesVariable: String?)
    /// Run nothing: print `message` and fail.
    case refuse(message: String)
}

/// The rules: which subcommand runs under which verb, and which cassette directory it gets.
enum InvocationPlanning {
    /// Subcommands that only read cassettes: both verbs run them.
    static let readOnlySubcommands: Set<String> = ["validate", "list"]
    /// Subcommands that reach the live APIs (`record`, `verify`) or write files (`record`, `import`,
    /// `export`, `synthesize`): only `mockweather-record` runs them.
    static let permissionSubcommands: Set<String> = ["record", "verify", "import", "export", "synthesize"]
    /// Options of `validate`, `list` and `verify` that take a value, so that their value is not read as
    /// the DIR argument.
    static let valueOptions: Set<String> = [
        "--max-age", "--cassettes", "--api-key", "--upstream", "--upstream-timeout", "--scrub",
    ]
    /// Subcommands whose DIR argument names the cassette directory.
    static let directoryArgumentSubcommands: Set<String> = ["validate", "list", "verify"]
    /// Subcommands that take their directory only as DIR (see `cassettesOptionAsArgument`).
    static let cassettesAsDirectoryArgument: Set<String> = ["validate", "list"]
    /// `synthesize` takes its directory as `--out DIR` and reads no MOCKWEATHER_CASSETTES.
    static let passesDirectoryAsOut: Set<String> = ["synthesize"]

    /// The plan for `arguments` under `verb`. `environmentCassettes` is MOCKWEATHER_CASSETTES (empty
    /// counts as unset, as the tool counts it); `found` are the cassette folders the search found, in
    /// its order, relative to the package; `searched` says where it looked, for the error when none
    /// was found; `firstTestTarget` names the folder to suggest then.
    static func plan(
        verb: PluginVerb, arguments: [String], environmentCassettes: String?, found: [String], searched: String,
        firstTestTarget: String?
    ) -> InvocationPlan {
        // Help, the version, or no subcommand: the tool prints them, whatever the verb.
        guard let subcommand = subcommand(of: arguments),
            !arguments.contains(where: { ["-h", "--help", "--version"].contains($0) }), subcommand != "help"
        else { return .run(arguments: arguments, origin: nil, cassettesVariable: nil) }
        if subcommand == "serve" {
            return .refuse(
                message: "'serve' runs until stopped and listens on a port, which a plugin's sandbox does not allow; "
                    + "run it as 'swift run mockweather serve --cassettes DIR' (the package's executable product)")
        }
        if verb == .readOnly && permissionSubcommands.contains(subcommand) {
            return .refuse(
                message: "'\(subcommand)' reaches the live APIs or writes into the package, and "
                    + "'swift package mockweather' asks for no permission (so that validate and list never "
                    + "prompt); run 'swift package \(PluginVerb.recordingFlags) mockweather-record "
                    + "\(subcommand) ...'")
        }
        guard readOnlySubcommands.contains(subcommand) || permissionSubcommands.contains(subcommand) else {
            // Not a subcommand: the tool names it and suggests the nearest one.
            return .run(arguments: arguments, origin: nil, cassettesVariable: nil)
        }
        if namesDirectory(subcommand: subcommand, arguments: arguments) {
            return .run(
                arguments: cassettesOptionAsArgument(subcommand: subcommand, arguments: arguments), origin: .arguments,
                cassettesVariable: nil)
        }
        if let environmentCassettes, !environmentCassettes.isEmpty, !passesDirectoryAsOut.contains(subcommand) {
            return .run(arguments: arguments, origin: .environment(environmentCassettes), cassettesVariable: nil)
        }
        guard let first = found.first else {
            let suggestion = firstTestTarget.map { "Tests/\($0)/Cassettes" } ?? "Tests/MyAppTests/Cassettes"
            return .refuse(
                message: "no cassette directory found: looked for \(searched); create one (\(suggestion), beside "
                    + "the tests that read it with .directory(relativeTo: #filePath, \"Cassettes\")) or name one "
                    + "with --cassettes DIR")
        }
        let origin = CassetteDirectoryOrigin.found(path: first, others: Array(found.dropFirst()))
        if passesDirectoryAsOut.contains(subcommand) {
            return .run(arguments: arguments + ["--out", first], origin: origin, cassettesVariable: nil)
        }
        return .run(arguments: arguments, origin: origin, cassettesVariable: first)
    }

    /// Whether `arguments` name the cassette directory themselves: `--cassettes`, `synthesize`'s
    /// `--out`, or a DIR argument of `validate`, `list` and `verify` (the first word after the
    /// subcommand that is neither an option nor an option's value).
    static func namesDirectory(subcommand: String, arguments: [String]) -> Bool {
        let options = ["--cassettes"] + (passesDirectoryAsOut.contains(subcommand) ? ["--out"] : [])
        for argument in arguments where options.contains(where: { argument == $0 || argument.hasPrefix($0 + "=") }) {
            return true
        }
        guard directoryArgumentSubcommands.contains(subcommand),
            let start = arguments.firstIndex(of: subcommand)
        else { return false }
        var index = arguments.index(after: start)
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return arguments.index(after: index) < arguments.endIndex }
            if valueOptions.contains(argument) {
                index += 2
                continue
            }
            if !argument.hasPrefix("-") { return true }
            index += 1
        }
        return false
    }

    /// `arguments` with `--cassettes DIR` (or `--cassettes=DIR`) turned into the DIR argument for
    /// `validate` and `list`, which take no `--cassettes`: through the plugin, `--cassettes DIR`
    /// names the directory for every subcommand. Other arguments keep their order; DIR goes last.
    static func cassettesOptionAsArgument(subcommand: String, arguments: [String]) -> [String] {
        guard cassettesAsDirectoryArgument.contains(subcommand) else { return arguments }
        var kept: [String] = []
        var directories: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--cassettes", arguments.index(after: index) < arguments.endIndex {
                directories.append(arguments[arguments.index(after: index)])
                index += 2
                continue
            }
            if argument.hasPrefix("--cassettes=") {
                directories.append(String(argument.dropFirst("--cassettes=".count)))
            } else {
                kept.append(argument)
            }
            index += 1
        }
        return kept + directories
    }

    /// The line the plugin prints before running the tool: which cassette directory and why. Names
    /// only paths, never an argument (an `--api-key` value must not reach a log).
    static func announcement(subcommand: String?, origin: CassetteDirectoryOrigin?) -> String? {
        guard let subcommand, let origin else { return nil }
        switch origin {
        case .arguments:
            return nil
        case .environment(let value):
            return "mockweather \(subcommand): cassettes in \(value) (MOCKWEATHER_CASSETTES)"
        case .found(let path, let others):
            let also =
                others.isEmpty
                ? "" : "; also found \(others.joined(separator: ", ")): choose with --cassettes DIR"
            let why =
                path.hasPrefix("Tests/") ? "the first Tests/**/Cassettes" : "no Tests/**/Cassettes; the package's own"
            return "mockweather \(subcommand): cassettes in \(path) (\(why))\(also)"
        }
    }

    /// The subcommand of `arguments`: the first word that is not an option.
    static func subcommand(of arguments: [String]) -> String? {
        arguments.first(where: { !$0.hasPrefix("-") })
    }
}
