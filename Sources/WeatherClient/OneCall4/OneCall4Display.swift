internal import Foundation

extension WeatherDisplay {
    /// The weather screen's text from One Call 4.0 pages, as ``init(_:placeName:)`` makes it from
    /// current weather: the same strings, units and rounding.
    ///
    /// The current record gives everything but today's high and low. Those come from the day record
    /// of the place's current local date in `days` (a daily record's `dt` falls on its own UTC date,
    /// both at 00:00Z as the live API sends it and at local noon as the documentation shows it); failing
    /// that, from the current temperature and the records of `hours` on that local date; failing that,
    /// they show "--".
    /// - Parameters:
    ///   - current: ``OpenWeatherClient/oneCall4Current(at:)``'s page.
    ///   - hours: A page of ``OneCall4Timeline/hours`` (or quarter hours), used only without a day record.
    ///   - days: A page of ``OneCall4Timeline/days``.
    ///   - placeName: The name to show; without one, the page's coordinate (4.0 names no place).
    /// - Returns: `nil` when `current` holds no record.
    public init?(
        oneCall4 current: OneCall4Page<OneCall4Current>, hours: OneCall4Page<OneCall4Interval>? = nil,
        days: OneCall4Page<OneCall4Day>? = nil, placeName: String? = nil
    ) {
        guard let now = current.first else { return nil }
        let today = Self.dayNumber(now.time, offset: current.timeZoneOffset)
        var high: Temperature?
        var low: Temperature?
        if let day = days?.records.first(where: { Self.dayNumber($0.time, offset: 0) == today }) {
            high = day.temperatures.maximum
            low = day.temperatures.minimum
        } else if let hours {
            let todays =
                [now.temperature]
                + hours.records.filter { Self.dayNumber($0.time, offset: hours.timeZoneOffset) == today }
                .map(\.temperature)
            // Only with at least one hour beside the current reading: one value is no range.
            if todays.count > 1 {
                high = todays.max { $0.kelvin < $1.kelvin }
                low = todays.min { $0.kelvin < $1.kelvin }
            }
        }
        let name = placeName?.trimmingWhitespace
        self.init(
            placeName: name.flatMap { $0.isEmpty ? nil : $0 } ?? current.coordinate.description,
            units: current.units,
            condition: now.primaryCondition,
            temperature: now.temperature,
            feelsLike: now.feelsLike,
            high: high,
            low: low,
            wind: now.wind,
            humidity: now.humidity,
            pressure: now.pressure
        )
    }

    /// Whole days since 1970-01-01 of `time` shifted by `offset` seconds: the calendar date there.
    private static func dayNumber(_ time: Date, offset: Int) -> Int64 {
        let seconds = (time.timeIntervalSince1970 + Double(offset)).rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return .min }
        return Int64(seconds) >= 0 ? Int64(seconds) / 86_400 : (Int64(seconds) - 86_399) / 86_400
    }
}
