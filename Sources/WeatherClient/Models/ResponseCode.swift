/// The API's `cod` field, which is an Int in some responses (`200`, `401`, `429`) and a String in
/// others (`"200"` in forecasts, `"404"`, `"400"`).
///
/// Both spellings decode; ``value`` is the number when the text is one. Anything else (a Bool, an
/// object, a fractional number) fails to decode with a message naming the field.
public struct ResponseCode: Sendable, Hashable, Decodable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The code as sent, written as text (`"200"` for both `200` and `"200"`).
    public var text: String
    /// The code as a number, or `nil` when the text is not an integer.
    public var value: Int? { Int(text) }

    /// A code from its number.
    public init(_ value: Int) { text = String(value) }
    /// A code from its text, as it may appear in a body.
    public init(text: String) { self.text = text }
    /// A code from an integer literal.
    public init(integerLiteral value: Int) { self.init(value) }

    /// Decodes an Int or a String.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            text = String(number)
        } else if let string = try? container.decode(String.self) {
            text = string
        } else {
            throw DecodingError.typeMismatch(
                ResponseCode.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected an integer or a string")
            )
        }
    }

    /// The code's text, e.g. `404`.
    public var description: String { text }
}
