internal import Foundation

extension KeyedDecodingContainer {
    /// A Unix timestamp in seconds (`dt`, `sunrise`, ...) as a `Date`, whatever date strategy
    /// the decoder was configured with.
    func decodeUnixTime(forKey key: Key) throws -> Date {
        Date(timeIntervalSince1970: try decode(Double.self, forKey: key))
    }

    /// A Unix timestamp in seconds when the key is present and not null.
    func decodeUnixTimeIfPresent(forKey key: Key) throws -> Date? {
        try decodeIfPresent(Double.self, forKey: key).map { Date(timeIntervalSince1970: $0) }
    }
}
