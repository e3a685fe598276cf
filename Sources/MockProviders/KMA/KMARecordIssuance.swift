#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Which issuance of each operation a `mockweather record --api kma` batch asks for: one choice for
/// the batch, resolved per operation by its own schedule (``KMAOperation``), since one time is an
/// issuance of some operations only (0500 is the village forecast's and the nowcast's, the ultra-short
/// forecast's nearest is 0430).
package struct KMARecordIssuance: Sendable, Equatable {
    private enum Choice: Sendable, Equatable {
        /// The latest issuance published at this time (publication delay counted).
        case publishedBy(KMATime)
        /// The latest issuance at or before this time (publication not considered).
        case atOrBefore(KMATime)
    }

    private let choice: Choice

    private init(_ choice: Choice) { self.choice = choice }

    /// Each operation's latest issuance published at `now`: what KMA's client asks for by default,
    /// and what the live API still keeps.
    package static func latestPublished(at now: Date) -> KMARecordIssuance {
        KMARecordIssuance(.publishedBy(KMATime(now)))
    }

    /// Each operation's latest issuance at or before the KST time `text` names, written
    /// `YYYYMMDDTHHMM` (`20261206T0500`); nil when `text` is not that form or names no real minute.
    package init?(text: String) {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let time = KMATime(date: String(parts[0]), time: String(parts[1])) else { return nil }
        choice = .atOrBefore(time)
    }

    /// The issuance of `operation` this choice names: `base_date` + `base_time` of the grid
    /// operations, `basedatetime` of the forecast version's product.
    func issuance(of operation: KMAOperation) -> KMATime {
        switch choice {
        case .publishedBy(let now): operation.latestIssuance(at: now)
        // latestIssuance(at:) steps back by the delay first; stepping forward by it makes `time` itself count.
        case .atOrBefore(let time): operation.latestIssuance(at: time.adding(operation.publicationDelay))
        }
    }
}
