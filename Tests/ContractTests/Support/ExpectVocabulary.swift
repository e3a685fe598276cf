/// The keys an `expect` block may use besides `error` and `message` (Cassettes/README.md documents
/// them), and how each is compared with what the client decoded.
enum ExpectVocabulary {
    enum Comparison: Sendable, Equatable {
        /// Strings compare exactly.
        case text
        /// Whole numbers compare exactly.
        case integer
        /// Numbers compare within a tolerance: the API rounds to two decimals.
        case number(tolerance: Double)
    }

    /// Every key, with its comparison.
    static let keys: [String: Comparison] = [
        // Current weather, forecasts, geocoding.
        "name": .text, "celsius": .number(tolerance: celsiusTolerance), "country": .text, "count": .integer,
        // One Call.
        "timezone": .text, "minutely": .integer, "hourly": .integer, "daily": .integer, "alerts": .integer,
        "dailyMaxCelsius": .number(tolerance: celsiusTolerance), "dt": .integer, "date": .text,
        "minCelsius": .number(tolerance: celsiusTolerance), "maxCelsius": .number(tolerance: celsiusTolerance),
        "overview": .text,
        // One Call 4.0's alert detail: its id, sender and how many languages its description has.
        "alertID": .text, "sender": .text, "languages": .integer,
        // Air pollution (history: the first and last reading's time).
        "aqi": .integer, "pm2_5": .number(tolerance: 0.01 + 1e-9), "firstDt": .integer, "lastDt": .integer,
        // Zip geocoding.
        "zip": .text,
        // Icons.
        "contentType": .text, "width": .integer, "height": .integer,
        // Kakao Local: the 지번 address's region names, the road address (`(none)`), a search's postal
        // code, a region lookup's codes.
        "region1": .text, "region2": .text, "region3": .text, "roadAddress": .text, "zoneNo": .text,
        "legalCode": .text, "administrativeCode": .text,
        // KMA: the first forecast hour's sky, precipitation type (case names of KMASky and
        // KMAPrecipitationType), precipitation text as the API writes it (`강수없음`) and probability; how
        // many hourly entries were decoded; the nowcast's humidity; getFcstVersion's version; an error's
        // result code (`"03"`, `"30"`).
        "hours": .integer, "sky": .text, "precipitationType": .text, "precipitation": .text, "probability": .integer,
        "humidity": .integer, "version": .text,
    ]

    /// Keys that say what to ask rather than what comes back: the range (Unix seconds) an air pollution
    /// history expectation is for, sent as the request's `start` and `end`.
    static let inputs: Set<String> = ["start", "end"]

    /// Keys of the block that are neither `error`/`message`, inputs, nor in ``keys``, sorted.
    static func unknownKeys(in block: [String: PlainJSON]) -> [String] {
        block.keys.filter { $0 != "error" && $0 != "message" && !inputs.contains($0) && keys[$0] == nil }.sorted()
    }
}

/// How far a decoded temperature may be from the cassette's `expect.celsius`: the API rounds to two
/// decimals, so 0.01 plus a hair for binary floating point.
let celsiusTolerance = 0.01 + 1e-9
