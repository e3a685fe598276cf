import Basics

/// A request pattern's `range`: two query parameters that bound a time range in Unix seconds (air
/// pollution history's `start` and `end`), what the interaction answers of them, and, for the
/// interaction that serves data, which items of the body fall in the range (docs/ARCHITECTURE.md#matching).
///
/// One recorded archive so answers every range inside what it covers, as forecast `cnt` serves every
/// count from one 40-item forecast; the interactions that stage the API's 400 for a reversed or
/// malformed range say so with ``Bounds``, so a request can never get data for bounds the API refuses.
package struct RangeRule: Sendable, Hashable {
    /// Which bounds an interaction answers.
    enum Bounds: String, Sendable, Hashable, CaseIterable {
        /// Both whole numbers, the first not after the second, within ``covers``: the data interaction.
        case ordered
        /// Both whole numbers, the first after the second.
        case reversed
        /// Both present, at least one of them not a whole number.
        case malformed
    }

    /// The body items a request for an ordered range gets.
    struct Selection: Sendable, Hashable {
        /// The top-level array member of the JSON body that is cut (`list`).
        var items: String
        /// The number member of each item that must fall in the range (`dt`).
        var key: String
        /// Whether an item at exactly the upper bound is in the range.
        var includesEnd: Bool
    }

    /// The parameter holding the lower bound (lower-case).
    package var from: String
    /// The parameter holding the upper bound (lower-case).
    package var to: String
    var bounds: Bounds
    /// The span the interaction's data is complete for: a range reaching outside it does not match
    /// (nil: unbounded on that side).
    var coversFrom: Int64?
    var coversTo: Int64?
    /// Set exactly when ``bounds`` is ``Bounds/ordered``.
    var selection: Selection?

    /// The request's bounds, as a range rule reads them.
    enum Reading: Sendable, Equatable {
        /// One of the parameters is missing (named).
        case missing(String)
        /// Both present, one not a whole number (the first such parameter and its value).
        case malformed(parameter: String, value: String)
        case values(Int64, Int64)
    }

    func reading(_ parameters: QueryParameters) -> Reading {
        guard let low = parameters[from] else { return .missing(from) }
        guard let high = parameters[to] else { return .missing(to) }
        guard let lowValue = Self.wholeSeconds(low) else { return .malformed(parameter: from, value: low) }
        guard let highValue = Self.wholeSeconds(high) else { return .malformed(parameter: to, value: high) }
        return .values(lowValue, highValue)
    }

    /// How a request's bounds stand against this rule.
    struct Verdict: Sendable, Equatable {
        var passed: Bool
        /// The request lacks the bounds, or carries what the rule excludes (a good range for a 400).
        var lacks: Bool
        /// How far outside the covered span an ordered range is: 1 to 4, a week, a month, a year or
        /// more, so the archive nearest in time is named; 0 otherwise.
        var distance: Int
        /// What differed (`start=1 is after end=0`), for a failed verdict.
        var difference: String
        /// The bounds as requested, for diagnoses.
        var requested: String?
    }

    /// This rule's verdict on a request with `parameters`.
    func verdict(on parameters: QueryParameters) -> Verdict {
        let reading = reading(parameters)
        let requested: String? =
            switch reading {
            case .missing: nil
            case .malformed: "\(from)=\(parameters[from] ?? "")&\(to)=\(parameters[to] ?? "")"
            case .values(let low, let high): "\(Self.time(low)) – \(Self.time(high))"
            }
        func verdict(_ passed: Bool, lacks: Bool = false, distance: Int = 0, _ difference: String = "") -> Verdict {
            Verdict(
                passed: passed, lacks: lacks, distance: distance, difference: "range: \(difference)",
                requested: requested)
        }
        switch (bounds, reading) {
        case (_, .missing(let name)):
            return verdict(false, lacks: true, "\(name) missing, expected \(expectedText)")
        case (.malformed, .malformed):
            return verdict(true)
        case (_, .malformed(let name, let value)):
            return verdict(false, "\(name)=\(value) is not whole Unix seconds")
        // A 400 for bounds the API refuses is further from a good range than an archive covering other
        // times: the request carries what it excludes.
        case (.malformed, .values):
            return verdict(false, lacks: true, "\(from) and \(to) are whole seconds, this answers only malformed ones")
        case (.reversed, .values(let low, let high)):
            return verdict(low > high, lacks: true, "\(from) is not after \(to), this answers only reversed ranges")
        case (.ordered, .values(let low, let high)):
            if low > high { return verdict(false, "\(from)=\(low) is after \(to)=\(high)") }
            if isCovered(low, high) { return verdict(true) }
            let before = coversFrom.map { max(0, $0 - low) } ?? 0
            let after = coversTo.map { max(0, high - $0) } ?? 0
            let days = (before + after + 86_399) / 86_400
            // A week, a month, a year, more: enough to name the archive nearest in time, small enough
            // that a staged error differing in a coordinate is never nearer than the right place's archive.
            let distance = days <= 7 ? 1 : days <= 31 ? 2 : days <= 366 ? 3 : 4
            return verdict(
                false, distance: distance,
                "\(Self.time(low)) – \(Self.time(high)) is outside \(coverageText)")
        }
    }

    /// Whether a request with `parameters` is one this rule answers.
    func accepts(_ parameters: QueryParameters) -> Bool {
        verdict(on: parameters).passed
    }

    private func isCovered(_ low: Int64, _ high: Int64) -> Bool {
        (coversFrom.map { low >= $0 } ?? true) && (coversTo.map { high <= $0 } ?? true)
    }

    /// What the rule asks of a request, for diagnoses and listings.
    var expectedText: String {
        switch bounds {
        case .ordered: "\(from) ≤ \(to) within \(coverageText)"
        case .reversed: "\(from) after \(to)"
        case .malformed: "\(from) or \(to) not whole Unix seconds"
        }
    }

    /// `2022-11-30T15:00:00Z – 2022-12-07T15:00:00Z`, `any time – 2020-11-27T00:00:00Z`.
    var coverageText: String {
        guard coversFrom != nil || coversTo != nil else { return "any time" }
        return "\(coversFrom.map(Self.time) ?? "any time") – \(coversTo.map(Self.time) ?? "any time")"
    }

    /// The bounds a request for an ordered range asks for, nil when it does not ask for one.
    func window(for parameters: QueryParameters) -> ItemWindow? {
        guard bounds == .ordered, let selection, case .values(let low, let high) = reading(parameters), low <= high
        else { return nil }
        return ItemWindow(selection: selection, low: low, high: high)
    }

    /// Values of ``from`` and ``to`` this rule accepts, for requests made from a pattern (HAR export,
    /// `verify`): an ordered rule's whole covered span (a side left open takes the other side's bound).
    package var sampleBounds: (from: String, to: String) {
        switch bounds {
        case .ordered:
            let low = coversFrom ?? coversTo ?? 0
            return (String(low), String(coversTo ?? low))
        case .reversed: return ("2", "1")
        case .malformed: return ("yesterday", "today")
        }
    }

    /// Whole Unix seconds as clients send them: an optional `-` and 1 to 18 digits (so it fits an
    /// Int64); `1670112000.5`, `+1`, ` 1` or `1e9` are not.
    package static func wholeSeconds(_ text: String) -> Int64? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard (1...18).contains(digits.count), digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
            return nil
        }
        return Int64(text)
    }

    /// `2022-12-04T15:00:00Z`, or `Unix time N` for a moment without a four-digit year.
    static func time(_ seconds: Int64) -> String {
        TimestampText.text(wholeSeconds: seconds) ?? "Unix time \(seconds)"
    }
}

/// The items of a body a ranged request keeps: those whose key is a number from `low` to `high`.
package struct ItemWindow: Sendable, Hashable {
    var selection: RangeRule.Selection
    var low: Int64
    var high: Int64

    func contains(_ value: Double) -> Bool {
        value >= Double(low) && (selection.includesEnd ? value <= Double(high) : value < Double(high))
    }
}
