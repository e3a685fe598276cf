/// Collects the problems found while reading a JSON document, so that one run reports all of them.
final class ProblemCollector {
    private(set) var problems: [TraceProblem] = []

    func report(_ path: String, _ message: String) {
        problems.append(TraceProblem(location: path, message: message))
    }
}

/// JSON paths as error messages print them: `waypoints[3].lat`.
enum JSONPath {
    static func member(_ key: String, of path: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    static func element(_ index: Int, of path: String) -> String {
        "\(path)[\(index)]"
    }
}

extension JSONValue {
    /// The members of an object keyed by name, after reporting (and dropping) duplicate and unknown keys;
    /// `nil` (with a problem reported) when the value is not an object.
    func members(at path: String, allowedKeys: [String], problems: ProblemCollector) -> [String: JSONValue]? {
        guard case .object(let members) = kind else {
            problems.report(path, "expected an object, found \(summary)")
            return nil
        }
        var byKey: [String: JSONValue] = [:]
        for member in members {
            let memberPath = JSONPath.member(member.key, of: path)
            if byKey[member.key] != nil {
                problems.report(memberPath, "duplicate key (line \(member.value.line)); each key may appear once")
            } else if !allowedKeys.contains(member.key) {
                let hint = closestKey(to: member.key, among: allowedKeys).map { "; did you mean '\($0)'?" }
                let known = "expected one of \(allowedKeys.map { "'\($0)'" }.joined(separator: ", "))"
                problems.report(memberPath, "unknown key" + (hint ?? "; \(known)"))
            } else {
                byKey[member.key] = member.value
            }
        }
        return byKey
    }

    var number: Double? {
        if case .number(let value, _) = kind { return value }
        return nil
    }

    var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    var isNull: Bool {
        if case .null = kind { return true }
        return false
    }
}

/// Reads an optional number that must satisfy `isAcceptable`, described to the user as `expectation`
/// (for example "a number between -90 and 90"). Absent or `null` reads as `nil` without a problem.
func readNumber(
    _ value: JSONValue?,
    at path: String,
    expectation: String,
    problems: ProblemCollector,
    isAcceptable: (Double) -> Bool
) -> Double? {
    guard let value, !value.isNull else { return nil }
    guard let number = value.number, isAcceptable(number) else {
        problems.report(path, "expected \(expectation), found \(value.summary)")
        return nil
    }
    return number
}

/// Reads an optional string; absent or `null` reads as `nil` without a problem.
func readString(_ value: JSONValue?, at path: String, problems: ProblemCollector) -> String? {
    guard let value, !value.isNull else { return nil }
    guard let text = value.string else {
        problems.report(path, "expected a string, found \(value.summary)")
        return nil
    }
    return text
}

/// The key closest to a misspelt one, when it is a likely typo (at most a third of its length in edits,
/// case-insensitively, so `speedKph` suggests `speedKmh` and `Lat` suggests `lat`).
func closestKey(to input: String, among candidates: [String]) -> String? {
    let limit = max(1, input.count / 3)
    return candidates.map { (key: $0, distance: editDistance(input.lowercased(), $0.lowercased())) }
        .filter { $0.distance <= limit }
        .min { $0.distance < $1.distance }?.key
}

/// Edit distance counting an insertion, deletion, substitution or swap of adjacent characters as one edit
/// (optimal string alignment), because swapped letters are the commonest typo in a key.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[a.count][b.count]
}
