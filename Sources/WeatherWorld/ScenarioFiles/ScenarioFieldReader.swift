import Basics

/// Reads the fields of a scenario document's JSON tree, collecting a located ``ScenarioProblem`` for
/// each one that is absent, of the wrong type or out of range, and returning nil for it, so that one
/// pass reports every problem of a file instead of stopping at the first.
struct ScenarioFieldReader {
    let file: String
    private let lineMap: LineMap
    private(set) var problems: [ScenarioProblem] = []
    private(set) var isTruncated = false

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.lineMap = LineMap(bytes)
    }

    /// Where `offset` is, at `path`.
    func location(_ offset: Int, _ path: JSONPath) -> SourceProblemLocation {
        SourceProblemLocation(file: file, path: path.description, position: lineMap.position(ofOffset: offset))
    }

    /// Records `problem` made at `offset`, `path`, up to ``ScenarioLimits/problems``: a file far from a
    /// scenario (a large JSON file of something else) costs a line and a column per problem, not
    /// one per member.
    mutating func report(_ offset: Int, _ path: JSONPath, _ problem: (SourceProblemLocation) -> ScenarioProblem) {
        guard problems.count < ScenarioLimits.problems else {
            isTruncated = true
            return
        }
        problems.append(problem(location(offset, path)))
    }

    /// The members of `value`, or nil (reported) when it is not an object.
    mutating func object(_ value: JSONValue, _ path: JSONPath, _ expected: String) -> [JSONMember]? {
        guard let members = value.members else {
            wrongType(value, path, expected)
            return nil
        }
        return members
    }

    /// The elements of `value`, or nil (reported) when it is not an array.
    mutating func array(_ value: JSONValue, _ path: JSONPath, _ expected: String) -> [JSONValue]? {
        guard let elements = value.elements else {
            wrongType(value, path, expected)
            return nil
        }
        return elements
    }

    mutating func wrongType(_ value: JSONValue, _ path: JSONPath, _ expected: String) {
        report(value.offset, path) { .wrongType(at: $0, expected: expected, found: value.summary) }
    }

    /// Reports each member named twice and each not in `allowed` (with a did-you-mean), at its name.
    /// Hashes the names seen, so an object of a hundred thousand members is checked in linear time.
    mutating func checkKeys(_ members: [JSONMember], at path: JSONPath, allowed: [String], context: String) {
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted {
                report(member.keyOffset, path.appending(member.key)) { .duplicateField(at: $0, name: member.key) }
            } else if !allowed.contains(member.key) {
                report(member.keyOffset, path.appending(member.key)) {
                    .unknownField(at: $0, name: member.key, allowed: allowed, context: context)
                }
            }
            if isTruncated { return }
        }
    }

    /// The member `key` of `object`, reporting it missing (at the object) when `expected` is given.
    mutating func member(_ object: JSONValue, _ key: String, _ path: JSONPath, expected: String?) -> JSONValue? {
        if let value = object[key] { return value }
        if let expected {
            report(object.offset, path) { .missingField(at: $0, name: key, expected: expected) }
        }
        return nil
    }

    /// The required number `key` of `object`, inside `bound`.
    mutating func number(_ object: JSONValue, _ key: String, _ path: JSONPath, _ bound: ScenarioBound) -> Double? {
        guard let value = member(object, key, path, expected: "a number \(bound)") else { return nil }
        return number(value, path.appending(key), bound)
    }

    /// `value` as a number inside `bound`.
    mutating func number(_ value: JSONValue, _ path: JSONPath, _ bound: ScenarioBound) -> Double? {
        guard let literal = value.numberText, let number = Double(literal) else {
            wrongType(value, path, "a number \(bound)")
            return nil
        }
        guard number.isFinite else {
            report(value.offset, path) { .nonFiniteNumber(at: $0, literal: literal) }
            return nil
        }
        guard bound.contains(number) else {
            report(value.offset, path) { .outOfRange(at: $0, literal: literal, bound: bound) }
            return nil
        }
        return number
    }

    /// The string `key` of `object` (required when `expected` is given): not empty, at most `limit`
    /// characters.
    mutating func text(_ object: JSONValue, _ key: String, _ path: JSONPath, expected: String?, limit: Int)
        -> String?
    {
        guard let value = member(object, key, path, expected: expected) else { return nil }
        guard let text = value.stringValue else {
            wrongType(value, path.appending(key), "a string")
            return nil
        }
        let characters = text.count
        guard characters > 0, characters <= limit else {
            report(value.offset, path.appending(key)) { .badText(at: $0, characters: characters, limit: limit) }
            return nil
        }
        return text
    }

    /// The time `key` of `object`, and its text as written.
    mutating func time(_ object: JSONValue, _ key: String, _ path: JSONPath) -> (time: ScenarioTime, text: String)? {
        let expected = "a time: \"+3h\" after the clock's start, or ISO 8601 such as \"2026-09-06T00:00:00+09:00\""
        guard let value = member(object, key, path, expected: expected) else { return nil }
        let path = path.appending(key)
        guard let text = value.stringValue else {
            wrongType(value, path, "a time as a string (\"+3h\", \"2026-09-06T00:00:00+09:00\")")
            return nil
        }
        switch ScenarioTimeText.parse(text) {
        case .success(let time):
            return (time, text)
        case .failure(.unreadable(let hint)):
            report(value.offset, path) { .invalidTime(at: $0, found: text, hint: hint) }
        case .failure(.outOfRange):
            report(value.offset, path) { .timeOutOfRange(at: $0, found: text) }
        }
        return nil
    }
}
