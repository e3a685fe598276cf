import ArgumentParsing
import Foundation
import MockEngine
import MockProviders
import MockRecording

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
        do {
            let library = CassetteLibrary(
                cassettes: try CassetteLoader.load(directory: directory, providers: Providers.all),
                providers: Providers.all)
            Console.standardOutput.write(CassetteListing.table(for: library))
            return .success
        } catch {
            Console.standardError.writeLine("mockweather list: \(CassetteDirectoryOption.message(for: error))")
            return ValidateCommand.exitCode(for: error)
        }
    }
}
