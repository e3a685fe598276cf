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

    /// A sun or moon event time: `nil` when absent, null or `0`, which the API sends for a day
    /// without that event (polar days, a moon that does not rise).
    func decodeEventTimeIfPresent(forKey key: Key) throws -> Date? {
        guard let seconds = try decodeIfPresent(Double.self, forKey: key), seconds != 0 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
