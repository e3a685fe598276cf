package import Basics

/// Something in a HAR archive that mockweather cannot import, and where: the archive's file, the entry
/// (its index in `log.entries`), the field as a JSON path, and its line and column.
package struct HARProblem: Sendable, Hashable, CustomStringConvertible {
    /// The archive's file name as given.
    package var file: String
    /// The index in `log.entries`, nil for a problem with the archive as a whole.
    package var entry: Int?
    /// The field, as a JSON path (`$.log.entries[3].response.content.text`).
    package var jsonPath: String
    /// 1-based line of the field, when known.
    package var line: Int?
    /// 1-based column of the field (in Unicode scalars, as editors count), with ``line``.
    package var column: Int?
    /// What is wrong and, where there is one, what to do about it.
    package var message: String

    /// Creates a problem; values are stored as given.
    package init(file: String, entry: Int?, jsonPath: String, line: Int?, column: Int?, message: String) {
        let location = SourceProblemLocation(file: file, path: jsonPath, line: line, column: column)
        self.init(entry: entry, at: location, message: message)
    }

    /// A problem of entry `entry` (nil: the archive as a whole) at `location`, whose file is the archive's.
    package init(entry: Int?, at location: SourceProblemLocation, message: String) {
        (file, jsonPath, line, column) = (location.file, location.path, location.line, location.column)
        self.entry = entry
        self.message = message
    }

    /// The file, path, line and column, as every problem in the package reports them.
    var sourceLocation: SourceProblemLocation {
        SourceProblemLocation(file: file, path: jsonPath, line: line, column: column)
    }

    /// `capture.har:57:9: $.log.entries[3].response: no response ...`, the form editors can jump to.
    /// One line whatever the archive holds: control characters are escaped as ``LogText`` escapes them.
    package var description: String { LogText.escapingControlCharacters(sourceLocation.describing(message)) }
}

/// A HAR archive that cannot be read at all: not JSON, not HAR, or a version this reader does not know.
package struct HARReadError: Error, Sendable, CustomStringConvertible {
    /// Every problem found at the archive level (at least one).
    package var problems: [HARProblem]
    /// True when the archive was read but goes past the import's `HARImportBudget`.
    package var isOverBudget = false

    /// An error for `problems`; `isOverBudget` when the import's budget is why.
    package init(problems: [HARProblem], isOverBudget: Bool = false) {
        self.problems = problems
        self.isOverBudget = isOverBudget
    }

    /// One problem per line.
    package var description: String { problems.map(\.description).joined(separator: "\n") }
}
