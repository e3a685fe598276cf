import ArgumentParsing
import MockEngine
import MockProviders
import MockRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mockweather validate [DIR]`: every problem of every cassette file, or a one-line "ok".
enum ValidateCommand {
    static let maxAge = OptionSpec.option(
        "--max-age", value: "DURATION",
        help: "Warn about recorded cassettes whose recordedAt is older than this ('90d', '12h').")
    static let strict = OptionSpec.flag("--strict", help: "With --max-age: fail (exit 65) instead of warning.")

    static let spec = CommandSpec(
        name: "mockweather validate",
        abstract: "Check cassettes and list every problem (file, line, JSON path, what is wrong).",
        discussion: CassetteDirectoryOption.discussion
            + "\n\nEXIT STATUS: 0 when every cassette is valid (stale recordings only warn unless --strict), 65 when "
            + "there are problems, no such directory, or --strict and a recording older than --max-age.",
        options: [maxAge, strict],
        positionals: [PositionalSpec("DIR", help: "The cassette directory.", optional: true)]
    )

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        let maximumAge = try arguments.duration(maxAge)
        if arguments.flag(strict), maximumAge == nil { throw .other("'--strict' needs '--max-age DURATION'") }
        let (directory, _) = CassetteDirectoryOption.resolve(arguments.positional(0))
        let report = CassetteLoader.loadReporting(directory: directory, providers: Providers.all)
        // Named whether or not the rest is valid: a skipped entry is often the cassette that was meant.
        for entry in report.skipped {
            Console.standardOutput.writeLine(entry.logText)
        }
        do {
            let cassettes = try report.result.get()
            guard !cassettes.isEmpty else {
                Console.standardOutput.writeLine(
                    "no cassette files (*.json) under \(LogText.escapingControlCharacters(directory.path))")
                return .dataError
            }
            let interactions = cassettes.reduce(0) { $0 + $1.interactionCount }
            Console.standardOutput.writeLine(
                "ok: \(cassettes.count) cassettes, \(interactions) interactions in "
                    + LogText.escapingControlCharacters(directory.path))
            guard let maximumAge, let limit = arguments.value(maxAge) else { return .success }
            let stale = StaleCassette.find(in: cassettes, olderThan: maximumAge)
            let level = arguments.flag(strict) ? "error" : "warning"
            for cassette in stale {
                Console.standardOutput.writeLine(
                    "\(level): \(cassette) (more than --max-age \(limit)); refresh it with 'mockweather record' or "
                        + "'mockweather serve --record all'")
            }
            return arguments.flag(strict) && !stale.isEmpty ? .dataError : .success
        } catch {
            Console.standardOutput.writeLine(CassetteDirectoryOption.message(for: error))
            return exitCode(for: error)
        }
    }

    /// Invalid cassettes and a missing directory are both bad input data (`EX_DATAERR`).
    static func exitCode(for error: CassetteLoadError) -> ExitCode { .dataError }
}
