internal import Foundation

/// A temperature scale.
public enum TemperatureUnit: String, Sendable, Hashable, CaseIterable {
    /// Kelvin, the API's `standard` units.
    case kelvin
    /// Degrees Celsius, the API's `metric` units.
    case celsius
    /// Degrees Fahrenheit, the API's `imperial` units.
    case fahrenheit

    /// The symbol shown after a value: `K`, `°C` or `°F`.
    public var symbol: String {
        switch self {
        case .kelvin: "K"
        case .celsius: "°C"
        case .fahrenheit: "°F"
        }
    }
}

/// A temperature: a value together with the scale it is in, so it can never be misread.
///
/// Conversions are exact decimal arithmetic where a person reads the result (``formatted(_:)``),
/// and ordinary `Double` arithmetic for the numeric accessors. Display rounds half away from zero
/// (-0.5 °C shows as "-1°", 26.85 °C as "26.9°C") and never shows a negative zero ("0°", not "-0°").
public struct Temperature: Sendable, Hashable, CustomStringConvertible {
    /// How a temperature is written for display.
    public enum Style: Sendable, Hashable {
        /// One decimal place and the unit symbol: "26.9°C", "-2.3°C", "80.3°F", "300.0 K".
        case precise
        /// Whole degrees with a bare degree sign, as weather screens show it: "27°", "-2°".
        /// Kelvin, which has no degrees, is written "300 K".
        case whole
    }

    /// The value in ``unit``, exactly as received or constructed.
    public var value: Double
    /// The scale ``value`` is in.
    public var unit: TemperatureUnit

    /// A temperature of `value` in `unit`.
    public init(_ value: Double, _ unit: TemperatureUnit) {
        self.value = value
        self.unit = unit
    }

    /// A temperature in kelvin.
    public static func kelvin(_ value: Double) -> Temperature { Temperature(value, .kelvin) }
    /// A temperature in degrees Celsius.
    public static func celsius(_ value: Double) -> Temperature { Temperature(value, .celsius) }
    /// A temperature in degrees Fahrenheit.
    public static func fahrenheit(_ value: Double) -> Temperature { Temperature(value, .fahrenheit) }

    /// The value in kelvin.
    public var kelvin: Double { value(in: .kelvin) }
    /// The value in degrees Celsius.
    public var celsius: Double { value(in: .celsius) }
    /// The value in degrees Fahrenheit.
    public var fahrenheit: Double { value(in: .fahrenheit) }

    /// The value converted to `target` with `Double` arithmetic (use ``formatted(_:in:)`` for
    /// display, which converts in decimal).
    public func value(in target: TemperatureUnit) -> Double {
        let celsius: Double
        switch unit {
        case .kelvin: celsius = value - 273.15
        case .celsius: celsius = value
        case .fahrenheit: celsius = (value - 32) * 5 / 9
        }
        switch target {
        case .kelvin: return celsius + 273.15
        case .celsius: return celsius
        case .fahrenheit: return celsius * 9 / 5 + 32
        }
    }

    /// This temperature expressed in `target`.
    public func converted(to target: TemperatureUnit) -> Temperature {
        Temperature(value(in: target), target)
    }

    /// The text a person reads, in `target` (default: this temperature's own unit).
    ///
    /// Rounds half away from zero on the decimal value, so 300 K is "26.9°C" and 0.05 °C is
    /// "0.1°C". A value that rounds to zero is written without a sign. A non-finite value
    /// (which the API never sends) is written "--" followed by the unit symbol, never a crash.
    public func formatted(_ style: Style = .precise, in target: TemperatureUnit? = nil) -> String {
        let target = target ?? unit
        guard value.isFinite else {
            return style == .whole && target != .kelvin ? "--°" : "--\(separator(target))\(target.symbol)"
        }
        let number = Self.decimalValue(DecimalText.decimal(value), from: unit, to: target)
        switch style {
        case .precise:
            return DecimalText.fixed(number, places: 1) + separator(target) + target.symbol
        case .whole:
            let digits = DecimalText.fixed(number, places: 0)
            return target == .kelvin ? "\(digits) K" : "\(digits)°"
        }
    }

    /// "26.9°C": the precise form in this temperature's own unit.
    public var description: String { formatted(.precise) }

    private func separator(_ unit: TemperatureUnit) -> String { unit == .kelvin ? " " : "" }

    /// Exact decimal conversion; only Fahrenheit-to-other needs a division that does not
    /// terminate, and `Decimal` carries 38 digits for it.
    private static func decimalValue(_ value: Decimal, from source: TemperatureUnit, to target: TemperatureUnit)
        -> Decimal
    {
        let offset = Decimal(string: "273.15")!
        let celsius: Decimal
        switch source {
        case .kelvin: celsius = value - offset
        case .celsius: celsius = value
        case .fahrenheit: celsius = (value - 32) * 5 / 9
        }
        switch target {
        case .kelvin: return celsius + offset
        case .celsius: return celsius
        case .fahrenheit: return celsius * 9 / 5 + 32
        }
    }
}
