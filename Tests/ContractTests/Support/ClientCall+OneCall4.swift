import Foundation
import WeatherClient

extension Observation {
    /// One Call 4.0, in the `expect` vocabulary: current's time, temperature and alert ids; a first
    /// page's records (how many, the first and last times, the first temperature: a day's `temp.day`);
    /// an alert's id, sender and how many languages its description has.
    mutating func oneCall4(_ call: ClientCall, with client: OpenWeatherClient) async throws(WeatherError) {
        switch call {
        case .oneCall4Current(let coordinate):
            let page = try await client.oneCall4Current(at: coordinate)
            record("timezone", from: "timezone", text: page.timeZone)
            record("celsius", from: "data[0].temp", celsius: page.first?.temperature)
            record("dt", from: "data[0].dt", integer: page.first.map { Int($0.time.timeIntervalSince1970) })
            record("alerts", from: "data[0].alerts.count", integer: page.first?.alertIDs.count)
        case .oneCall4Timeline("1min", let coordinate):
            page(try await client.oneCall4Timeline(.minutes, at: coordinate), celsius: nil)
        case .oneCall4Timeline("15min", let coordinate):
            let page = try await client.oneCall4Timeline(.quarterHours, at: coordinate)
            self.page(page, celsius: page.first?.temperature)
        case .oneCall4Timeline("1h", let coordinate):
            let page = try await client.oneCall4Timeline(.hours, at: coordinate)
            self.page(page, celsius: page.first?.temperature)
        case .oneCall4Timeline(_, let coordinate):
            let page = try await client.oneCall4Timeline(.days, at: coordinate)
            self.page(page, celsius: page.first?.temperatures.day)
        case .oneCall4Alert(let id):
            let alert = try await client.oneCall4Alert(id: id)
            record("alertID", from: "id", text: alert.id)
            record("sender", from: "sender_name", text: alert.sender)
            record("languages", from: "description (languages)", integer: alert.texts.count)
        default:
            break
        }
    }

    private mutating func page<Record: OneCall4Record>(_ page: OneCall4Page<Record>, celsius: Temperature?) {
        record("timezone", from: "timezone", text: page.timeZone)
        if let celsius { record("celsius", from: "data[0].temp", celsius: celsius) }
        record("count", from: "data.count", integer: page.records.count)
        record("firstDt", from: "data[0].dt", integer: page.records.first.map { Int($0.time.timeIntervalSince1970) })
        record("lastDt", from: "data[-1].dt", integer: page.records.last.map { Int($0.time.timeIntervalSince1970) })
    }
}
