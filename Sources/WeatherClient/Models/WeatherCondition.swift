public import Foundation

/// One entry of the API's `weather` array: a condition such as "overcast clouds".
///
/// A response may list several (e.g. Snow, then Mist); the first is the primary one.
public struct WeatherCondition: Sendable, Hashable, Decodable {
    /// The condition id (e.g. 804); its hundreds give the ``ConditionGroup``.
    public var id: Int
    /// The group name in English as the API sends it, e.g. "Clouds".
    public var main: String
    /// The description, localised by the request's `lang`, e.g. "overcast clouds" or "튼구름".
    public var description: String
    /// The icon code, e.g. "04d".
    public var icon: String

    /// A condition; no validation.
    public init(id: Int, main: String, description: String, icon: String) {
        self.id = id
        self.main = main
        self.description = description
        self.icon = icon
    }

    /// The group this condition belongs to, from its id.
    public var group: ConditionGroup { ConditionGroup(conditionID: id) }

    /// `https://openweathermap.org/img/wn/04d@2x.png`, or `nil` when ``icon`` is not an API icon
    /// code (two digits then `d` or `n`), so a malformed code never becomes a malformed URL.
    public var iconURL: URL? {
        guard Self.isIconCode(icon) else { return nil }
        return URL(string: "https://openweathermap.org/img/wn/\(icon)@2x.png")
    }

    /// Whether `code` has the form of an API icon code: two digits, then `d` (day) or `n` (night).
    static func isIconCode(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        return bytes.count == 3 && bytes[0...1].allSatisfy({ (0x30...0x39).contains($0) })
            && (bytes[2] == UInt8(ascii: "d") || bytes[2] == UInt8(ascii: "n"))
    }
}
