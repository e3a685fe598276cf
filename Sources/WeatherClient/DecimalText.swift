internal import Foundation

/// Decimal arithmetic for everything a person reads: rounding and query values.
///
/// A `Double` such as `0.05` is really 0.05000000000000000277; rounding it in binary works by luck
/// and fails for values like `273.2 - 273.15` (0.04999999999995453). Converting through the
/// shortest decimal representation (the digits Swift prints, which round-trip exactly) and doing
/// the arithmetic in `Decimal` rounds the number the person sees, not its binary neighbour.
enum DecimalText {
    /// The decimal a `Double` stands for: its shortest round-tripping representation.
    static func decimal(_ value: Double) -> Decimal {
        Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
    }

    /// `value` rounded to `places` decimal places, halves away from zero; never negative zero.
    static func rounded(_ value: Decimal, places: Int) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, places, .plain)
        return result.isZero ? Decimal(0) : result
    }

    /// `value` written with exactly `places` decimal places, e.g. `26.9`, `27`, `-2.3`, `0.0`.
    static func fixed(_ value: Decimal, places: Int) -> String {
        let rounded = rounded(value, places: places)
        var text = "\(rounded)"
        guard places > 0 else { return text }
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: text.index(after: dot), to: text.endIndex)
            text += String(repeating: "0", count: max(0, places - decimals))
        } else {
            text += "." + String(repeating: "0", count: places)
        }
        return text
    }

    /// A coordinate or other number as a query value: plain decimal digits, never an exponent.
    static func plain(_ value: Double) -> String {
        "\(decimal(value))"
    }
}
