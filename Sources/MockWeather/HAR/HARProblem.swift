/// Something in a HAR archive that mockweather cannot import, and where: the archive's file, the entry
/// (its index in `log.entries`), the field as a JSON path, and its line and column.
public struct HARProblem: Sendable, Hashable, CustomStringConvertible {
    /// The archive's file name as given.
    public var file: String
    /// The index in `log.entries`, nil for a problem with the archive as a whole.
    public var entry: Int?
    /// The field, as a JSON path (`$.log.entries[3].response.content.text`).
    public var jsonPath: String
    /// Line and column of the field, when known.
    public var location: SourcePosition?
    /// What is wrong and, where there is one, what to do about it.
    public var message: String

    /// Creates a problem; values are stored as given.
    public init(file: String, entry: Int?, jsonPath: String, location: SourcePosition?, message: String) {
        self.file = file
        self.entry = entry
        self.jsonPath = jsonPath
        self.location = location
        self.message = message
    }

    /// `capture.har:57:9: $.log.entries[3].response: no response ...`, the form editors can jump to.
    public var description: String {
        let position = location.map { ":\($0.line):\($0.column)" } ?? ""
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
