import ArgumentParsing
import MockEngine
import MockProviders
import MockRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mockweather export --har FILE`: the cassettes as a HAR archive other tools open.
enum ExportCommand {
    static let har = OptionSpec.option(
        "--har", value: "FILE", help: "Write the archive to FILE (replaced atomically); '-' writes to standard output.")
    static let cassettes = ServeCommand.cassettes

    static let spec = CommandSpec(
        name: "mockweather export",
        abstract: "Write every cassette interaction as a HAR 1.2 archive.",
        discussion: """
            Each response (every one of a sequence) becomes an entry with the request a client would send \
            (on the API's live host; its key masked as ***) and the answer mockweather serve gives it. \
            Browser dev tools, Proxyman, Charles, mitmproxy and HAR-based test tools open it; \
            'mockweather import' turns it back into cassettes that answer the same.

            \(CassetteDirectoryOption.discussion)

            EXIT STATUS: 0 written, 64 usage, 65 invalid cassettes (nothing written), 73 the file cannot be written.
            """,
        options: [har, cassettes]
    )

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        guard let output = arguments.value(har) else {
            throw .other("'--har FILE' is required: the file to write the archive to ('-' for standard output)")
        }
        let (directory, _) = CassetteDirectoryOption.resolve(arguments.value(cassettes))
        let export: HARExporter.Export
        do {
            export = try HARExporter.export(directory: directory, providers: Providers.all)
        } catch {
            Console.standardError.writeLine("mockweather export: \(CassetteDirectoryOption.message(for: error))")
            return ValidateCommand.exitCode(for: error)
        }
        for note in export.shadowed {
            Console.standardError.writeLine("mockweather export: note: the request for \(note) answers it instead")
        }
        let summary =
            "\(export.entryCount) entries from \(export.cassetteCount) cassettes in \(directory.path)"
        if output == "-" {
            Console.standardOutput.write(String(decoding: export.bytes, as: UTF8.self))
            Console.standardError.writeLine("mockweather export: \(summary)")
            return .success
        }
        do {
            try HARExporter.write(export, to: output)
        } catch {
            Console.standardError.writeLine("mockweather export: \(error.description)")
            return .cannotCreate
        }
        Console.standardOutput.writeLine("exported \(summary) to \(output)")
        return .success
    }
}
