extension CodingUserInfoKey {
    /// Where the client tells the models which ``Units`` the response was requested in.
    static let requestedUnits = CodingUserInfoKey(rawValue: "WeatherClient.requestedUnits")!
}

extension Decoder {
    /// The units the response was requested in; ``Units/standard`` (the API's default) when the
    /// decoder was not given any, e.g. by an app decoding a stored body itself.
    var requestedUnits: Units {
        userInfo[.requestedUnits] as? Units ?? .standard
    }
}

extension KeyedDecodingContainer {
    /// A number read as a temperature in `unit` (integer literals such as `27` included).
    func decodeTemperature(forKey key: Key, in unit: TemperatureUnit) throws -> Temperature {
        Temperature(try decode(Double.self, forKey: key), unit)
    }

    /// A temperature in `unit` when the key is present and not null.
    func decodeTemperatureIfPresent(forKey key: Key, in unit: TemperatureUnit) throws -> Temperature? {
        try decodeIfPresent(Double.self, forKey: key).map { Temperature($0, unit) }
    }

    /// Wind from One Call's flat fields (`wind_speed`, `wind_deg`, `wind_gust`): the speed is
    /// required, direction and gust may be absent.
    func decodeFlatWind(speed: Key, direction: Key, gust: Key) throws -> Wind {
        Wind(
            speed: try decode(Double.self, forKey: speed),
            direction: try decodeIfPresent(Double.self, forKey: direction),
            gust: try decodeIfPresent(Double.self, forKey: gust)
        )
    }
}
