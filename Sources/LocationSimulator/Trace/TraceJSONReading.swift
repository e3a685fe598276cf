import Basics

/// Collects the problems found while reading a JSON trace, so that one run reports all of them, each
/// with its JSON path and the line and column of the offending text.
final class ProblemCollector {
    private let lineMap: LineMap
    private(set) var problems: [TraceProblem] = []

    /// A collector for problems in the document `bytes`.
    init(document bytes: [UInt8]) {
        lineMap = LineMap(bytes)
    }

    /// Reports a problem with `value` (or, for something missing, with the object it is missing from).
    func report(_ value: JSONValue, at path: JSONPath, _ message: String) {
        report(at: value.offset, path, message)
    }

    /// Reports a problem a shared check found (a duplicate or unknown key).
    func report(_ problem: JSONProblem) {
        report(at: problem.offset, problem.path, problem.message)
    }

    private func report(at offset: Int, _ path: JSONPath, _ message: String) {
        let location = SourceProblemLocation(path: path.description, position: lineMap.position(ofOffset: offset))
        problems.append(TraceProblem(at: location, message: message))
    }
}

extension JSONValue {
    /// The members of an object keyed by name, after reporting duplicate and unknown keys (a duplicate's
    /// first value is kept); `nil` (with a problem reported) when the value is not an object.
    func members(at path: JSONPath, allowedKeys: [String], problems: ProblemCollector) -> [String: JSONValue]? {
        guard let members else {
            problems.report(self, at: path, "expected an object, found \(summary)")
            return nil
        }
        JSONProblem.keyProblems(in: members, at: path, allowed: allowedKeys).forEach(problems.report)
        var byKey: [String: JSONValue] = [:]
        for member in members where byKey[member.key] == nil && allowedKeys.contains(member.key) {
            byKey[member.key] = member.value
        }
        return byKey
    }
}

/// Reads an optional number that must satisfy `isAcceptable`, described to the user as `expectation`
/// (for example "a number between -90 and 90"). Absent or `null` reads as `nil` without a problem.
func readNumber(
    _ value: JSONValue?,
    at path: JSONPath,
    expectation: String,
    problems: ProblemCollector,
    isAcceptable: (Double) -> Bool
) -> Double? {
    guard let value, !value.isNull else { return nil }
    guard let number = value.doubleValue, number.isFinite, isAcceptable(number) else {
        problems.report(value, at: path, "expected \(expectation), found \(value.summary)")
        return nil
    }
    return number
}

/// Reads an optional string; absent or `null` reads as `nil` without a problem.
func readString(_ value: JSONValue?, at path: JSONPath, problems: ProblemCollector) -> String? {
    guard let value, !value.isNull else { return nil }
    guard let text = value.stringValue else {
        problems.report(value, at: path, "expected a string, found \(value.summary)")
        return nil
    }
    return text
}
