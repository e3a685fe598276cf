public import Foundation

// One Call 3.0: a separate subscription at OpenWeatherMap. A key without it gets 401 with the API's
// own "requires a separate subscription" message, which surfaces unchanged in `unauthorized`.
extension OpenWeatherClient {
    /// Current weather, minutely precipitation, hourly and daily forecasts and alerts at a coordinate
    /// (`GET /data/3.0/onecall`), in the client's units and language.
    ///
    /// ```swift
    /// let oneCall = try await client.oneCall(at: seoul, excluding: [.minutely, .alerts])
    /// print(oneCall.daily?.first?.temperatures.maximum.formatted() ?? "--")   // "1.4°C"
    /// ```
    /// - Parameter blocks: Blocks to leave out (`exclude`, sent in the API's order); they decode as `nil`.
    /// - Throws: ``WeatherError``; an invalid coordinate is `invalidRequest` before any request; a
    ///   key without a One Call subscription is `unauthorized` with the API's message.
    public func oneCall(at coordinate: Coordinate, excluding blocks: Set<OneCallBlock> = []) async throws(WeatherError)
        -> OneCall
    {
        try LocationQuery.validate(coordinate)
        return try await fetch(OneCall.self, .oneCall(coordinate, excluding: blocks))
    }

    /// The weather at a coordinate at `time`, from the archive back to 1979 or up to a few days ahead
    /// (`GET /data/3.0/onecall/timemachine`, `dt` in whole Unix seconds).
    /// - Throws: ``WeatherError``; an invalid coordinate is `invalidRequest` before any request; a time
    ///   outside what the API holds is the API's own 400 (`invalidRequest` with its message).
    public func historicalWeather(at coordinate: Coordinate, time: Date) async throws(WeatherError)
        -> HistoricalWeather
    {
        try LocationQuery.validate(coordinate)
        return try await fetch(HistoricalWeather.self, .timeMachine(coordinate, time: time))
    }

    /// The day's aggregated weather at a coordinate (`GET /data/3.0/onecall/day_summary`).
    /// - Parameters:
    ///   - date: The day, sent as `date=YYYY-MM-DD`.
    ///   - utcOffset: The offset the day runs in (`tz`, e.g. `+09:00`); `nil` lets the API use the
    ///     place's own.
    /// - Throws: ``WeatherError``; an invalid coordinate is `invalidRequest` before any request.
    public func daySummary(at coordinate: Coordinate, date: CalendarDate, utcOffset: UTCOffset? = nil)
        async throws(WeatherError) -> DaySummary
    {
        try LocationQuery.validate(coordinate)
        return try await fetch(DaySummary.self, .daySummary(coordinate, date: date, utcOffset: utcOffset))
    }

    /// A written summary of the weather today, or on `date` (today or tomorrow), at a coordinate
    /// (`GET /data/3.0/onecall/overview`). The text is English; no `lang` is sent.
    /// - Throws: ``WeatherError``; an invalid coordinate is `invalidRequest` before any request.
    public func weatherOverview(at coordinate: Coordinate, date: CalendarDate? = nil) async throws(WeatherError)
        -> WeatherOverview
    {
        try LocationQuery.validate(coordinate)
        return try await fetch(WeatherOverview.self, .overview(coordinate, date: date))
    }
}
