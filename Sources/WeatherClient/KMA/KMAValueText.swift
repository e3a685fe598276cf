// How a row's value text becomes a number, and the one rule for missing values.
//
// Missing values: the guide says "+900 이상, -900 이하는 Missing 값" (over the sea the village
// forecast masks temperature, probability, amounts and humidity that way). A value whose number
// is 900 or more, or -900 or less, is missing; so is an empty value or the text `Missing` (any
// case). A missing value becomes `nil` in the typed field and stays, as sent, in `rawValues`.
// Anything else that is not a number where the category needs one is a decoding error naming
// the row's JSON path.

/// A value's text read as the number a category needs.
enum KMAValueText: Equatable {
    case number(Double)
    case missing
    case unreadable

    init(_ text: String) {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty || trimmed.lowercased() == "missing" {
            self = .missing
        } else if let value = Self.decimal(trimmed) {
            self = Self.isMissing(value) ? .missing : .number(value)
        } else {
            self = .unreadable
        }
    }

    /// Whether a number is the guide's missing marker.
    static func isMissing(_ value: Double) -> Bool { value >= 900 || value <= -900 }

    /// A plain decimal (`14`, `-2.1`, `+3`, `0.5`, `.5`), or `nil`: no exponents, no `nan` or
    /// `inf`, no hex floats, which `Double(_:)` would also accept.
    static func decimal(_ text: some StringProtocol) -> Double? {
        var digits = 0
        var dots = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): if offset != 0 { return nil }
            default: return nil
            }
        }
        guard digits > 0, dots <= 1 else { return nil }
        return Double(String(text))
    }
}
