/// A whole issuance of the village forecast or the ultra-short forecast for one grid cell, every
/// page read, its rows grouped into hours.
public struct KMAForecast: Sendable, Hashable {
    /// The issuance that was asked for.
    public var issuance: KMAIssuance
    /// The cell that was asked for.
    public var cell: KMAGridCell
    /// The base date and time the rows carry. Usually ``KMAIssuance/base``, but the API has been seen
    /// to answer a request for an ultra-short forecast at 0030 with rows labelled 0000, so the
    /// client does not assume they agree. `nil` when there were no rows.
    public var reportedBase: KMATime?
    /// One entry per forecast time, earliest first, whatever order the rows came in (the village
    /// forecast sends them time by time, the ultra-short forecast category by category).
    public var hours: [KMAHourlyWeather]
    /// The daily minimum and maximum temperatures the issuance carries (TMN on 0600 rows, TMX on
    /// 1500 rows), one entry per day that has either, earliest first. An issuance after 0500 no
    /// longer carries that day's minimum, and one after 1400 neither: ask an earlier issuance
    /// (``KMAIssuance/previous``) for today's.
    public var dailyExtremes: [KMADailyExtremes]
    /// How many rows the answer had (`totalCount`).
    public var rowCount: Int

    /// A forecast; no validation.
    public init(
        issuance: KMAIssuance, cell: KMAGridCell, reportedBase: KMATime?, hours: [KMAHourlyWeather],
        dailyExtremes: [KMADailyExtremes], rowCount: Int
    ) {
        self.issuance = issuance
        self.cell = cell
        self.reportedBase = reportedBase
        self.hours = hours
        self.dailyExtremes = dailyExtremes
        self.rowCount = rowCount
    }
}

/// A day's minimum and maximum temperature as one issuance forecasts them.
public struct KMADailyExtremes: Sendable, Hashable {
    /// The day, KST.
    public var date: CalendarDate
    /// `TMN`, when the issuance carries it for the day.
    public var minimum: Temperature?
    /// `TMX`, when the issuance carries it for the day.
    public var maximum: Temperature?

    /// Extremes; no validation.
    public init(date: CalendarDate, minimum: Temperature?, maximum: Temperature?) {
        self.date = date
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// The ultra-short nowcast (초단기실황) for one grid cell: the observation of one hour.
public struct KMANowcast: Sendable, Hashable {
    /// The issuance that was asked for.
    public var issuance: KMAIssuance
    /// The cell that was asked for.
    public var cell: KMAGridCell
    /// The observed values; its time is the base date and time the rows carry.
    public var observation: KMAHourlyWeather

    /// A nowcast; no validation.
    public init(issuance: KMAIssuance, cell: KMAGridCell, observation: KMAHourlyWeather) {
        self.issuance = issuance
        self.cell = cell
        self.observation = observation
    }
}
