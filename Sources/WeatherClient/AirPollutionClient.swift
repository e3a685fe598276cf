public import Foundation

// Air pollution: no units and no language; the index and concentrations are the same everywhere.
extension OpenWeatherClient {
    /// The air quality now at a coordinate (`GET /data/2.5/air_pollution`): one reading.
    ///
    /// ```swift
    /// let air = try await client.airPollution(at: seoul)
    /// if let now = air.first { print(AirQualityDisplay(now).summaryKorean) }   // "대기질: 보통"
    /// ```
    /// - Throws: ``WeatherError``; an invalid coordinate is `invalidRequest` before any request.
    public func airPollution(at coordinate: Coordinate) async throws(WeatherError) -> AirPollution {
        try LocationQuery.validate(coordinate)
        return try await fetch(AirPollution.self, .airPollution(coordinate, .now))
    }

    /// Hourly air quality for the next four days at a coordinate (`GET /data/2.5/air_pollution/forecast`).
    /// - Throws: ``WeatherError``; an invalid coordinate is `invalidRequest` before any request.
    public func airPollutionForecast(at coordinate: Coordinate) async throws(WeatherError) -> AirPollution {
        try LocationQuery.validate(coordinate)
        return try await fetch(AirPollution.self, .airPollution(coordinate, .forecast))
    }

    /// Hourly air quality between two times at a coordinate (`GET /data/2.5/air_pollution/history`,
    /// `start` and `end` in whole Unix seconds); the archive begins on 2020-11-27.
    /// - Throws: ``WeatherError``; an invalid coordinate, or `start` after `end`, is `invalidRequest`
    ///   before any request.
    public func airPollutionHistory(at coordinate: Coordinate, from start: Date, to end: Date)
        async throws(WeatherError) -> AirPollution
    {
        try LocationQuery.validate(coordinate)
        guard start <= end else {
            throw .invalidRequest(message: "the history starts (\(start)) after it ends (\(end))")
        }
        return try await fetch(AirPollution.self, .airPollution(coordinate, .history(start: start, end: end)))
    }
}
