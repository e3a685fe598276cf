import Basics

/// Something in a HAR archive that mockweather cannot import, and where: the archive's file, the entry
/// (its index in `log.entries`), the field as a JSON path, and its line and column.
public struct HARProblem: Sendable, Hashable, CustomStringConvertible {
    /// The archive's file name as given.
    public var file: String
    /// The index in `log.entries`, nil for a problem with the archive as a whole.
    public var entry: Int?
    /// The field, as a JSON path (`$.log.entries[3].response.content.text`).
    public var jsonPath: String
    /// 1-based line of the field, when known.
    public var line: Int?
    /// 1-based column of the field (in Unicode scalars, as editors count), with ``line``.
    public var column: Int?
    /// What is wrong and, where there is one, what to do about it.
    public var message: String

    /// Creates a problem; values are stored as given.
    public init(file: String, entry: Int?, jsonPath: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.entry = entry
        self.jsonPath = jsonPath
        self.line = line
        self.column = column
        self.message = message
    }

    /// `capture.har:57:9: $.log.entries[3].response: no response ...`, the form editors can jump to.
    public var description: String {
        let position = line.map { ":\($0):\(column ?? 1)" } ?? ""
        return "\(file)\(position): \(jsonPath): \(message)"
    }
}

/// A HAR archive that cannot be read at all: not JSON, not HAR, or a version this reader does not know.
public struct HARReadError: Error, Sendable, CustomStringConvertible {
    /// Every problem found at the archive level (at least one).
    public var problems: [HARProblem]

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

extension HARProblem {
    /// A problem at `position` (from the archive's `LineMap`).
    init(file: String, entry: Int?, jsonPath: String, position: SourcePosition?, message: String) {
        self.init(
            file: file, entry: entry, jsonPath: jsonPath, line: position?.line, column: position?.column,
            message: message)
    }
}
