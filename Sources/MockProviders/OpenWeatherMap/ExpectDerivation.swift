import Basics
import MockEngine

/// The `expect` block of a recorded interaction: what a correct client makes of the response
/// (Cassettes/README.md), derived from the response itself.
///
/// - 2xx current weather: `name` and `main.temp` in °C (converted from the request's units, rounded to
///   2 decimals half away from zero); forecast: `city.name` and the first item's temperature;
///   geocoding: the first place's `name` (`{}` for an empty answer), by zip also `zip` and `country`;
///   One Call: `timezone`, `current.temp` in °C, the item counts and `daily[0].temp.max`; timemachine:
///   `timezone`, `data[0].temp` and `data[0].dt`; day_summary: `date` and the afternoon, min and max
///   temperatures; overview: `date` and the text; air pollution: the first item's `aqi` and `pm2_5`
///   and the item count, for history also the recorded range (`start`, `end`) and the first and last
///   item's `dt`; icons: the PNG's content type and size. A 2xx body of the wrong shape
///   expects `decoding`, as a client must fail to decode it.
/// - 4xx/5xx: the error kind for the status and the server's own `message` when the body has one
///   (a 400's `parameters` after it, as the client surfaces them).
/// - Anything else (other paths, `mode=xml`): nil, no expectation can be stated.
enum ExpectDerivation {
    static func expectation(
        status: Int, body: JSONValue?, endpoint: OpenWeatherMapRecording.Endpoint, units: Units, mode: String?,
        rawBody: [UInt8] = [], range: (start: Int64, end: Int64)? = nil
    ) -> JSONValue? {
        if let kind = errorKind(for: status) {
            var fields: [(String, JSONValue)] = [("error", .string(kind.rawValue))]
            if var message = body?["message"]?.stringValue {
                // A 400 naming its parameters (One Call 4.0) is surfaced with them, as WeatherClient's
                // `invalidRequest` message says them (`wrong latitude (parameters: lat)`).
                let parameters = body?["parameters"]?.elements?.compactMap(\.stringValue) ?? []
                if kind == .invalidRequest, !parameters.isEmpty {
                    message += " (parameters: \(parameters.joined(separator: ", ")))"
                }
                fields.append(("message", .string(message)))
            }
            return .object(fields)
        }
        guard (200..<300).contains(status), endpoint != .other, mode == nil || mode == "json" else { return nil }
        let decodingError = JSONValue.object([("error", .string(ClientErrorKind.decoding.rawValue))])
        if endpoint == .icon {
            guard let size = PNGSize(rawBody) else { return decodingError }
            return .object([
                ("contentType", .string("image/png")), ("width", .number(size.width)), ("height", .number(size.height)),
            ])
        }
        guard let body else { return decodingError }
        let celsius = { (value: Double) in
            JSONValue.number(UnitConversion.rounded(UnitConversion.temperature(value, from: units, to: .metric)))
        }
        switch endpoint {
        case .current:
            guard let name = body["name"]?.stringValue, let temperature = body["main"]?["temp"]?.doubleValue else {
                return decodingError
            }
            return .object([("name", .string(name)), ("celsius", celsius(temperature))])
        case .forecast:
            guard let name = body["city"]?["name"]?.stringValue,
                let temperature = body["list"]?.elements?.first?["main"]?["temp"]?.doubleValue
            else { return decodingError }
            return .object([("name", .string(name)), ("celsius", celsius(temperature))])
        case .geocodingDirect, .geocodingReverse:
            guard let places = body.elements else { return decodingError }
            guard let first = places.first else { return .object([(String, JSONValue)]()) }
            guard let name = first["name"]?.stringValue else { return decodingError }
            return .object([("name", .string(name))])
        case .geocodingZip:
            guard let name = body["name"]?.stringValue else { return decodingError }
            var fields: [(String, JSONValue)] = [("name", .string(name))]
            for key in ["zip", "country"] {
                if let value = body[key]?.stringValue { fields.append((key, .string(value))) }
            }
            return .object(fields)
        case .oneCall:
            guard let timezone = body["timezone"]?.stringValue, body.members != nil else { return decodingError }
            var fields: [(String, JSONValue)] = [("timezone", .string(timezone))]
            if let current = body["current"] {
                guard let temperature = current["temp"]?.doubleValue else { return decodingError }
                fields.append(("celsius", celsius(temperature)))
            }
            for block in ["minutely", "hourly", "daily", "alerts"] {
                fields.append((block, .number(body[block]?.elements?.count ?? 0)))
            }
            if let daily = body["daily"]?.elements {
                guard let maximum = daily.first.map({ $0["temp"]?["max"]?.doubleValue }) else {
                    return .object(fields)
                }
                guard let maximum else { return decodingError }
                fields.append(("dailyMaxCelsius", celsius(maximum)))
            }
            return .object(fields)
        case .oneCallTimemachine:
            guard let timezone = body["timezone"]?.stringValue, let first = body["data"]?.elements?.first,
                let temperature = first["temp"]?.doubleValue, let dt = first["dt"]?.numberText.flatMap({ Int($0) })
            else { return decodingError }
            return .object([("timezone", .string(timezone)), ("celsius", celsius(temperature)), ("dt", .number(dt))])
        case .oneCallDaySummary:
            let temperature = body["temperature"]
            guard let date = body["date"]?.stringValue, let afternoon = temperature?["afternoon"]?.doubleValue,
                let minimum = temperature?["min"]?.doubleValue, let maximum = temperature?["max"]?.doubleValue
            else { return decodingError }
            // day_summary states its own units; trust them over the request's.
            let stated = body["units"]?.stringValue.flatMap(Units.init(rawValue:)) ?? units
            let inCelsius = { (value: Double) in
                JSONValue.number(UnitConversion.rounded(UnitConversion.temperature(value, from: stated, to: .metric)))
            }
            return .object([
                ("date", .string(date)), ("celsius", inCelsius(afternoon)), ("minCelsius", inCelsius(minimum)),
                ("maxCelsius", inCelsius(maximum)),
            ])
        case .oneCallOverview:
            guard let date = body["date"]?.stringValue, let text = body["weather_overview"]?.stringValue else {
                return decodingError
            }
            return .object([("date", .string(date)), ("overview", .string(text))])
        case .airPollution, .airPollutionForecast, .airPollutionHistory:
            guard let list = body["list"]?.elements else { return decodingError }
            var fields: [(String, JSONValue)] = []
            if let range, endpoint == .airPollutionHistory {
                fields += [("start", .number(Int(range.start))), ("end", .number(Int(range.end)))]
            }
            if let first = list.first {
                guard let aqi = first["main"]?["aqi"]?.numberText.flatMap({ Int($0) }), (1...5).contains(aqi) else {
                    return decodingError
                }
                fields.append(("aqi", .number(aqi)))
            }
            fields.append(("count", .number(list.count)))
            if let pm = list.first?["components"]?["pm2_5"]?.doubleValue { fields.append(("pm2_5", .number(pm))) }
            if endpoint == .airPollutionHistory {
                let times = list.compactMap { $0["dt"]?.numberText.flatMap { Int($0) } }
                if let first = times.first, let last = times.last, times.count == list.count {
                    fields += [("firstDt", .number(first)), ("lastDt", .number(last))]
                }
            }
            return .object(fields)
        case .oneCall4Current, .oneCall4Timeline:
            // The place; for current the record's time, temperature and alerts; for a page how many
            // records, the first and last times and the first temperature (a day's `temp.day`).
            guard let timezone = body["timezone"]?.stringValue, let records = body["data"]?.elements,
                let first = records.first, let last = records.last
            else { return decodingError }
            guard let firstDt = first["dt"]?.numberText.flatMap({ Int($0) }),
                let lastDt = last["dt"]?.numberText.flatMap({ Int($0) })
            else { return decodingError }
            var fields: [(String, JSONValue)] = [("timezone", .string(timezone))]
            if let temperature = first["temp"]?.doubleValue ?? first["temp"]?["day"]?.doubleValue {
                fields.append(("celsius", celsius(temperature)))
            }
            if endpoint == .oneCall4Current {
                fields += [("dt", .number(firstDt)), ("alerts", .number(first["alerts"]?.elements?.count ?? 0))]
            } else {
                fields += [
                    ("count", .number(records.count)), ("firstDt", .number(firstDt)), ("lastDt", .number(lastDt)),
                ]
            }
            return .object(fields)
        case .oneCall4Alert:
            // Either shape: a documented single description counts as one language.
            guard let id = body["id"]?.stringValue, let sender = body["sender_name"]?.stringValue,
                let description = body["description"], description.stringValue != nil || description.elements != nil
            else { return decodingError }
            return .object([
                ("alertID", .string(id)), ("sender", .string(sender)),
                ("languages", .number(description.elements?.count ?? 1)),
            ])
        case .icon, .other:
            return nil
        }
    }

    static func errorKind(for status: Int) -> ClientErrorKind? {
        switch status {
        case 400: .invalidRequest
        case 401, 403: .unauthorized
        case 404: .cityNotFound
        case 429: .rateLimited
        case 402, 405...428, 430...499: .invalidRequest
        case 500...599: .server
        default: nil
        }
    }

}
