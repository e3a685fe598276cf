/// A precipitation amount (`PCP`, `RN1`, in mm) or fresh snow (`SNO`, in cm), read from the text
/// the API sends into the band it names.
///
/// | text | amount |
/// |---|---|
/// | `강수없음`, `적설없음`, `-`, `null`, `0` | ``none`` |
/// | `1mm 미만`, `0.5cm 미만` (older guides: `1.0mm 미만`, `1.0cm 미만`) | ``lessThan(_:)`` |
/// | `6.2mm`, `2.3cm`, or a bare number `6.2` (the far-range rows, the nowcast's `RN1`) | ``exactly(_:)`` |
/// | `30.0~50.0mm` | ``range(from:below:)`` |
/// | `50.0mm 이상`, `5.0cm 이상` | ``atLeast(_:)`` |
///
/// The guide's bands are half-open: `30.0~50.0mm` is 30.0 up to but not including 50.0, because
/// 50.0 itself is `50.0mm 이상`. The unit suffix is not checked against the category (the field
/// says which unit it is in).
public enum KMAAmount: Sendable, Hashable, CustomStringConvertible {
    /// No precipitation or snow.
    case none
    /// Some, less than the bound: `1mm 미만` is `lessThan(1)`, 0 < amount < 1.
    case lessThan(Double)
    /// The amount itself: `6.2mm` is `exactly(6.2)`.
    case exactly(Double)
    /// A band: `30.0~50.0mm` is `range(from: 30, below: 50)`, 30 ≤ amount < 50.
    case range(from: Double, below: Double)
    /// At least the bound: `50.0mm 이상` is `atLeast(50)`.
    case atLeast(Double)

    /// The amount in one of the API's text forms, or `nil` for text that is none of them or is the
    /// guide's missing marker (a number ≥ 900 or ≤ -900).
    public init?(_ text: String) {
        guard case .amount(let amount) = Self.parse(text) else { return nil }
        self = amount
    }

    /// The smallest amount the value allows (0 for ``none`` and ``lessThan(_:)``).
    public var lowerBound: Double {
        switch self {
        case .none, .lessThan: 0
        case .exactly(let value), .atLeast(let value): value
        case .range(let from, _): from
        }
    }

    /// The bound the amount stays below, or the amount itself for ``exactly(_:)`` and 0 for
    /// ``none``; `nil` for ``atLeast(_:)``, which has no upper bound.
    public var upperBound: Double? {
        switch self {
        case .none: 0
        case .lessThan(let bound): bound
        case .exactly(let value): value
        case .range(_, let below): below
        case .atLeast: nil
        }
    }

    /// Whether `amount` lies in the band: `lessThan(1)` contains 0.4 but neither 0 nor 1,
    /// `range(from: 30, below: 50)` contains 30 but not 50.
    public func contains(_ amount: Double) -> Bool {
        switch self {
        case .none: amount == 0
        case .lessThan(let bound): amount > 0 && amount < bound
        case .exactly(let value): amount == value
        case .range(let from, let below): amount >= from && amount < below
        case .atLeast(let bound): amount >= bound
        }
    }

    /// `none`, `<1`, `6.2`, `30~<50`, `≥50` (no unit: the field says which).
    public var description: String {
        switch self {
        case .none: "none"
        case .lessThan(let bound): "<\(Self.text(bound))"
        case .exactly(let value): Self.text(value)
        case .range(let from, let below): "\(Self.text(from))~<\(Self.text(below))"
        case .atLeast(let bound): "≥\(Self.text(bound))"
        }
    }

    /// What a value's text holds.
    enum Parsed: Equatable {
        case amount(KMAAmount)
        case missing
        case unreadable
    }

    static func parse(_ text: String) -> Parsed {
        let trimmed = text.trimmingWhitespace
        if ["강수없음", "적설없음", "-", "null"].contains(trimmed) { return .amount(.none) }
        if let bound = trimmed.removingSuffix("미만") {
            guard let value = number(bound), value > 0 else { return .unreadable }
            return .amount(.lessThan(value))
        }
        if let bound = trimmed.removingSuffix("이상") {
            guard let value = number(bound), value >= 0 else { return .unreadable }
            return .amount(.atLeast(value))
        }
        let parts = trimmed.split(separator: "~", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let from = number(parts[0]), let below = number(parts[1]), from >= 0, from < below else {
                return .unreadable
            }
            return .amount(.range(from: from, below: below))
        }
        switch KMAValueText(trimmed.removingSuffix("mm") ?? trimmed.removingSuffix("cm") ?? trimmed) {
        case .missing: return .missing
        case .unreadable: return .unreadable
        case .number(let value) where value < 0: return .unreadable
        case .number(let value): return .amount(value == 0 ? .none : .exactly(value))
        }
    }

    /// `30.0`, `30.0mm`, `0.5cm` as a number.
    private static func number(_ text: some StringProtocol) -> Double? {
        let trimmed = String(text).trimmingWhitespace
        let bare = trimmed.removingSuffix("mm") ?? trimmed.removingSuffix("cm") ?? trimmed
        guard let value = KMAValueText.decimal(bare.trimmingWhitespace), !KMAValueText.isMissing(value) else {
            return nil
        }
        return value
    }

    private static func text(_ value: Double) -> String { DecimalText.plain(value) }
}

extension String {
    /// The text before `suffix`, white space trimmed, or `nil` when it does not end with `suffix`.
    fileprivate func removingSuffix(_ suffix: String) -> String? {
        hasSuffix(suffix) ? String(dropLast(suffix.count)).trimmingWhitespace : nil
    }
}
