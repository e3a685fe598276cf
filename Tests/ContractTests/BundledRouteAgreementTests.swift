import Foundation
import TestSupport
import Testing

/// The bundled Seoul-Daegu route tells one story: at each place, the KMA nowcast, ultra-short and
/// village forecasts agree with the OpenWeatherMap current weather bundled for it at that answer's
/// hour (11:00 KST), and the staged storm, snow and the reference's October captures answer only
/// their magic keys.
@Suite struct BundledRouteAgreementTests {
    /// Each route place's KMA cassette name and its OpenWeatherMap current weather.
    static let places = [
        ("sesac-campus", "near/sesac-campus"), ("seoul-city-hall", "current/seoul"), ("suwon", "near/suwon"),
        ("cheonan", "near/cheonan"), ("daejeon", "near/daejeon"), ("gimcheon", "near/gimcheon"),
        ("gumi", "near/gumi"), ("daegu", "near/daegu"), ("daegu-city-hall", "near/daegu"),
    ]

    static func json(_ path: String) throws -> [String: Any] {
        let url = PackageLayout.bundledCassettes.appendingPathComponent(path + ".json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func firstInteraction(_ path: String) throws -> [String: Any] {
        let interactions = try #require(try json(path)["interactions"] as? [[String: Any]])
        return try #require(interactions.first)
    }

    /// The rows of a KMA cassette's JSON answer.
    static func rows(_ path: String) throws -> [[String: Any]] {
        let response = try #require(try firstInteraction(path)["response"] as? [String: Any])
        let body = try #require(((response["json"] as? [String: Any])?["response"] as? [String: Any])?["body"])
        let items = try #require(((body as? [String: Any])?["items"] as? [String: Any])?["item"])
        return try #require(items as? [[String: Any]])
    }

    /// An OpenWeatherMap current weather's °C, whether it rains or snows, and its hour in KST.
    static func openWeatherMap(_ path: String) throws -> (celsius: Double, wet: Bool, hour: Int) {
        let response = try #require(try firstInteraction("openweathermap/" + path)["response"] as? [String: Any])
        let body = try #require(response["json"] as? [String: Any])
        let kelvin = try #require((body["main"] as? [String: Any])?["temp"] as? Double)
        let main = try #require(((body["weather"] as? [[String: Any]])?.first)?["main"] as? String)
        let dt = try #require(body["dt"] as? Int)
        return (kelvin - 273.15, ["Rain", "Drizzle", "Thunderstorm", "Snow"].contains(main), (dt / 3_600 + 9) % 24)
    }

    @Test(arguments: places)
    func theKMADayAgreesWithOpenWeatherMapAtItsHour(place: String, current: String) throws {
        let weather = try Self.openWeatherMap(current)
        let hour = String(format: "%02d00", weather.hour)
        let nowcast = try Self.rows("kma/ultra-nowcast/" + place)
        #expect(nowcast.first?["baseTime"] as? String == hour)
        let observed = Dictionary(
            uniqueKeysWithValues: nowcast.map { ($0["category"] as! String, $0["obsrValue"] as! String) })
        let t1h = try #require(observed["T1H"].flatMap(Double.init))
        // The nowcast writes tenths: half of one, and a hair for the binary fractions.
        #expect(abs(t1h - weather.celsius) <= 0.051, "\(place): T1H \(t1h), OpenWeatherMap \(weather.celsius)")
        #expect((observed["PTY"] != "0") == weather.wet, "\(place): PTY \(observed["PTY"] ?? "-")")
        for operation in ["vilage", "ultra-forecast"] {
            let rows = try Self.rows("kma/\(operation)/" + place)
            let firstDate = try #require(rows.first?["fcstDate"] as? String)
            let atHour = rows.filter { $0["fcstDate"] as? String == firstDate && $0["fcstTime"] as? String == hour }
            let category = operation == "vilage" ? "TMP" : "T1H"
            let value = try #require(
                atHour.first { $0["category"] as? String == category }?["fcstValue"] as? String, "\(place) \(operation)"
            )
            let forecast = try #require(Double(value))
            #expect(abs(forecast - weather.celsius) <= 0.5, "\(place) \(operation): \(category) \(forecast)")
            let pty = atHour.first { $0["category"] as? String == "PTY" }?["fcstValue"] as? String
            #expect((pty != "0") == weather.wet, "\(place) \(operation): PTY \(pty ?? "-")")
        }
    }

    @Test(arguments: [
        ("kma/vilage/busan-city-hall-rain", "mock-rain"), ("kma/ultra-nowcast/gangneung-snow", "mock-snow"),
        ("kma/vilage/seoul-city-hall-reference", "mock-reference"),
        ("kma/ultra-nowcast/seoul-city-hall-reference", "mock-reference"),
    ])
    func stagedDaysAnswerOnlyTheirMagicKey(cassette: String, key: String) throws {
        let request = try #require(try Self.firstInteraction(cassette)["request"] as? [String: Any])
        #expect((request["query"] as? [String: Any])?["serviceKey"] as? String == key)
    }
}
