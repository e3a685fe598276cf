import MockEngine

/// What OpenWeatherMap cassettes' `expect` blocks may say (Cassettes/README.md lists every key): a
/// success's place name and temperature in °C, and the details of One Call 3.0 and 4.0 (an alert's
/// id, sender and how many languages its description has), Air Pollution, zip
/// geocoding and icons; an error's kind (``ClientErrorKind``). `start` and `end` are not decoded values
/// but the range an air pollution history expectation is for: a contract client asks for that range,
/// and the other keys describe the answer to it.
enum OpenWeatherMapExpectations {
    static let vocabulary = ExpectVocabulary(
        details: [
            .init("name", .text), .init("celsius", .number),
            .init("timezone", .text), .init("date", .text), .init("overview", .text), .init("zip", .text),
            .init("country", .text), .init("contentType", .text),
            .init("minutely", .integer(0...Int.max)), .init("hourly", .integer(0...Int.max)),
            .init("daily", .integer(0...Int.max)), .init("alerts", .integer(0...Int.max)),
            .init("count", .integer(0...Int.max)), .init("width", .integer(0...Int.max)),
            .init("height", .integer(0...Int.max)),
            .init("dt", .integer(Int.min...Int.max)), .init("aqi", .integer(1...5)),
            .init("dailyMaxCelsius", .number), .init("minCelsius", .number), .init("maxCelsius", .number),
            .init("pm2_5", .number), .init("alertID", .text), .init("sender", .text),
            .init("languages", .integer(1...Int.max)),
            .init("start", .integer(Int.min...Int.max)), .init("end", .integer(Int.min...Int.max)),
            .init("firstDt", .integer(Int.min...Int.max)), .init("lastDt", .integer(Int.min...Int.max)),
        ],
        errorKinds: ClientErrorKind.allCases.map(\.rawValue))
}
