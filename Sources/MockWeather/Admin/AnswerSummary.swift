import Basics

/// What an answered body says, as the dashboard's map labels a request: the place, the temperature
/// (in the units the request asked for), the weather, an air-quality index, and where the answer puts
/// the place. Read from the journal's copy of the body when the admin API describes an entry, never on
/// the request path.
///
/// Knows the shapes the API answers with: current weather (`name`, `main.temp`, `coord`), the 5-day
/// forecast (`city`, `list[0]`), One Call (`timezone`, `current.temp`, `lat`/`lon`, `data[0]` for
/// time machine), air pollution (`list[0].main.aqi`, `coord`) and geocoding (an array of places).
/// A body in none of them (an error, an icon) has no summary.
struct AnswerSummary: Sendable, Equatable {
    var place: String?
    var temperature: Double?
    var condition: String?
    var airQualityIndex: Int?
    var latitude: Double?
    var longitude: Double?

    /// A summary from its parts.
    init(
        place: String? = nil, temperature: Double? = nil, condition: String? = nil, airQualityIndex: Int? = nil,
        latitude: Double? = nil, longitude: Double? = nil
    ) {
        self.place = place
        self.temperature = temperature
        self.condition = condition
        self.airQualityIndex = airQualityIndex
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The summary of `body`, or nil when it is not JSON or says nothing the map shows.
    init?(body: [UInt8]) {
        guard let first = body.first(where: { !Self.isWhitespace($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let root = try? JSONParser.parse(body)
        else { return nil }
        let subject = root.elements?.first ?? root
        guard subject.members != nil else { return nil }

        let city = subject["city"]
        let firstOfList = subject["list"]?.elements?.first
        let current = subject["current"] ?? subject["data"]?.elements?.first
        place = [subject["name"], city?["name"], subject["timezone"]].lazy.compactMap { $0?.stringValue }
            .first { !$0.isEmpty }
        temperature =
            [subject["main"]?["temp"], current?["temp"], firstOfList?["main"]?["temp"]].lazy
            .compactMap { $0?.doubleValue }.first
        condition =
            [subject["weather"], current?["weather"], firstOfList?["weather"]].lazy
            .compactMap { $0?.elements?.first?["main"]?.stringValue }.first
        airQualityIndex = (firstOfList?["main"]?["aqi"]?.doubleValue).map { Int($0) }
        let coordinates = [subject["coord"], city?["coord"], subject].lazy.compactMap { holder -> (Double, Double)? in
            guard let lat = holder?["lat"]?.doubleValue, let lon = holder?["lon"]?.doubleValue else { return nil }
            return (lat, lon)
        }
        if let (lat, lon) = coordinates.first, (-90...90).contains(lat), (-180...180).contains(lon) {
            latitude = lat
            longitude = lon
        }
        if place == nil, temperature == nil, airQualityIndex == nil, latitude == nil { return nil }
    }

    /// The summary as the admin API serves it; `units` (the request's `units` parameter) names the
    /// temperature's unit.
    func json(units: Units) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if let place { fields.append(("place", .string(place))) }
        if let temperature {
            fields.append(("temperature", .number(temperature)))
            fields.append(("temperatureUnit", .string(Self.symbol(for: units))))
        }
        if let condition { fields.append(("condition", .string(condition))) }
        if let airQualityIndex { fields.append(("airQualityIndex", .number(airQualityIndex))) }
        if let latitude, let longitude {
            fields.append(("lat", .number(latitude)))
            fields.append(("lon", .number(longitude)))
        }
        return .object(fields)
    }

    static func symbol(for units: Units) -> String {
        switch units {
        case .standard: "K"
        case .metric: "°C"
        case .imperial: "°F"
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
