import Foundation
import WeatherClient

extension ClientCall {
    /// Makes a KMA call with ``KMAForecastClient`` and reports what it decoded, in the `expect` vocabulary.
    func performKMA(with clients: ContractClients) async -> Outcome {
        do {
            return .decoded(try await observeKMA(with: clients.kma))
        } catch {
            return .failed(ClientFailure(error))
        }
    }

    private func observeKMA(with client: KMAForecastClient) async throws(KMAError) -> Observation {
        var seen = Observation()
        switch self {
        case .villageForecast(let cell):
            seen.forecast(try await client.villageForecast(at: cell), temperature: "TMP", amount: "PCP")
        case .ultraShortForecast(let cell):
            seen.forecast(try await client.ultraShortForecast(at: cell), temperature: "T1H", amount: "RN1")
        case .ultraShortNowcast(let cell):
            let observation = try await client.ultraShortNowcast(at: cell).observation
            seen.record("celsius", from: "T1H", celsius: observation.temperature)
            seen.record(
                "precipitationType", from: "PTY", text: observation.precipitationType.map(kmaCaseName(of:)))
            seen.record("humidity", from: "REH", integer: observation.humidity)
            // KMANowcast keeps no totalCount; one row per category, so the categories decoded are the rows.
            seen.record("count", from: "items.item.count (categories)", integer: observation.rawValues.count)
        case .forecastVersion(let product):
            seen.record(
                "version", from: "items.item[0].version", text: try await client.forecastVersion(product).version)
        default:
            break
        }
        return seen
    }
}

extension Observation {
    /// A village or ultra-short forecast: the first hour's values, how many hours, the first daily
    /// minimum and maximum present (each on its own: a shifted issuance may carry a day's minimum without
    /// its maximum), and `totalCount`.
    fileprivate mutating func forecast(_ forecast: KMAForecast, temperature: String, amount: String) {
        let first = forecast.hours.first
        let village = forecast.issuance.operation == .villageForecast
        record("hours", from: "hours.count (forecast times)", integer: forecast.hours.count)
        record("celsius", from: "first hour's \(temperature)", celsius: first?.temperature)
        record("sky", from: "first hour's SKY", text: first?.sky.map(kmaCaseName(of:)))
        record("precipitationType", from: "first hour's PTY", text: first?.precipitationType.map(kmaCaseName(of:)))
        record("precipitation", from: "first hour's \(amount)", text: first?.rawValues[amount])
        if village {
            record("probability", from: "first hour's POP", integer: first?.precipitationProbability)
        }
        let minimum = forecast.dailyExtremes.lazy.compactMap(\.minimum).first
        let maximum = forecast.dailyExtremes.lazy.compactMap(\.maximum).first
        record("minCelsius", from: "the first TMN", celsius: minimum)
        record("maxCelsius", from: "the first TMX", celsius: maximum)
        record("count", from: "totalCount", integer: forecast.rowCount)
    }
}

/// `clear`, `mostlyCloudy`, `unrecognized(2)`: the case name an `expect` block writes.
func kmaCaseName(of sky: KMASky) -> String {
    switch sky {
    case .clear: "clear"
    case .mostlyCloudy: "mostlyCloudy"
    case .overcast: "overcast"
    case .unrecognized(let code): "unrecognized(\(code))"
    }
}

/// `none`, `rain`, `snowFlurries`, `unrecognized(9)`: the case name an `expect` block writes.
func kmaCaseName(of type: KMAPrecipitationType) -> String {
    switch type {
    case .none: "none"
    case .rain: "rain"
    case .rainAndSnow: "rainAndSnow"
    case .snow: "snow"
    case .shower: "shower"
    case .drizzle: "drizzle"
    case .drizzleAndSnowFlurries: "drizzleAndSnowFlurries"
    case .snowFlurries: "snowFlurries"
    case .unrecognized(let code): "unrecognized(\(code))"
    }
}

extension KMAProductType {
    /// `villageForecast`: the case name, for a call's description.
    var caseName: String {
        switch self {
        case .nowcast: "nowcast"
        case .ultraShortForecast: "ultraShortForecast"
        case .villageForecast: "villageForecast"
        }
    }
}
