import Basics

/// Writes a synthetic answer's JSON straight into bytes, in the member order the API prints, with
/// its numbers rounded as the API rounds them: one pass, no tree, no intermediate strings, so a full
/// One Call answer stays well under a millisecond. Strings go through the package's one JSON string
/// writer (``JSONValue/writeString(_:into:)``); unit conversion is ``UnitConversion``'s.
struct SyntheticJSON {
    /// The text written so far.
    private(set) var bytes: [UInt8] = []
    /// The unit system temperatures and wind speeds are written in.
    let units: Units
    /// Whether the next member or element follows another, so needs a comma.
    private var followsValue = false

    /// An empty writer for `units`, with room for `capacity` bytes.
    init(units: Units, capacity: Int = 1_024) {
        self.units = units
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject(_ name: StaticString? = nil) {
        if let name { key(name) } else { separate() }
        bytes.append(UInt8(ascii: "{"))
        followsValue = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        followsValue = true
    }

    mutating func beginArray(_ name: StaticString? = nil) {
        if let name { key(name) } else { separate() }
        bytes.append(UInt8(ascii: "["))
        followsValue = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        followsValue = true
    }

    /// `"name":text`, the text a string.
    mutating func string(_ name: StaticString, _ text: String) {
        key(name)
        JSONValue.writeString(text, into: &bytes)
        followsValue = true
    }

    /// An array element or a value after ``key(_:)`` that is a string.
    mutating func string(_ text: String) {
        separate()
        JSONValue.writeString(text, into: &bytes)
        followsValue = true
    }

    /// `"name":value`, a whole number.
    mutating func integer(_ name: StaticString, _ value: Int64) {
        key(name)
        appendInteger(value)
        followsValue = true
    }

    /// `"name":value` rounded to 2 decimals half away from zero, as ``UnitConversion/rounded(_:)``
    /// rounds, written as ``UnitConversion/format(_:)`` writes it (`270.81`, `27`, `0.4`).
    mutating func decimal(_ name: StaticString, _ value: Double) {
        key(name)
        appendDecimal(value)
        followsValue = true
    }

    /// A coordinate as the API prints it: 4 decimals.
    mutating func coordinate(_ name: StaticString, _ degrees: Double) {
        key(name)
        let scaled = (degrees * 10_000).rounded(.toNearestOrAwayFromZero)
        appendFixed(Int64(scaled), decimals: 4)
        followsValue = true
    }

    /// A temperature given in °C, written in ``units``.
    mutating func temperature(_ name: StaticString, celsius: Double) {
        decimal(name, UnitConversion.temperature(celsius, from: .metric, to: units))
    }

    /// A wind speed given in m/s, written in ``units`` (mph for imperial).
    mutating func windSpeed(_ name: StaticString, metresPerSecond: Double) {
        decimal(name, UnitConversion.windSpeed(metresPerSecond, from: .metric, to: units))
    }

    /// `"name":` after a comma when one is due: a value is written next.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        followsValue = false
    }

    private mutating func separate() {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendDecimal(_ value: Double) {
        // Past 2^53 / 100 a Double has no hundredths (and JSON has no infinity): no weather is there.
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        guard abs(value) < 9e13 else {
            bytes.append(contentsOf: UnitConversion.format(value).utf8)
            return
        }
        appendFixed(Int64((value * 100).rounded(.toNearestOrAwayFromZero)), decimals: 2)
    }

    /// `scaled / 10^decimals` with trailing zeros (and a bare point) dropped, `-0` as `0`.
    private mutating func appendFixed(_ scaled: Int64, decimals: Int) {
        var divisor: Int64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        appendInteger(Int64(magnitude / UInt64(divisor)))
        var fraction = magnitude % UInt64(divisor)
        guard fraction != 0 else { return }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var place = UInt64(1)
        for _ in 1..<digits { place *= 10 }
        while place > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / place % 10))
            place /= 10
        }
    }

    private mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }
}
