/// One thing wrong with one cassette file: which file, where in it, and what.
public struct CassetteProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file's path relative to the cassette directory (`openweathermap/current/seoul.json`).
    public var file: String
    /// Where in the document, as a JSON path (`$.interactions[0].response.status`); `$` is the whole file.
    public var jsonPath: String
    /// Line and column of the offending text, when the file could be read.
    public var location: SourcePosition?
    /// What is wrong, what was expected and what was found.
    public var message: String

    /// Creates a problem report; values are stored as given.
    public init(file: String, jsonPath: String, location: SourcePosition?, message: String) {
        self.file = file
        self.jsonPath = jsonPath
        self.location = location
        self.message = message
    }

    /// `file:line:column: $.path: message`, the form editors can jump to.
    public var description: String {
        let position = location.map { ":\($0.line):\($0.column)" } ?? ""
        return "\(file)\(position): \(jsonPath): \(message)"
    }
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
        var text = "\(problems.count) \(noun) in \(files) cassette \(fileNoun) under \(directory):"
        for problem in problems { text += "\n  " + problem.description }
        return text
    }
}

/// A JSON path being built while walking a document: `$`, `$.interactions[0]`, `$.query["x-y"]`.
///
/// Built on every step of decoding but printed only for problems, so appending just links a node;
/// the text is made on demand.
struct JSONPath: Sendable, CustomStringConvertible {
    private indirect enum Node: Sendable {
        case root
        case key(Node, String)
        case index(Node, Int)
    }

    private let node: Node

    static let root = JSONPath(node: .root)

    func appending(_ key: String) -> JSONPath { JSONPath(node: .key(node, key)) }

    func appending(_ index: Int) -> JSONPath { JSONPath(node: .index(node, index)) }

    var description: String { Self.text(of: node) }

    private static func text(of node: Node) -> String {
        switch node {
        case .root:
            return "$"
        case .index(let parent, let index):
            return text(of: parent) + "[\(index)]"
        case .key(let parent, let key):
            let isIdentifier =
                !key.isEmpty
                && key.unicodeScalars.allSatisfy {
                    $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
                }
                && !("0"..."9").contains(key.unicodeScalars.first!)
            return text(of: parent) + (isIdentifier ? ".\(key)" : "[\(JSONValue.quoted(key))]")
        }
    }
}
