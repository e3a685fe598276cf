/// A 1-based line and column in a source file; columns count Unicode scalars, as editors do.
package struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    package var line: Int
    /// 1-based column, in Unicode scalars from the start of the line.
    package var column: Int

    /// Creates a location; values are stored as given.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the form compilers and editors understand.
    package var description: String { "\(line):\(column)" }
}

/// Turns byte offsets into line and column, only when a problem needs reporting: nothing is
/// computed up front, so a file without problems costs nothing here.
package struct LineMap: Sendable {
    private let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package func position(ofOffset offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, bytes.count))
        var line = 1
        var start = 0
        for index in 0..<clamped where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            start = index + 1
        }
        // UTF-8 continuation bytes (10xxxxxx) do not start a scalar.
        let column = bytes[start..<clamped].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return SourcePosition(line: line, column: column)
    }
}
