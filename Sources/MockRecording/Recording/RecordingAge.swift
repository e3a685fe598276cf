import Basics
package import MockEngine

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// `validate --max-age`: recorded cassettes older than a limit, so a CI job notices when its cassettes
/// have not been refreshed against the live API for too long.
package struct StaleCassette: Sendable, Equatable, CustomStringConvertible {
    /// The cassette's file (`recorded/current/q-seoul.json`).
    package var file: String
    /// Its `recordedAt` as written.
    package var recordedAt: String
    /// Whole days since then.
    package var ageDays: Int

    /// `recorded/current/q-seoul.json: recorded 2026-01-01T00:00:00Z, 332 days ago`.
    package var description: String {
        LogText.escapingControlCharacters(
            "\(file): recorded \(recordedAt), \(ageDays) \(ageDays == 1 ? "day" : "days") ago")
    }

    /// The `source: recorded` (and `imported`) cassettes whose `recordedAt` lies more than `maximumAge` before `now`, in
    /// path order. (Recorded cassettes always carry `recordedAt`; the loader refuses them otherwise.)
    package static func find(in cassettes: [Cassette], olderThan maximumAge: Duration, now: Date = Date())
        -> [StaleCassette]
    {
        let limit = maximumAge.inSeconds
        return cassettes.compactMap { cassette in
            guard cassette.source == .recorded || cassette.source == .imported, let text = cassette.recordedAt,
                let time = Self.parse(text)
            else {
                return nil
            }
            let age = now.timeIntervalSince(time)
            guard age > limit else { return nil }
            return StaleCassette(file: cassette.file, recordedAt: text, ageDays: Int(age / 86_400))
        }
    }

    /// Reads the ISO 8601 times cassettes allow (`CassetteDecoder.isISO8601Time`): `Z` or an offset,
    /// with or without fractional seconds.
    static func parse(_ text: String) -> Date? {
        ISO8601Time.milliseconds(text).map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }
}
