import ArgumentParsing
import Foundation
import MockWeather

/// `mockweather validate [DIR]`: every problem of every cassette file, or a one-line "ok".
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "mockweather validate",
        abstract: "Check cassettes and list every problem (file, line, JSON path, what is wrong).",
        discussion: CassetteDirectoryOption.discussion
            + "\n\nEXIT STATUS: 0 when every cassette is valid, 65 when there are problems or no such directory.",
        positionals: [PositionalSpec("DIR", help: "The cassette directory.", optional: true)]
    )

    static func run(_ arguments: ParsedArguments) -> ExitCode {
        let (directory, _) = CassetteDirectoryOption.resolve(arguments.positional(0))
        do {
            let cassettes = try CassetteLoader.load(directory: directory)
            guard !cassettes.isEmpty else {
                Console.standardOutput.writeLine("no cassette files (*.json) under \(directory.path)")
                return .dataError
            }
            let interactions = cassettes.reduce(0) { $0 + $1.interactionCount }
            Console.standardOutput.writeLine(
                "ok: \(cassettes.count) cassettes, \(interactions) interactions in \(directory.path)")
            return .success
        } catch {
            Console.standardOutput.writeLine(error.description)
            return exitCode(for: error)
        }
    }

    /// Invalid cassettes and a missing directory are both bad input data (`EX_DATAERR`).
    static func exitCode(for error: CassetteLoadError) -> ExitCode { .dataError }
}
