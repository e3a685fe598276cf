import Foundation
import MockWeatherTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A current-weather answer for a made-up town, in the API's shape and standard units (kelvin): the
/// mock converts it to the °C the app asks for.
func townCassette(_ name: String, kelvin: Double, latitude: Double = 37.5, longitude: Double = 127) -> InlineCassette {
    let body = """
        {"coord": {"lon": \(longitude), "lat": \(latitude)}, "weather": [{"id": 800, "main": "Clear", \
        "description": "clear sky", "icon": "01d"}], "main": {"temp": \(kelvin), "feels_like": \(kelvin), \
        "temp_min": \(kelvin), "temp_max": \(kelvin), "pressure": 1020, "humidity": 40}, "dt": 1670206443, \
        "timezone": 32400, "id": 1, "name": "\(name)", "cod": 200}
        """
    return .answering(
        "/data/2.5/weather", query: ["lat": String(latitude), "lon": String(longitude)], json: body, name: name)
}

/// A session of its own per test, so no connection is shared between tests.
func freshSession() -> URLSession {
    URLSession(configuration: .ephemeral)
}
