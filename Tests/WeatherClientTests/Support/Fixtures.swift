import Foundation
import WeatherClient

/// Response bodies from shared/reference/openweathermap.md, verbatim, and samples built from the
/// shapes it documents.
enum Fixtures {
    /// A key shaped like a real one (32 hex characters), so literal scrubbing applies.
    static let apiKey = "0123456789abcdef0123456789abcdef"

    /// The API's documented example response (Zocca, standard units).
    static let zocca = """
        {"coord":{"lon":10.99,"lat":44.34},"weather":[{"id":501,"main":"Rain","description":"moderate rain",\
        "icon":"10d"}],"base":"stations","main":{"temp":298.48,"feels_like":298.74,"temp_min":297.56,\
        "temp_max":300.05,"pressure":1015,"humidity":64,"sea_level":1015,"grnd_level":933},"visibility":10000,\
        "wind":{"speed":0.62,"deg":349,"gust":1.18},"rain":{"1h":3.16},"clouds":{"all":100},"dt":1661870592,\
        "sys":{"type":2,"id":2075663,"country":"IT","sunrise":1661834187,"sunset":1661882248},"timezone":7200,\
        "id":3163858,"name":"Zocca","cod":200}
        """

    /// A response published for Seoul, December 2022, standard units (270.81 K = -2.34 °C).
    static let seoul = """
        {"coord":{"lon":126.9778,"lat":37.5683},"weather":[{"id":804,"main":"Clouds",\
        "description":"overcast clouds","icon":"04d"}],"base":"stations","main":{"temp":270.81,\
        "feels_like":267.4,"temp_min":269.84,"temp_max":270.81,"pressure":1031,"humidity":18,"sea_level":1031,\
        "grnd_level":1024},"visibility":10000,"wind":{"speed":2.46,"deg":318,"gust":4.32},"clouds":{"all":89},\
        "dt":1670206443,"sys":{"type":1,"id":5509,"country":"KR","sunrise":1670193092,"sunset":1670228029},\
        "timezone":32400,"id":1835848,"name":"Seoul","cod":200}
        """

    /// Metric units with integer-literal temperatures, two conditions (Snow then Mist), snow 1h+3h.
    static let snowyMetricIntegers = """
        {"coord":{"lon":126.9778,"lat":37.5683},"weather":[{"id":601,"main":"Snow","description":"snow",\
        "icon":"13n"},{"id":701,"main":"Mist","description":"mist","icon":"50n"}],"base":"stations",\
        "main":{"temp":-3,"feels_like":-7,"temp_min":-4,"temp_max":-2,"pressure":1020,"humidity":93},\
        "visibility":1200,"wind":{"speed":3,"deg":290},"snow":{"1h":0.8,"3h":2.1},"clouds":{"all":100},\
        "dt":1670250000,"sys":{"country":"KR","sunrise":1670193092,"sunset":1670228029},"timezone":32400,\
        "id":1835848,"name":"Seoul","cod":"200"}
        """

    /// A legacy response: `sys.message`, no `timezone`, no `feels_like`; remote point, empty name.
    static let legacyRemote = """
        {"coord":{"lon":-150.0,"lat":-40.0},"weather":[{"id":800,"main":"Clear","description":"clear sky",\
        "icon":"01d"}],"base":"cmc stations","main":{"temp":285.15,"temp_min":285.15,"temp_max":285.15,\
        "pressure":1012,"humidity":70},"wind":{"speed":7.2,"deg":250},"clouds":{"all":0},"dt":1485789600,\
        "sys":{"message":0.0034,"sunrise":1485762037,"sunset":1485794875},"id":0,"name":"","cod":200}
        """

    /// A forecast with the documented shape: `cod` "200", `message` 0, two items, `city`.
    static let forecast = """
        {"cod":"200","message":0,"cnt":2,"list":[{"dt":1661871600,"main":{"temp":296.76,"feels_like":296.98,\
        "temp_min":296.76,"temp_max":297.87,"pressure":1015,"sea_level":1015,"grnd_level":933,"humidity":69,\
        "temp_kf":-1.11},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10d"}],\
        "clouds":{"all":100},"wind":{"speed":0.62,"deg":349,"gust":1.18},"visibility":10000,"pop":0.32,\
        "rain":{"3h":0.26},"sys":{"pod":"d"},"dt_txt":"2022-08-30 15:00:00"},{"dt":1661882400,\
        "main":{"temp":295,"feels_like":295,"temp_min":294,"temp_max":295,"pressure":1016,"humidity":75},\
        "weather":[{"id":804,"main":"Clouds","description":"overcast clouds","icon":"04n"}],\
        "sys":{"pod":"n"},"dt_txt":"2022-08-30 18:00:00"}],"city":{"id":3163858,"name":"Zocca",\
        "coord":{"lat":44.34,"lon":10.99},"country":"IT","population":4593,"timezone":7200,\
        "sunrise":1661834187,"sunset":1661882248}}
        """

    /// Direct geocoding for "Seoul" with local names.
    static let geocodeSeoul = """
        [{"name":"Seoul","local_names":{"ko":"서울","en":"Seoul","ja":"ソウル"},"lat":37.5666791,\
        "lon":126.9782914,"country":"KR"}]
        """

    /// Reverse geocoding near Daegu City Hall, with a state.
    static let reverseDaegu = """
        [{"name":"Daegu","local_names":{"ko":"대구"},"lat":35.8713,"lon":128.6018,"country":"KR",\
        "state":"Daegu"},{"name":"Jung-gu","lat":35.8693,"lon":128.6062,"country":"KR"}]
        """

    // Error bodies, exactly as the reference lists them.
    static let unauthorizedBody = """
        {"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}
        """
    static let unauthorizedMessage =
        "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."
    static let notFoundBody = #"{"cod":"404","message":"city not found"}"#
    static let wrongLatitudeBody = #"{"cod":"400","message":"wrong latitude"}"#
    static let nothingToGeocodeBody = #"{"cod":"400","message":"Nothing to geocode"}"#
    static let rateLimitedBody = """
        {"cod":429, "message": "Your account is temporary blocked due to exceeding of requests limitation of \
        your subscription type. Please choose the proper subscription https://openweathermap.org/price"}
        """
    static let rateLimitedMessage =
        "Your account is temporary blocked due to exceeding of requests limitation of your subscription type. "
        + "Please choose the proper subscription https://openweathermap.org/price"
    static let internalErrorBody = #"{"message":"Error: Internal server error","cod":"500"}"#
    static let badGatewayPage = """
        <html>
        <head><title>502 Bad Gateway</title></head>
        <body>
        <center><h1>502 Bad Gateway</h1></center>
        <hr><center>openresty</center>
        </body>
        </html>
        """

    /// `json` decoded as current weather requested in `units`.
    static func currentWeather(_ json: String, units: Units = .standard) throws -> CurrentWeather {
        try WeatherResponseDecoder.decode(CurrentWeather.self, from: Data(json.utf8), units: units)
    }

    /// `json` with the member at a dotted `path` (e.g. `main.sea_level`) removed.
    static func removing(_ path: String, from json: String) throws -> String {
        try editing(json) { object in
            var components = path.split(separator: ".").map(String.init)
            let last = components.removeLast()
            try update(&object, at: components) { $0.removeValue(forKey: last) }
        }
    }

    /// `json` with the member at a dotted `path` replaced by `value` (any JSON-serialisable value).
    static func replacing(_ path: String, with value: Any, in json: String) throws -> String {
        try editing(json) { object in
            var components = path.split(separator: ".").map(String.init)
            let last = components.removeLast()
            try update(&object, at: components) { $0[last] = value }
        }
    }

    private static func editing(_ json: String, _ edit: (inout [String: Any]) throws -> Void) throws -> String {
        guard var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw FixtureError(description: "fixture is not a JSON object")
        }
        try edit(&object)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private static func update(
        _ object: inout [String: Any],
        at path: [String],
        _ change: (inout [String: Any]) -> Void
    ) throws {
        guard let first = path.first else { return change(&object) }
        guard var child = object[first] as? [String: Any] else {
            throw FixtureError(description: "no object at \(first)")
        }
        try update(&child, at: Array(path.dropFirst()), change)
        object[first] = child
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }
}
