import ArgumentParsing
import MockEngine
import MockProviders
import MockRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mockweather verify`: has the live API drifted from the recorded cassettes? Writes nothing.
enum VerifyCommand {
    static let cassettes = ServeCommand.cassettes

    static let spec = CommandSpec(
        name: "mockweather verify",
        abstract: "Replay the recorded cassettes' requests against the live API and report shape drift.",
        discussion: """
            For each cassette with "source": "recorded", sends its request upstream and compares the answer with \\
            the recording: the status, and fields added, removed or retyped by JSON path ($.main.temp_kf). \\
            Fields that come and go with the weather or the place (rain, snow, wind.gust, visibility, local_names, \\
            ...) are listed but are not drift. Nothing is written.

            \\(CassetteDirectoryOption.discussion)

            EXIT STATUS: 0 when every recorded cassette has the same shape, 1 when any drifted, 64 usage (also no \\
            key), 65 invalid cassettes, 69 when some could not be checked (upstream failure, key rejected).
            """,
        options: [cassettes] + UpstreamOptions.all,
        positionals: [PositionalSpec("DIR", help: "The cassette directory (or --cassettes).", optional: true)]
    )

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        if arguments.contains(cassettes), arguments.positional(0) != nil {
            throw .conflictingOptions(cassettes.name, "DIR")
        }
        let scrubber = try UpstreamOptions.scrubber(arguments)
        let keys = try UpstreamOptions.keys(arguments)
        guard !keys.isEmpty else {
            throw .other(UpstreamOptions.missingKeyMessage("'verify'"))
        }
        let access = try UpstreamOptions.access(arguments, keys: keys)
        let (directory, _) = CassetteDirectoryOption.resolve(arguments.value(cassettes) ?? arguments.positional(0))
        let report: VerifyReport
        do {
            report = try await CassetteVerifier.verify(
                directory: directory, access: access, providers: Providers.all, scrubber: scrubber,
                progress: UpstreamOptions.progressLine)
        } catch {
            UpstreamOptions.endProgress()
            Console.standardError.writeLine("mockweather verify: \(CassetteDirectoryOption.message(for: error))")
            return .dataError
        }
        UpstreamOptions.endProgress()
        Console.standardOutput.write(report.description)
        if report.hasDrift { return .failure }
        return report.uncheckedCount > 0 ? .unavailable : .success
    }
}
