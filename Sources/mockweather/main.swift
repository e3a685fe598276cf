// mockweather: parse the command line, run the chosen subcommand, exit with a
// sysexits status. Logic lives in the library; this file only dispatches.
import ArgumentParsing
import Basics
import MockEngine
import MockProviders
import MockRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The subcommands, a closed set: each is listed once, and dispatch is a switch with a case for each.
enum Subcommand: CaseIterable {
    case serve, record, importHAR, exportHAR, verify, validate, list, synthesize, ca

    var spec: CommandSpec {
        switch self {
        case .serve: ServeCommand.spec
        case .record: RecordCommand.spec
        case .importHAR: ImportCommand.spec
        case .exportHAR: ExportCommand.spec
        case .verify: VerifyCommand.spec
        case .validate: ValidateCommand.spec
        case .list: ListCommand.spec
        case .synthesize: SynthesizeCommand.spec
        case .ca: CACommand.spec
        }
    }

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        switch self {
        case .serve: try await ServeCommand.run(arguments)
        case .record: try await RecordCommand.run(arguments)
        case .importHAR: try ImportCommand.run(arguments)
        case .exportHAR: try ExportCommand.run(arguments)
        case .verify: try await VerifyCommand.run(arguments)
        case .validate: try ValidateCommand.run(arguments)
        case .list: ListCommand.run(arguments)
        case .synthesize: try SynthesizeCommand.run(arguments)
        case .ca: try CACommand.run(arguments)
        }
    }
}

let program = CommandGroup(
    name: "mockweather",
    abstract:
        "A mock of OpenWeatherMap, Kakao Local and the KMA forecast API: replays JSON cassettes, and answers any "
        + "place and time from a synthetic world when asked.",
    version: "mockweather \(MockWeatherVersion.current)",
    subcommands: Subcommand.allCases.map(\.spec)
)

let arguments = Array(CommandLine.arguments.dropFirst())
let status: ExitCode
do throws(UsageError) {
    switch try program.resolve(arguments) {
    case .help(let text):
        Console.standardOutput.write(text)
        status = .success
    case .version(let version):
        Console.standardOutput.writeLine(version)
        status = .success
    case .run(let command, let arguments):
        // `resolve` hands back one of the specs it was given, so the name always finds its subcommand.
        guard let subcommand = Subcommand.allCases.first(where: { $0.spec.name == command.name }) else {
            preconditionFailure("CommandGroup resolved '\(command.name)', which is not one of its subcommands")
        }
        status = try await subcommand.run(arguments)
    }
} catch {
    Console.standardError.write(error.report(command: program.commandName(for: arguments)))
    status = .usage
}
exit(status.rawValue)
