// mockweather: parse the command line, run the chosen subcommand from MockWeather, exit with a
// sysexits status. Logic lives in the library; this file only dispatches.
import ArgumentParsing
import MockWeather

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let program = CommandGroup(
    name: "mockweather",
    abstract: "A mock OpenWeatherMap server that replays JSON cassettes.",
    version: "mockweather \(MockWeatherVersion.current)",
    subcommands: [
        ServeCommand.spec, RecordCommand.spec, ImportCommand.spec, ExportCommand.spec, VerifyCommand.spec,
        ValidateCommand.spec,
        ListCommand.spec,
    ]
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
        switch command.name {
        case ServeCommand.spec.name: status = try await ServeCommand.run(arguments)
        case RecordCommand.spec.name: status = try await RecordCommand.run(arguments)
        case ImportCommand.spec.name: status = try ImportCommand.run(arguments)
        case ExportCommand.spec.name: status = try ExportCommand.run(arguments)
        case VerifyCommand.spec.name: status = try await VerifyCommand.run(arguments)
        case ValidateCommand.spec.name: status = try ValidateCommand.run(arguments)
        default: status = ListCommand.run(arguments)
        }
    }
} catch {
    Console.standardError.write(error.report(command: program.commandName(for: arguments)))
    status = .usage
}
exit(status.rawValue)
