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
        case .villageForecast(let cell, let baseTime):
            let issuance = baseTime.flatMap { Self.latestVillageIssuance(at: $0, availableAt: Date()) }
            seen.forecast(
                try await client.villageForecast(at: cell, issuance: issuance), temperature: "TMP", amount: "PCP")
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

extension ClientCall {
    /// The call, for a village forecast asked at the base time `contract`'s recording was issued at.
    func atRecordedIssuance(of contract: ContractCase) -> ClientCall {
        guard case .villageForecast(let cell, nil) = self, let baseTime = contract.recordedKMABaseTime else {
            return self
        }
        return .villageForecast(cell, recordedBaseTime: baseTime)
    }

    /// The newest village forecast issuance at `baseTime` (`0500`) available at `instant`: within the
    /// last day, which the API still keeps.
    static func latestVillageIssuance(at baseTime: String, availableAt instant: Date) -> KMAIssuance? {
        for back in 0..<8 {
            guard
                let issuance = KMAIssuance.latest(
                    .villageForecast, availableAt: instant.addingTimeInterval(-Double(back) * 3 * 3_600))
            else { return nil }
            if String(format: "%02d%02d", issuance.base.hour, issuance.base.minute) == baseTime { return issuance }
        }
        return nil
    }
}

extension ContractCase {
    /// The `baseTime` of the recorded KMA answer (`0500`), nil for another kind of answer.
    var recordedKMABaseTime: String? {
        guard let data = try? Data(contentsOf: file),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let interactions = document["interactions"] as? [[String: Any]], interaction < interactions.count
        else { return nil }
        let entry = interactions[interaction]
        let response = entry["response"] as? [String: Any] ?? (entry["responses"] as? [[String: Any]])?.first
        let text: String
        if let json = response?["json"], let bytes = try? JSONSerialization.data(withJSONObject: json) {
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            text = response?["text"] as? String ?? ""
        }
        let match = text.firstMatch(of: /(?:"baseTime":"|<baseTime>)([0-9]{4})/)
        return match.map { String($0.1) }
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
