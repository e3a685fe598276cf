import Foundation
import MockWeather

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request to the weather endpoint on `base` with `query` (and a made-up key, as an app sends one).
func weatherURL(_ base: URL, _ query: String) -> URL {
    URL(string: "\(base.absoluteString)/data/2.5/weather?\(query)&appid=in-process-test-key")!
}

/// The status and body text of a GET, or the URLError it failed with.
func fetch(_ url: URL, session: URLSession, timeout: TimeInterval = 30) async -> Result<(Int, String), URLError> {
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    do {
        let (data, response) = try await session.data(for: request)
        return .success(((response as? HTTPURLResponse)?.statusCode ?? -1, String(decoding: data, as: UTF8.self)))
    } catch let error as URLError {
        return .failure(error)
    } catch {
        return .failure(URLError(.unknown))
    }
}

/// A current-weather body for a made-up place, in the API's shape (standard units: kelvin).
func weatherBody(name: String, kelvin: Double) -> String {
    #"{"coord": {"lon": 127, "lat": 37}, "weather": [{"id": 800, "main": "Clear", "description": "clear sky", "icon": "01d"}], "main": {"temp": \#(kelvin), "feels_like": \#(kelvin), "temp_min": \#(kelvin), "temp_max": \#(kelvin), "pressure": 1020, "humidity": 40}, "wind": {"speed": 1.5, "deg": 90}, "dt": 1670206443, "timezone": 32400, "id": 1, "name": "\#(name)", "cod": 200}"#
}

/// The `"name"` of a JSON body, read the simple way tests can afford.
func nameField(_ body: String) -> String? {
    guard let data = body.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object["name"] as? String
}

/// `main.temp` of a JSON body.
func temperatureField(_ body: String) -> Double? {
    guard let data = body.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let main = object["main"] as? [String: Any]
    else { return nil }
    return (main["temp"] as? NSNumber)?.doubleValue
}
