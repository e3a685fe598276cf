import Foundation
import TestSupport
import Testing

/// What a correct client makes of one response, as a cassette's `expect` block states it.
struct Expectation: Sendable, Equatable, CustomStringConvertible {
    var error: String?
    var message: String?
    /// Every other key of the block, by name: what the decoded answer must show (see ``ExpectVocabulary``).
    var values: [String: PlainJSON]
    /// Keys ``ExpectVocabulary`` does not know: a typo, or a key this suite has yet to learn.
    var unknownKeys: [String]
    /// The range the block is for (`start` and `end`, Unix seconds): what the client asks for.
    var range: (start: Double, end: Double)?

    init?(_ json: PlainJSON?) {
        guard case .object(let block)? = json else { return nil }
        error = block["error"]?.string
        message = block["message"]?.string
        values = block.filter { $0.key != "error" && $0.key != "message" && !ExpectVocabulary.inputs.contains($0.key) }
        unknownKeys = ExpectVocabulary.unknownKeys(in: block)
        if let start = block["start"]?.number, let end = block["end"]?.number { range = (start, end) }
    }

    static func == (lhs: Expectation, rhs: Expectation) -> Bool {
        lhs.error == rhs.error && lhs.message == rhs.message && lhs.values == rhs.values
            && lhs.unknownKeys == rhs.unknownKeys && lhs.range?.start == rhs.range?.start
            && lhs.range?.end == rhs.range?.end
    }

    /// The decoded place name the block expects, if it names one.
    var name: String? { values["name"]?.string }
    /// The temperature in °C the block expects, if it gives one.
    var celsius: Double? { values["celsius"]?.number }

    var description: String {
        if let error { return "error \(error)" + (message.map { " \"\($0)\"" } ?? "") }
        var parts = [name.map { "name \"\($0)\"" }, celsius.map { "\($0) °C" }].compactMap { $0 }
        if let range { parts.append("for \(Int64(range.start))..<\(Int64(range.end))") }
        for key in values.keys.sorted() where key != "name" && key != "celsius" {
            parts.append("\(key) \(values[key]!.display)")
        }
        return parts.joined(separator: ", ")
    }
}

/// The request an interaction answers, as its cassette states it.
struct RequestPattern: Sendable {
    var path: String
    /// Constraints by lower-cased parameter name: a literal, `"*"` (any value) or `null` (absent).
    var query: [String: PlainJSON]
    /// Header constraints by lower-cased name, the same kinds as ``query``.
    var headers: [String: PlainJSON]
    var near: (latitude: Double, longitude: Double)?
    /// The `range` bounds kind (`ordered`, `reversed`, `malformed`) and its parameters, when it has one.
    var range: (from: String, to: String, bounds: String)?

    init(_ json: PlainJSON?) {
        path = json?["path"]?.string ?? "/"
        var query: [String: PlainJSON] = [:]
        if case .object(let object)? = json?["query"] {
            for (key, value) in object { query[key.lowercased()] = value }
        }
        self.query = query
        var headers: [String: PlainJSON] = [:]
        if case .object(let object)? = json?["headers"] {
            for (key, value) in object { headers[key.lowercased()] = value }
        }
        self.headers = headers
        if let near = json?["near"], let lat = near["lat"]?.number, let lon = near["lon"]?.number {
            self.near = (lat, lon)
        }
        if let range = json?["range"], let from = range["from"]?.string, let to = range["to"]?.string {
            self.range = (from.lowercased(), to.lowercased(), range["bounds"]?.string ?? "ordered")
        }
    }

    /// The literal value the pattern requires for `name`, if it names one (not `"*"` or `null`).
    func literal(_ name: String) -> String? {
        guard let text = query[name]?.queryText, text != "*" else { return nil }
        return text
    }
}

/// One contract test case: one interaction of one cassette, with what the client must make of each of
/// its responses in order (a `responses` sequence has several).
struct ContractCase: Sendable, CustomTestStringConvertible {
    /// The cassette's name as the server reports it, e.g. `openweathermap/current/seoul`.
    let cassette: String
    let file: URL
    /// The interaction's position in the file, from 0.
    let interaction: Int
    let interactionCount: Int
    let request: RequestPattern
    /// One expectation per response, in the order the server serves them.
    let steps: [Expectation]
    /// Why this case cannot be checked (no `expect`, unreadable file); the test fails with it.
    let problem: String?

    var testDescription: String {
        interactionCount > 1 ? "\(cassette) (interaction \(interaction + 1) of \(interactionCount))" : cassette
    }

    /// A label for failure messages: the cassette and, in a multi-interaction file, which interaction.
    var label: String { testDescription }

    /// Every interaction of every bundled cassette, read once for the suites that take their cases
    /// from it.
    static let bundled = all(in: PackageLayout.bundledCassettes)

    /// Every interaction of every cassette under `directory`, in path order.
    static func all(in directory: URL) -> [ContractCase] {
        CassetteFile.all(in: directory).flatMap(cases(of:))
    }

    static func cases(of file: CassetteFile) -> [ContractCase] {
        guard let object = file.object, case .array(let interactions)? = object["interactions"] else {
            let problem = file.readProblem ?? "the file has no \"interactions\" array"
            return [
                ContractCase(
                    cassette: file.name,
                    file: file.url,
                    interaction: 0,
                    interactionCount: 1,
                    request: RequestPattern(nil),
                    steps: [],
                    problem: "\(file.url.lastPathComponent): \(problem)"
                )
            ]
        }
        return interactions.enumerated().map { index, interaction in
            let shared = Expectation(interaction["expect"])
            var steps: [Expectation] = []
            var missing: [String] = []
            if case .array(let responses)? = interaction["responses"] {
                for (position, response) in responses.enumerated() {
                    if let expectation = Expectation(response["expect"]) ?? shared {
                        steps.append(expectation)
                    } else {
                        missing.append("interactions[\(index)].responses[\(position)].expect")
                    }
                }
            } else if let shared {
                steps.append(shared)
            } else {
                missing.append("interactions[\(index)].expect")
            }
            var problems: [String] = []
            if !missing.isEmpty {
                problems.append(
                    "\(file.name).json has no expect block at \(missing.joined(separator: ", ")); every "
                        + "interaction needs one (see Cassettes/README.md) so the contract suite can check it")
            }
            let unknown = Set(steps.flatMap(\.unknownKeys)).sorted()
            if !unknown.isEmpty {
                problems.append(
                    "\(file.name).json interactions[\(index)] expects keys the contract suite does not know: "
                        + "\(unknown.joined(separator: ", ")) (the vocabulary is in Cassettes/README.md)")
            }
            let problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
            return ContractCase(
                cassette: file.name,
                file: file.url,
                interaction: index,
                interactionCount: interactions.count,
                request: RequestPattern(interaction["request"]),
                steps: steps,
                problem: problem
            )
        }
    }
}
