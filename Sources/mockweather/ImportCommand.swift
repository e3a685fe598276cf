import ArgumentParsing
import Basics
import MockEngine
import MockProviders
import MockRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mockweather import FILE.har`: cassettes from a capture saved by Proxyman, Charles, mitmproxy or a
/// browser's dev tools.
enum ImportCommand {
    static let cassettes = OptionSpec.option(
        "--cassettes", value: "DIR", help: "Write under DIR/imported/.",
        default: "$MOCKWEATHER_CASSETTES, else ./Cassettes (created)")
    static let host = OptionSpec.option(
        "--host", value: "HOST",
        help: "Also import exchanges with HOST or HOST:PORT (repeatable); "
            + Providers.all.hosts.joined(separator: ", ") + " always are.",
        repeatable: true)
    static let dryRun = OptionSpec.flag("--dry-run", help: "Print what would be written; write nothing.")

    static let spec = CommandSpec(
        name: "mockweather import",
        abstract: "Turn the exchanges of a HAR capture with the mocked APIs into cassettes.",
        discussion: """
            Reads a HAR 1.2 archive (also gzip-compressed) as browser dev tools, Proxyman, Charles, mitmproxy and \
            HAR-based test tools save it, and writes one cassette per request under DIR/imported/, named as \
            record mode names them (imported/current/q-seoul.json), with "source": "imported", the archive's \
            creator and each entry's time as recordedAt. The same request answered several times becomes a \
            sequence in the order seen. API keys are scrubbed from every file and message. An existing cassette \
            is never overwritten. Entries that cannot be replayed (no response, WebSocket, CONNECT, a body the \
            tool did not keep or that does not decode) are listed with their entry index and field.

            EXAMPLE: mockweather import ~/Desktop/Proxyman.har --dry-run

            EXIT STATUS: 0 when every entry of the mocked APIs was imported, 1 when any was skipped (or there was none), \
            64 usage, 65 the file is not a HAR archive, 66 the file cannot be read, 73 a cassette cannot be written.
            """,
        options: [cassettes, host, dryRun, UpstreamOptions.scrub],
        positionals: [PositionalSpec("FILE", help: "The HAR archive (.har, .har.gz, .zhar).")]
    )

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        let path = arguments.positional(0) ?? ""
        for value in arguments.values(host) where !HARImporter.isHostPattern(value) {
            throw .invalidValue(
                option: host.name, value: value,
                expected: "a host or host:port such as api.example.com or 127.0.0.1:8080")
        }
        let scrubber = try UpstreamOptions.scrubber(arguments)
        let bytes: [UInt8]
        switch CassetteFiles.read(path, atMost: HARImportBudget.maximumArchiveBytes, kind: "a HAR archive") {
        case .success(let read): bytes = read
        case .failure(let error):
            Console.standardError.writeLine(
                "mockweather import: cannot read \(LogText.escapingControlCharacters(path)): \(error)")
            return .noInput
        }
        let directory = try UpstreamOptions.recordingDirectory(
            arguments.value(cassettes), creating: !arguments.flag(dryRun)
        ).directory
        var options = HARImportOptions(directory: directory, providers: Providers.all)
        options.extraHosts = arguments.values(host).map { $0.lowercased() }
        options.dryRun = arguments.flag(dryRun)
        options.scrubber = scrubber
        let report: HARImportReport
        do {
            report = try HARImporter.importArchive(
                bytes, file: String(path.split(separator: "/").last ?? Substring(path)), options: options)
        } catch {
            Console.standardError.writeLine(
                error.isOverBudget
                    ? "mockweather import: \(path) is more than one import takes:"
                    : "mockweather import: \(path) is not a HAR archive mockweather can read:")
            Console.standardError.writeLine("\(error)")
            return .dataError
        }
        Console.standardOutput.write(report.description)
        if report.writeFailures > 0 { return .cannotCreate }
        return report.skippedCount > 0 || report.isEmpty ? .failure : .success
    }
}
