/// TMN and TMX, the village forecast's daily minimum and maximum (kma-vilage-fcst.md §3, §4): where an
/// issuance puts them and which issuances carry them. The one place this rule is stated: the world's
/// answers (``KMAVillageForecastAnswer``) and recorded answers served for another issuance
/// (``KMARecordedExtremes``) both ask it.
///
/// - **Where.** TMN only on a day's 0600 forecast time, TMX only on its 1500 one, after that time's
///   other rows.
/// - **Which issuances.** A day's TMN is carried by the issuances before its 0500, its TMX by those
///   before its 1400: the issuance whose first forecast hour is the slot itself, and every later one,
///   no longer carries it. The reference observed three points of this (the 0200 issuance has that
///   day's TMN and TMX, the 0500 one that day's TMX only, the 1400 one neither); that the 0800 and 1100
///   issuances still carry the day's TMX is this rule's choice where the reference is silent
///   (UNCONFIRMED there).
enum KMADailyExtremes {
    /// One of the two daily rows.
    enum Kind: Sendable, Hashable, CaseIterable {
        /// TMN, the day's minimum.
        case minimum
        /// TMX, the day's maximum.
        case maximum

        /// The row's `category`.
        var category: String {
            switch self {
            case .minimum: "TMN"
            case .maximum: "TMX"
            }
        }

        /// The hour of the day whose forecast time carries it.
        var hour: Int {
            switch self {
            case .minimum: 6
            case .maximum: 15
            }
        }

        /// Seconds after the day's midnight from which an issuance no longer carries it (0500, 1400:
        /// the issuance whose first forecast hour is the slot).
        var lastIssuanceCutOff: Int { (hour - 1) * 3_600 }

        /// The kind whose category is `category`, nil for any other row.
        init?(category: String) {
            switch category {
            case "TMN": self = .minimum
            case "TMX": self = .maximum
            default: return nil
            }
        }
    }

    /// The daily row `issuance` puts on its forecast time `time`, nil when none (another hour, or an
    /// issuance too late to carry that day's).
    static func kind(at time: KMATime, in issuance: KMATime) -> Kind? {
        guard time.minute == 0, time.seconds % 60 == 0,
            let kind = Kind.allCases.first(where: { $0.hour == time.hour })
        else { return nil }
        let midnight = KMATime(seconds: time.seconds - time.hour * 3_600)
        return issuance < midnight.adding(kind.lastIssuanceCutOff) ? kind : nil
    }
}
