import Basics

/// One thing wrong with a trace file, and where: a JSON path such as `$.waypoints[3].lat` with the line
/// and column of the offending text, or a line of a GPX file such as `line 12`.
public struct TraceProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where in the file: a JSON path (`$` for the document itself) or `line N`.
    public var location: String
    /// The 1-based line of the offending text, when known (JSON traces).
    public var line: Int?
    /// The 1-based column of the offending text, in Unicode scalars, with ``line``.
    public var column: Int?
    /// What is wrong, saying what was expected and what was found.
    public var message: String

    /// Creates a problem report.
    public init(location: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.init(at: SourceProblemLocation(path: location, line: line, column: column), message: message)
    }

    /// A problem at `sourceLocation`, whose file is left out: the trace's file is named by the error.
    init(at sourceLocation: SourceProblemLocation, message: String) {
        (location, line, column) = (sourceLocation.path, sourceLocation.line, sourceLocation.column)
        self.message = message
    }

    /// The place, line and column in `file`, as every problem in the package reports them.
    func sourceLocation(inFile file: String = "") -> SourceProblemLocation {
        SourceProblemLocation(file: file, path: location, line: line, column: column)
    }

    /// `line:column: location: message` (the form editors jump to), `location: message` without a
    /// position, or just the message when there is no location either.
    public var description: String { sourceLocation().describing(message) }
}

/// Why a trace could not be loaded. Every case names the file; ``description`` is what the executable
/// prints, one problem per line, each as `file:line:column: where: what`.
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

    /// One line per problem, each starting with the file name: `file:line:column: $.path: message` for
    /// JSON (as cassette problems read), `file: line N: message` for GPX.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read the trace: \(reason)"
        case .malformed(let file, let line, let column, let message):
            SourceProblemLocation(file: file, path: "", line: line, column: column).describing(message)
        case .invalid(let file, let problems):
            problems.map { $0.sourceLocation(inFile: file).describing($0.message) }.joined(separator: "\n")
        }
    }
}
