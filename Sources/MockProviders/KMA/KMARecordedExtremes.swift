import Basics

/// A recorded village forecast's rows in the order they are served as another issuance of the day,
/// with TMN and TMX where the API puts them. Shifting a recording moves every row by the difference of
/// the issuances; a shift of whole days keeps TMN on 0600 and TMX on 1500, any other moves them off
/// (the 0500 recording served as 2300 would have TMX at 0900). So for a shift that is not whole days
/// the recorded TMN/TMX rows are dropped and the served forecast times get theirs as
/// ``KMADailyExtremes`` says the requested issuance carries them. This is the one place that choice
/// is documented:
///
/// - **Values.** A served day takes the recording's TMN/TMX of the same day counted from the
///   issuance: the day as many days after the recorded issuance's date as the served day is after the
///   requested one's ("today" stays today, "tomorrow" tomorrow), as recorded (`"12.0"`, `"-999"`).
/// - **A day the recording has none for** (the recorded issuance no longer carried it, the 0500 one
///   serving the 0200's TMN of the day, or its range ended before that day): the lowest or highest of
///   that served day's TMP rows, one decimal, as the world's TMN/TMX are written; the service's missing
///   value `-999` when the day has no TMP that is not missing (a sea cell).
/// - **Where.** After the last row of the served 0600 or 1500 forecast time (the service's order puts
///   them after SNO), with that row's members in their order and types and its `category` and
///   `fcstValue` replaced. A forecast time the served rows do not have gets none: the recording's
///   range is served as it is, only the daily rows follow the API.
struct KMARecordedExtremes {
    /// One served row.
    enum Entry {
        /// The recorded row at this index, moved as every row is.
        case recorded(Int)
        /// A daily row of `kind` with `value`, written as the recorded row `after` with its category
        /// and value replaced.
        case daily(KMADailyExtremes.Kind, value: String, after: Int)
    }

    /// The served rows in the service's order.
    let entries: [Entry]

    /// The layout of `rows`, recorded as issuance `recorded`, served as `requested`.
    init(rows: [[(String, JSONValue)]], recorded: KMATime, requested: KMATime) {
        let shift = requested.seconds - recorded.seconds
        var recordedValues: [DailyKey: String] = [:]
        var temperatures: [Int: TemperatureRange] = [:]
        var served: [KMATime?] = []
        served.reserveCapacity(rows.count)
        for row in rows {
            let time = KMATime(date: row.text("fcstDate") ?? "", time: row.text("fcstTime") ?? "")
            served.append(time?.adding(shift))
            guard let time, let category = row.text("category") else { continue }
            if let kind = KMADailyExtremes.Kind(category: category), let value = row.text("fcstValue") {
                let key = DailyKey(kind: kind, daysAfterIssuance: time.day - recorded.day)
                if recordedValues[key] == nil { recordedValues[key] = value }
            } else if category == "TMP" {
                temperatures[time.adding(shift).day, default: TemperatureRange()].add(row.text("fcstValue"))
            }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(rows.count + 8)
        var written: Set<DailyKey> = []
        let kept = rows.indices.filter { index in
            rows[index].text("category").flatMap(KMADailyExtremes.Kind.init(category:)) == nil
        }
        for (position, index) in kept.enumerated() {
            entries.append(.recorded(index))
            // A daily row follows the last row of its forecast time.
            guard let time = served[index], position + 1 == kept.count || served[kept[position + 1]] != time,
                let kind = KMADailyExtremes.kind(at: time, in: requested)
            else { continue }
            let key = DailyKey(kind: kind, daysAfterIssuance: time.day - requested.day)
            guard written.insert(key).inserted else { continue }
            let value =
                recordedValues[key] ?? temperatures[time.day, default: TemperatureRange()].text(of: kind)
            entries.append(.daily(kind, value: value, after: index))
        }
        self.entries = entries
    }

    /// A daily row of one day, the day counted from its issuance's date.
    private struct DailyKey: Hashable {
        var kind: KMADailyExtremes.Kind
        var daysAfterIssuance: Int
    }

    /// The lowest and highest TMP of a served day that are not the service's missing value.
    private struct TemperatureRange {
        var lowest = Double.infinity
        var highest = -Double.infinity

        /// Counts a TMP value; text that is no number, or a missing value (±900 or beyond), is left out.
        mutating func add(_ text: String?) {
            guard let value = text.flatMap(Double.init), value.isFinite, abs(value) < 900 else { return }
            lowest = min(lowest, value)
            highest = max(highest, value)
        }

        /// The daily row's value: one decimal, or the missing value without any TMP.
        func text(of kind: KMADailyExtremes.Kind) -> String {
            guard lowest <= highest else { return KMAVillageForecastAnswer.missing }
            return KMANumberText.tenths(kind == .minimum ? lowest : highest)
        }
    }
}
