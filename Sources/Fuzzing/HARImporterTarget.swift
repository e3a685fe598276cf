import Foundation
import MockEngine
import MockProviders
import MockRecording

/// The HAR importer, as a dry run (nothing is written): any input is a report or an error that says
/// what is wrong.
enum HARImporterTarget {
    static let target = FuzzTarget(
        name: "har",
        summary: "HAR importer (dry run): a report, or an error naming the problem"
    ) { bytes in
        var options = HARImportOptions(
            directory: URL(fileURLWithPath: "/nonexistent/mockweather-fuzz"), providers: Providers.all)
        options.dryRun = true
        do throws(HARReadError) {
            _ = try HARImporter.importArchive(bytes, file: "fuzz.har", options: options)
            return nil
        } catch {
            return error.description.isEmpty ? "a refusal with no message" : nil
        }
    }
}
