package import Basics

/// What an answered body says, as the dashboard's map labels a request and the admin API's `answer`
/// shows it: a place, a temperature with its unit, the weather, an air-quality index, and where the
/// answer puts the place. A provider reads it from the journal's copy of the body when the admin API
/// describes an entry (``Provider/summary(ofAnswer:query:)``), never on the request path.
package struct AnswerSummary: Sendable, Equatable {
    package var place: String?
    package var temperature: Double?
    /// The temperature's unit as shown (`°C`, `K`).
    package var temperatureUnit: String?
    package var condition: String?
    package var airQualityIndex: Int?
    package var latitude: Double?
    package var longitude: Double?

    /// A summary from its parts.
    package init(
        place: String? = nil, temperature: Double? = nil, temperatureUnit: String? = nil, condition: String? = nil,
        airQualityIndex: Int? = nil, latitude: Double? = nil, longitude: Double? = nil
    ) {
        self.place = place
        self.temperature = temperature
        self.temperatureUnit = temperatureUnit
        self.condition = condition
        self.airQualityIndex = airQualityIndex
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether it says anything the map shows.
    package var isEmpty: Bool { place == nil && temperature == nil && airQualityIndex == nil && latitude == nil }

    /// The summary as the admin API serves it.
    package var json: JSONValue {
        var fields: [(String, JSONValue)] = []
        if let place { fields.append(("place", .string(place))) }
        if let temperature {
            fields.append(("temperature", .number(temperature)))
            if let temperatureUnit { fields.append(("temperatureUnit", .string(temperatureUnit))) }
        }
        if let condition { fields.append(("condition", .string(condition))) }
        if let airQualityIndex { fields.append(("airQualityIndex", .number(airQualityIndex))) }
        if let latitude, let longitude {
            fields.append(("lat", .number(latitude)))
            fields.append(("lon", .number(longitude)))
        }
        return .object(fields)
    }

    /// Whether `body` looks like a JSON object or array (a summary is worth trying).
    package static func looksLikeJSON(_ body: [UInt8]) -> Bool {
        guard let first = body.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            return false
        }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
