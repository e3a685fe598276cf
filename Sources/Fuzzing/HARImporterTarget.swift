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
        // A budget a small input can spend (1 MiB inflated, 1,000 entries), so running out of it is
        // explored too, and no input costs the default 128 MiB per run.
        options.budget = HARImportBudget(maximumInflatedBytes: 1 << 20, maximumEntries: 1_000)
        do throws(HARReadError) {
            _ = try HARImporter.importArchive(bytes, file: "fuzz.har", options: options)
            return nil
        } catch {
            return error.description.isEmpty ? "a refusal with no message" : nil
        }
    }
}
