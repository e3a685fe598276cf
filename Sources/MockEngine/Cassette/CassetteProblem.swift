import Basics

/// One thing wrong with one cassette file: which file, where in it, and what.
public struct CassetteProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file's path relative to the cassette directory (`openweathermap/current/seoul.json`).
    public var file: String
    /// Where in the document, as a JSON path (`$.interactions[0].response.status`); `$` is the whole file.
    public var jsonPath: String
    /// 1-based line of the offending text, when the file could be read.
    public var line: Int?
    /// 1-based column of the offending text (in Unicode scalars, as editors count), with ``line``.
    public var column: Int?
    /// What is wrong, what was expected and what was found.
    public var message: String

    /// Creates a problem report; values are stored as given.
    public init(file: String, jsonPath: String, line: Int?, column: Int?, message: String) {
        self.init(at: SourceProblemLocation(file: file, path: jsonPath, line: line, column: column), message: message)
    }

    /// A problem at `location`, whose file is the cassette's relative path.
    init(at location: SourceProblemLocation, message: String) {
        (file, jsonPath, line, column) = (location.file, location.path, location.line, location.column)
        self.message = message
    }

    /// The file, path, line and column, as every problem in the package reports them.
    var sourceLocation: SourceProblemLocation {
        SourceProblemLocation(file: file, path: jsonPath, line: line, column: column)
    }

    /// `file:line:column: $.path: message`, the form editors can jump to: one line, whatever the file
    /// is called or the message quotes (control characters escaped as ``LogText`` escapes them, so a
    /// file named with a newline or an ESC sequence cannot forge a line or drive the terminal).
    public var description: String { LogText.escapingControlCharacters(sourceLocation.describing(message)) }
}

/// Every problem of every cassette file, found in one pass; thrown when a directory does not validate.
public struct CassetteValidationError: Error, Sendable, CustomStringConvertible {
    /// The directory that was read, as the user named it.
    public var directory: String
    /// All problems, in file order then document order.
    public var problems: [CassetteProblem]

    /// Creates the error; `problems` should not be empty.
    public init(directory: String, problems: [CassetteProblem]) {
        self.directory = directory
        self.problems = problems
    }

    /// A header line counting problems and files, then one problem per line.
    public var description: String {
        let files = Set(problems.map(\.file)).count
        let noun = problems.count == 1 ? "problem" : "problems"
        let fileNoun = files == 1 ? "file" : "files"
        var text =
            "\(problems.count) \(noun) in \(files) cassette \(fileNoun) under "
            + "\(LogText.escapingControlCharacters(directory)):"
        for problem in problems { text += "\n  " + problem.description }
        return text
    }
}
