import ArgumentParsing
import MockEngine
import MockProviders
import MockRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mockweather list [DIR]`: the cassettes as a table.
enum ListCommand {
    static let spec = CommandSpec(
        name: "mockweather list",
        abstract: "Print the cassettes as a table: name, source, request, match and status.",
        discussion: CassetteDirectoryOption.discussion,
        positionals: [PositionalSpec("DIR", help: "The cassette directory.", optional: true)]
    )

    static func run(_ arguments: ParsedArguments) -> ExitCode {
        let (directory, _) = CassetteDirectoryOption.resolve(arguments.positional(0))
        let report = CassetteLoader.loadReporting(directory: directory, providers: Providers.all)
        // On standard error, so the table on standard output stays a table for scripts.
        for entry in report.skipped {
            Console.standardError.writeLine("mockweather list: \(entry.logText)")
        }
        do {
            let library = CassetteLibrary(cassettes: try report.result.get(), providers: Providers.all)
            Console.standardOutput.write(CassetteListing.table(for: library))
            return .success
        } catch {
            Console.standardError.writeLine("mockweather list: \(CassetteDirectoryOption.message(for: error))")
            return ValidateCommand.exitCode(for: error)
        }
    }
}
