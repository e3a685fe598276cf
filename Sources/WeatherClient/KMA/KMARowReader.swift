/// Groups the rows of every page into hours and reads their values (see ``KMAHourBuilder``).
///
/// A row's position (page and index) names its JSON path in an error:
/// `response.body.items.item[12].fcstValue`, with `(page 2)` after the first page.
enum KMARowReader {
    /// A row and where it was.
    struct Located<Row: Sendable>: Sendable {
        var row: Row
        var page: Int
        var index: Int

        func path(_ field: String) -> String {
            KMAPagePath.name("response.body.items.item[\(index)].\(field)", page: page)
        }
    }

    static func forecast(
        _ rows: [Located<KMAForecastRow>], issuance: KMAIssuance, cell: KMAGridCell, totalCount: Int
    ) throws(KMAError) -> KMAForecast {
        var builders: [KMATime: KMAHourBuilder] = [:]
        for located in rows {
            let row = located.row
            guard let time = KMATime(dateText: row.fcstDate, timeText: row.fcstTime) else {
                throw .decoding(
                    path: located.path(
                        KMATime(dateText: row.fcstDate, timeText: "0000") == nil ? "fcstDate" : "fcstTime"),
                    expected: "a KST date and time written yyyyMMdd and HHmm",
                    found: "\(BodyText.quoted(row.fcstDate, limit: 20)) \(BodyText.quoted(row.fcstTime, limit: 20))")
            }
            var builder = builders[time] ?? KMAHourBuilder(operation: issuance.operation, time: time)
            try builder.apply(category: row.category, value: row.fcstValue, path: located.path("fcstValue"))
            builders[time] = builder
        }
        let hours = builders.values.map(\.built).sorted { $0.time < $1.time }
        return KMAForecast(
            issuance: issuance, cell: cell,
            reportedBase: try rows.first.map { located throws(KMAError) in try base(located) }, hours: hours,
            dailyExtremes: extremes(hours), rowCount: totalCount)
    }

    static func nowcast(_ rows: [Located<KMAObservationRow>], issuance: KMAIssuance, cell: KMAGridCell)
        throws(KMAError) -> KMANowcast
    {
        guard let first = rows.first else {
            throw .decoding(path: "response.body.items.item", expected: "at least one observation", found: "no rows")
        }
        var builder = KMAHourBuilder(operation: issuance.operation, time: try base(first))
        for located in rows {
            try builder.apply(
                category: located.row.category, value: located.row.obsrValue, path: located.path("obsrValue"))
        }
        return KMANowcast(issuance: issuance, cell: cell, observation: builder.built)
    }

    private static func base(_ located: Located<some KMABaseRow>) throws(KMAError) -> KMATime {
        let row = located.row
        guard let time = KMATime(dateText: row.baseDate, timeText: row.baseTime) else {
            throw .decoding(
                path: located.path(KMATime(dateText: row.baseDate, timeText: "0000") == nil ? "baseDate" : "baseTime"),
                expected: "a KST date and time written yyyyMMdd and HHmm",
                found: "\(BodyText.quoted(row.baseDate, limit: 20)) \(BodyText.quoted(row.baseTime, limit: 20))")
        }
        return time
    }

    private static func extremes(_ hours: [KMAHourlyWeather]) -> [KMADailyExtremes] {
        var days: [CalendarDate: KMADailyExtremes] = [:]
        for hour in hours where hour.dailyMinimum != nil || hour.dailyMaximum != nil {
            var day = days[hour.time.date] ?? KMADailyExtremes(date: hour.time.date, minimum: nil, maximum: nil)
            day.minimum = hour.dailyMinimum ?? day.minimum
            day.maximum = hour.dailyMaximum ?? day.maximum
            days[hour.time.date] = day
        }
        return days.values.sorted { $0.date < $1.date }
    }
}

/// A row that carries its issuance's base date and time.
protocol KMABaseRow: Sendable {
    var baseDate: String { get }
    var baseTime: String { get }
}

extension KMAForecastRow: KMABaseRow {}
extension KMAObservationRow: KMABaseRow {}
