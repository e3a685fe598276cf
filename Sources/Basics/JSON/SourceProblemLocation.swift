/// Where a problem is in a source file: the file, the place in its document (a JSON path such as
/// `$.interactions[0].request`, or `line 12` for formats without one) and the line and column of the
/// offending text. Cassettes, HAR archives and traces report problems with it, so all of them read
/// `file:line:column: $.json.path: message`, the form editors and compilers use.
package struct SourceProblemLocation: Sendable, Hashable {
    /// The file as the user named it; empty when the caller prints it elsewhere.
    package var file: String
    /// The place in the document; empty for the document as a whole when no path applies.
    package var path: String
    /// 1-based line of the offending text, when known.
    package var line: Int?
    /// 1-based column (in Unicode scalars, as editors count), with ``line``.
    package var column: Int?

    /// A location; values are stored as given.
    package init(file: String = "", path: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
    }

    /// A location at `position` (from the document's ``LineMap``), or with no line when it is nil.
    package init(file: String = "", path: String, position: SourcePosition?) {
        self.init(file: file, path: path, line: position?.line, column: position?.column)
    }

    /// `file:line:column: path: message`, leaving out what is not known: `file: path: message` without
    /// a line, `line:column: path: message` without a file, just the message with neither a file, a
    /// line nor a path.
    package func describing(_ message: String) -> String {
        var head = file
        if let line { head += (head.isEmpty ? "" : ":") + "\(line):\(column ?? 1)" }
        return [head, path, message].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
