/// One thing wrong with a trace file, and where: a JSON path such as `waypoints[3].lat`, or a line of a
/// GPX file such as `line 12`.
public struct TraceProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where in the file: a JSON path (empty for the document itself) or `line N`.
    public var location: String
    /// What is wrong, saying what was expected and what was found.
    public var message: String

    /// Creates a problem report.
    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`, or just the message when there is no location.
    public var description: String {
        location.isEmpty ? message : "\(location): \(message)"
    }
}

/// Why a trace could not be loaded. Every case names the file; ``description`` is what the executable
/// prints, one problem per line, each as `file: where: what`.
public enum TraceLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read at all (missing, unreadable, a directory).
    case unreadable(file: String, reason: String)
    /// The file is not well-formed JSON or XML; `line` and `column` are 1-based.
    case malformed(file: String, line: Int, column: Int, message: String)
    /// The file is well formed but says something a trace cannot: every problem found, in file order.
    case invalid(file: String, problems: [TraceProblem])

    /// The file's name as given to the loader.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .malformed(let file, _, _, _), .invalid(let file, _): file
        }
    }

    /// One line per problem, each starting with the file name.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read the trace: \(reason)"
        case .malformed(let file, let line, let column, let message):
            "\(file):\(line):\(column): \(message)"
        case .invalid(let file, let problems):
            problems.map { "\(file): \($0)" }.joined(separator: "\n")
        }
    }
}
