package import MockEngine
/// What `mockweather import` did (or, with `--dry-run`, would do): one row per cassette and per skipped
/// entry, the problems behind the skips, and the entries left alone because of their host.
package struct HARImportReport: Sendable, CustomStringConvertible {
    /// One cassette written (or planned), or one entry skipped.
    package struct Row: Sendable {
        /// The entries it comes from (indexes in `log.entries`), in the order seen.
        package var entries: [Int]
        /// The request, keys masked.
        package var request: String
        /// The answers' statuses, `-` when there was none.
        package var statuses: String
        /// The file, or why nothing was written.
        package var result: String
        /// True when the entries were not imported (a problem, or an existing cassette kept).
        package var isSkipped: Bool
        /// True when the cassette could not be written (a full disk, no permission).
        package var isWriteFailure = false
    }

    /// In the order of each row's first entry.
    package var rows: [Row]
    /// Why each skipped entry was skipped, with entry index and field.
    package var problems: [HARProblem]
    /// Entries outside the imported hosts, per host, most first.
    package var ignoredHosts: [(host: String, count: Int)]
    /// The hosts imported.
    package var hosts: [String]
    /// Nothing was written.
    package var isDryRun: Bool
    /// Said before the table (a cassette directory that does not validate, ...).
    package var warnings: [String] = []

    /// How many cassettes could not be written.
    package var writeFailures: Int { rows.filter(\.isWriteFailure).count }
    /// How many rows are skips.
    package var skippedCount: Int { rows.filter(\.isSkipped).count }
    /// How many cassettes were (or would be) written.
    package var writtenCount: Int { rows.filter { !$0.isSkipped && !$0.result.contains("already imported") }.count }
    /// True when nothing at all came from the archive's hosts of interest.
    package var isEmpty: Bool { rows.isEmpty }

    /// The table (`ENTRY  REQUEST  STATUS  RESULT`), a summary line and the problems, one per line.
    package var description: String {
        var lines = warnings.map { "warning: \($0)" }
        let entryColumn = rows.map { $0.entries.map { "#\($0)" }.joined(separator: ",") }
        let entryWidth = max("ENTRY".count, entryColumn.map(\.count).max() ?? 0)
        let requestWidth = max("REQUEST".count, rows.map(\.request.count).max() ?? 0)
        let statusWidth = max("STATUS".count, rows.map(\.statuses.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        if !rows.isEmpty {
            lines.append(
                "\(pad("ENTRY", entryWidth))  \(pad("REQUEST", requestWidth))  \(pad("STATUS", statusWidth))  RESULT")
            for (row, entries) in zip(rows, entryColumn) {
                lines.append(
                    "\(pad(entries, entryWidth))  \(pad(row.request, requestWidth))  \(pad(row.statuses, statusWidth))  "
                        + row.result)
            }
        }
        let entryCount = rows.filter { !$0.isSkipped }.reduce(0) { $0 + $1.entries.count }
        let verb = isDryRun ? "would import" : "imported"
        var summary =
            rows.isEmpty
            ? "nothing to import: no entry for \(hosts.joined(separator: ", "))"
            : "\(verb) \(writtenCount) \(writtenCount == 1 ? "cassette" : "cassettes") from \(entryCount) "
                + "\(entryCount == 1 ? "entry" : "entries")"
        if skippedCount > 0 { summary += "; \(skippedCount) skipped" }
        let ignored = ignoredHosts.reduce(0) { $0 + $1.count }
        if ignored > 0 {
            let listed = ignoredHosts.prefix(5).map { "\($0.host) \($0.count)" }.joined(separator: ", ")
            summary +=
                "; \(ignored) \(ignored == 1 ? "entry" : "entries") for other hosts ignored (\(listed)"
                + "\(ignoredHosts.count > 5 ? ", ..." : ""); --host HOST imports them too)"
        }
        if isDryRun { summary += "; dry run: nothing written" }
        lines.append(summary)
        if !problems.isEmpty {
            lines.append("skipped:")
            lines += problems.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
