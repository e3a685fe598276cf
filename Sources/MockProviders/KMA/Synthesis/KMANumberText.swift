/// Numbers as the service writes them in its string values, rounded half away from zero on integers
/// (no `String(format:)`, so a thousand rows cost no formatter): TMP whole (`"14"`), TMN/TMX, T1H and
/// winds with one decimal (`"12.0"`, `"-2.1"`), the far range's amounts bare (`"0"`, `"0.4"`, `"2"`).
/// Never `-0`.
enum KMANumberText {
    /// `value` rounded to a whole number.
    static func whole(_ value: Double) -> String {
        String(rounded(value, scale: 1))
    }

    /// `value` with one decimal.
    static func tenths(_ value: Double) -> String {
        let tenths = rounded(value, scale: 10)
        let magnitude = abs(tenths)
        return (tenths < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    /// `value` to a tenth, without a decimal when it is whole.
    static func bare(_ value: Double) -> String {
        let tenths = rounded(value, scale: 10)
        let magnitude = abs(tenths)
        let sign = tenths < 0 ? "-" : ""
        return magnitude % 10 == 0
            ? sign + String(magnitude / 10) : sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    /// `value × scale` to the nearest integer, halves away from zero; 0 for a value that is not finite.
    private static func rounded(_ value: Double, scale: Double) -> Int {
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite, abs(scaled) < 1e15 else { return 0 }
        return Int(scaled)
    }
}
