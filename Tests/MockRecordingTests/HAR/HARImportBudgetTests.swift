import Basics
import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// The budget of one import for the archive as a whole (issue 40, finding 5): a 1.6 MB archive of
/// gzip bombs, each within the 64 MiB a body may decompress to, wrote 1.2 GB and peaked at 1.5 GB.
/// The budgets here are made small so that a few hundred bytes spend them.
@Suite struct HARImportBudgetTests {
    /// An entry for `city` whose body, `Content-Encoding: gzip`, decompresses to `size` bytes of JSON.
    private func gzipEntry(_ city: String, size: Int) -> String {
        let prefix = #"{"name":"\#(city)","pad":""#
        let text = prefix + String(repeating: "x", count: size - prefix.utf8.count - 2) + #""}"#
        return harEntry(
            url: "https://api.openweathermap.org/data/2.5/weather?q=\(city)",
            headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            text: gzippedBase64(text), encoding: "base64")
    }

    /// What importing `archive` with `budget` into a fresh directory gave: the report or the refusal,
    /// and the files written.
    private func importWith(_ budget: HARImportBudget, _ archive: String) throws -> (
        result: Result<HARImportReport, HARReadError>, files: [String]
    ) {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        var options = HARImportOptions(directory: directory.url, providers: Providers.all)
        options.budget = budget
        let result = Result { () throws(HARReadError) in
            try HARImporter.importArchive(Array(archive.utf8), file: "bombs.har", options: options)
        }
        return (result, allFiles(under: directory.url).map(\.path))
    }

    @Test func bodiesThatDecompressPastTheArchiveBudgetStopTheImportAtTheEntryAndWriteNothing() throws {
        let archive = harJSON(
            gzipEntry("Seoul", size: 600), gzipEntry("Busan", size: 600), gzipEntry("Jeju", size: 600))

        let (result, files) = try importWith(HARImportBudget(maximumInflatedBytes: 1000), archive)

        guard case .failure(let refusal) = result else {
            Issue.record("the archive's bodies go past the budget: the import must stop")
            return
        }
        #expect(refusal.problems.map(\.jsonPath) == ["$.log.entries[1].response.content"])
        #expect(refusal.problems.map(\.entry) == [1])
        #expect(
            refusal.problems.first?.message
                == "the archive's bodies decompress to more than 1000 bytes in all, the most one import takes "
                + "(this entry's body goes past it); nothing was imported: split the archive")
        #expect(files.isEmpty)
    }

    @Test func bodiesWithinTheArchiveBudgetAreAllImported() throws {
        let archive = harJSON(
            gzipEntry("Seoul", size: 600), gzipEntry("Busan", size: 600), gzipEntry("Jeju", size: 600))

        let (result, files) = try importWith(HARImportBudget(maximumInflatedBytes: 1800), archive)

        #expect((try? result.get())?.writtenCount == 3)
        #expect(files.count == 3)
    }

    @Test func anArchiveWithMoreEntriesThanTheBudgetIsRefusedNamingTheFirstOneOver() throws {
        let archive = harJSON(
            gzipEntry("Seoul", size: 100), gzipEntry("Busan", size: 100), gzipEntry("Jeju", size: 100))

        let (result, files) = try importWith(HARImportBudget(maximumEntries: 2), archive)

        guard case .failure(let refusal) = result else {
            Issue.record("three entries are over a budget of two")
            return
        }
        #expect(
            refusal.problems.map(\.description) == [
                "bombs.har:10:1: $.log.entries[2]: the archive has 3 entries, more than the 2 one import takes; "
                    + "nothing was imported: split the archive"
            ])
        #expect(files.isEmpty)
    }

    @Test func theDefaultBudgetHoldsTwoOfTheLargestBodiesAndAHundredThousandEntries() {
        #expect(HARImportBudget() == HARImportBudget(maximumInflatedBytes: 128 << 20, maximumEntries: 100_000))
        #expect(HARImportBudget.defaultInflatedBytes == 2 * Inflate.maximumOutput)
        #expect(
            HARImportOptions(directory: URL(fileURLWithPath: "/"), providers: Providers.all).budget == HARImportBudget()
        )
    }
}
