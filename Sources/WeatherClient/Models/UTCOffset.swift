/// A fixed offset from UTC, written `±HH:MM` as One Call's `tz` parameter and field are (`+09:00`).
///
/// Offsets run from -12:00 to +14:00, the range of the world's time zones; ``init(hours:minutes:)``
/// and ``init(_:)`` return `nil` outside it, so a malformed offset never reaches a request.
public struct UTCOffset: Sendable, Hashable, CustomStringConvertible, Decodable {
    /// Seconds east of UTC (`32400` for `+09:00`), a whole number of minutes.
    public let seconds: Int

    /// `hours` and `minutes` east of UTC; both take the offset's sign (`hours: -3, minutes: 30`
    /// is -03:30). `nil` outside -12:00...+14:00 or when `minutes` is not 0...59.
    public init?(hours: Int, minutes: Int = 0) {
        guard (0...59).contains(minutes) else { return nil }
        let total = hours * 3600 + (hours < 0 ? -minutes : minutes) * 60
        guard (-12 * 3600...14 * 3600).contains(total) else { return nil }
        seconds = total
    }

    /// Parses exactly `+HH:MM` or `-HH:MM`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes[3] == UInt8(ascii: ":"),
            [1, 2, 4, 5].allSatisfy({ (0x30...0x39).contains(bytes[$0]) })
        else { return nil }
        let hours = Int(bytes[1] - 0x30) * 10 + Int(bytes[2] - 0x30)
        let minutes = Int(bytes[4] - 0x30) * 10 + Int(bytes[5] - 0x30)
        guard (0...59).contains(minutes) else { return nil }
        let total = (hours * 3600 + minutes * 60) * (bytes[0] == UInt8(ascii: "-") ? -1 : 1)
        guard (-12 * 3600...14 * 3600).contains(total) else { return nil }
        seconds = total
    }

    /// UTC itself, `+00:00`.
    public static let utc = UTCOffset(hours: 0)!

    /// Decodes a `±HH:MM` string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let offset = UTCOffset(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a UTC offset written ±HH:MM")
            )
        }
        self = offset
    }

    /// `+09:00`, `-03:30`, `+00:00`.
    public var description: String {
        let magnitude = abs(seconds) / 60
        let hours = magnitude / 60
        let minutes = magnitude % 60
        return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "")
            + "\(minutes)"
    }
}
