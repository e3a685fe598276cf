package import Basics

/// One thing wrong with a `mockweather-scenario/1` file (docs/Scenarios.md#validation): where it is
/// (file, line and column, JSON path) and what is wrong, read as `file:line:column: $.path: message`.
package enum ScenarioProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not JSON (or not UTF-8); `reason` is the parser's.
    case notJSON(at: SourceProblemLocation, reason: String)
    /// `format` is not `mockweather-scenario/1`.
    case unsupportedFormat(at: SourceProblemLocation, found: String)
    /// A required member is absent from the object at the location; `expected` says what it holds.
    case missingField(at: SourceProblemLocation, name: String, expected: String)
    /// A member this object does not have (a typo, or a field of another kind of event).
    case unknownField(at: SourceProblemLocation, name: String, allowed: [String], context: String)
    /// A member named twice in one object.
    case duplicateField(at: SourceProblemLocation, name: String)
    /// A value of the wrong JSON type.
    case wrongType(at: SourceProblemLocation, expected: String, found: String)
    /// A number too large to be a number (`1e999`).
    case nonFiniteNumber(at: SourceProblemLocation, literal: String)
    /// A number outside what the field allows.
    case outOfRange(at: SourceProblemLocation, literal: String, bound: ScenarioBound)
    /// A string that must say something is empty, or too long.
    case badText(at: SourceProblemLocation, characters: Int, limit: Int)
    /// An event `kind` that is not one of the seven.
    case unknownEventKind(at: SourceProblemLocation, found: String)
    /// A time that is neither ISO 8601 nor `+3h`-style.
    case invalidTime(at: SourceProblemLocation, found: String, hint: String)
    /// A relative time more than ``ScenarioLimits/relativeSeconds`` from the clock's start.
    case timeOutOfRange(at: SourceProblemLocation, found: String)
    /// Two times that must be compared are one absolute and one relative.
    case mixedTimeForms(at: SourceProblemLocation, first: String, second: String)
    /// An event that ends at or before its start.
    case endNotAfterStart(at: SourceProblemLocation, start: String, end: String)
    /// A typhoon track with fewer than two fixes.
    case trackTooShort(at: SourceProblemLocation, fixes: Int)
    /// A fix at or before the fix ahead of it.
    case trackOutOfOrder(at: SourceProblemLocation, previous: String, found: String)
    /// A typhoon centre that would move faster than ``ScenarioLimits/trackSpeed`` between two fixes.
    case trackTooFast(at: SourceProblemLocation, kilometresPerHour: Double)
    /// An area that is both a circle and a box, or neither.
    case ambiguousArea(at: SourceProblemLocation, hasCircleFields: Bool)
    /// A box whose south is not below its north, or whose west is not west of its east.
    case emptyBox(at: SourceProblemLocation, reason: String)
    /// PM2.5 above PM10, which includes it.
    case pm25AbovePM10(at: SourceProblemLocation, pm25: String, pm10: String)
    /// More events, or fixes, than a scenario may have.
    case tooMany(at: SourceProblemLocation, what: String, count: Int, limit: Int)

    /// The file, path, line and column.
    package var location: SourceProblemLocation {
        switch self {
        case .notJSON(let at, _), .unsupportedFormat(let at, _), .missingField(let at, _, _),
            .unknownField(let at, _, _, _), .duplicateField(let at, _), .wrongType(let at, _, _),
            .nonFiniteNumber(let at, _), .outOfRange(let at, _, _), .badText(let at, _, _),
            .unknownEventKind(let at, _), .invalidTime(let at, _, _), .timeOutOfRange(let at, _),
            .mixedTimeForms(let at, _, _), .endNotAfterStart(let at, _, _), .trackTooShort(let at, _),
            .trackOutOfOrder(let at, _, _), .trackTooFast(let at, _), .ambiguousArea(let at, _),
            .emptyBox(let at, _), .pm25AbovePM10(let at, _, _), .tooMany(let at, _, _, _):
            at
        }
    }

    /// What is wrong, what was expected and what was found.
    package var message: String {
        switch self {
        case .notJSON(_, let reason):
            "not JSON: \(reason)"
        case .unsupportedFormat(_, let found):
            "unsupported format \(JSONValue.quoted(found)); expected \"\(ScenarioDecoder.formatIdentifier)\""
                + (found.hasPrefix("mockweather-scenario/")
                    ? " (this mockweather reads only version 1)" : " (is this a mockweather scenario?)")
        case .missingField(_, let name, let expected):
            "missing \"\(name)\" (\(expected))"
        case .unknownField(_, let name, let allowed, let context):
            "unknown key \(JSONValue.quoted(name)) \(context)"
                + (Suggestions.closest(to: name, among: allowed).map { "; did you mean '\($0)'?" }
                    ?? "; expected one of \(allowed.joined(separator: ", "))")
        case .duplicateField(_, let name):
            "duplicate key \(JSONValue.quoted(name)); each key may appear once"
        case .wrongType(_, let expected, let found):
            "expected \(expected), found \(found)"
        case .nonFiniteNumber(_, let literal):
            "\(literal) is too large to be a number"
        case .outOfRange(_, let literal, let bound):
            "\(literal) is out of range: expected a number \(bound)"
        case .badText(_, let characters, let limit):
            characters == 0 ? "empty; write something here" : "\(characters) characters; at most \(limit)"
        case .unknownEventKind(_, let found):
            "unknown event kind \(JSONValue.quoted(found)); expected one of "
                + ScenarioEventKindName.allNames.joined(separator: ", ")
                + Suggestions.didYouMean(found, among: ScenarioEventKindName.allNames)
        case .invalidTime(_, let found, let hint):
            "expected an ISO 8601 time such as \"2026-09-06T00:00:00+09:00\" or a time after the clock's "
                + "start such as \"+3h\" (s, m, h or d), found \(JSONValue.quoted(found))" + hint
        case .timeOutOfRange(_, let found):
            "\(JSONValue.quoted(found)) is more than 366 days from the clock's start"
        case .mixedTimeForms(_, let first, let second):
            "\(first) and \(second) mix an absolute time and one relative to the clock's start, so their "
                + "order cannot be checked; write both the same way"
        case .endNotAfterStart(_, let start, let end):
            "the event ends (\(JSONValue.quoted(end))) at or before it starts (\(JSONValue.quoted(start)))"
        case .trackTooShort(_, let fixes):
            "a typhoon's track needs at least 2 fixes, found \(fixes)"
        case .trackOutOfOrder(_, let previous, let found):
            "fixes must be in time order: \(JSONValue.quoted(found)) is not after the fix before it "
                + "(\(JSONValue.quoted(previous)))"
        case .trackTooFast(_, let speed):
            "the centre would move at \(Int(speed.rounded())) km/h from the fix before; at most "
                + "\(Int(ScenarioLimits.trackSpeed.upper)) km/h (is a time or a position a typo?)"
        case .ambiguousArea(_, let hasCircleFields):
            hasCircleFields
                ? "an area is a circle (lat, lon, radius) or a box (south, west, north, east), not both"
                : "an empty area; give a circle (lat, lon, radius) or a box (south, west, north, east)"
        case .emptyBox(_, let reason):
            reason
        case .pm25AbovePM10(_, let pm25, let pm10):
            "pm25 (\(pm25)) is above pm10 (\(pm10)); PM10 includes PM2.5, so it is at least as large"
        case .tooMany(_, let what, let count, let limit):
            "\(count) \(what); a scenario may have at most \(limit)"
        }
    }

    /// `file:line:column: $.path: message`.
    package var description: String { location.describing(message) }
}

/// Every problem of one scenario file, found in one pass.
package struct ScenarioValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    package var file: String
    /// The problems in document order (at most ``ScenarioLimits/problems``); never empty.
    package var problems: [ScenarioProblem]
    /// Whether more problems were found than are listed.
    package var isTruncated: Bool

    /// The problems of `file`.
    package init(file: String, problems: [ScenarioProblem], isTruncated: Bool = false) {
        self.file = file
        self.problems = problems
        self.isTruncated = isTruncated
    }

    /// A header line, then one problem per line.
    package var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count)\(isTruncated ? "+" : "") problems"
        var text = "\(count) in scenario file \(file):"
        for problem in problems { text += "\n  " + problem.description }
        if isTruncated { text += "\n  (and more; fix these first)" }
        return text
    }
}
