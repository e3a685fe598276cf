import Basics
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a correct client makes of a recorded KMA answer, as the `expect` block record mode writes
/// (the keys of ``KMAExpectations``): for a forecast its hours, the first hour's values, the first
/// daily extremes and `totalCount`; for the nowcast its temperature, precipitation type, humidity
/// and count; for the version its stamp; for a service or gateway error its kind, message and code.
/// Nil when the answer is none of these (the contract suite then asks for a hand-written block).
enum KMAExpectDerivation {
    static func expectation(status: Int, body: [UInt8], operation: KMAOperation?) -> JSONValue? {
        if let gateway = gatewayCode(of: body) { return gatewayError(gateway) }
        guard (200..<300).contains(status) else { return .object([("error", .string(KMAErrorKind.server.rawValue))]) }
        let root = AnswerSummary.looksLikeJSON(body) ? (try? JSONParser.parse(body)) : nil
        let result = root.flatMap(KMAEnvelope.init)?.result ?? xmlResult(of: body)
        guard let result, let operation else { return nil }
        guard result.code == "00" else { return serviceError(result) }
        let rows = KMAAnswerRows.rows(of: body)
        let count = root.flatMap(KMAEnvelope.init)?.totalCount ?? xmlTotalCount(of: body) ?? rows.count
        switch operation {
        case .forecastVersion:
            let items = root?["response"]?["body"]?["items"]?["item"]?.elements
            let version = items?.first?["version"]?.stringValue ?? KMAXMLItems.items(of: text(body)).first?["version"]
            return version.map { .object([("version", .string($0))]) }
        case .nowcast:
            var fields: [(String, JSONValue)] = []
            if let celsius = value(rows, "T1H").flatMap(NumericText.value(of:)) {
                fields.append(("celsius", .number(celsius)))
            }
            if let type = value(rows, "PTY").flatMap({ Int($0) }) {
                fields.append(("precipitationType", .string(precipitationCase(type))))
            }
            if let humidity = value(rows, "REH").flatMap({ Int($0) }) { fields.append(("humidity", .number(humidity))) }
            fields.append(("count", .number(count)))
            return .object(fields)
        case .ultraShortForecast, .villageForecast:
            return forecast(rows, count: count, village: operation == .villageForecast)
        }
    }

    private static func forecast(_ rows: [KMAAnswerRows], count: Int, village: Bool) -> JSONValue {
        let times = Set(rows.compactMap(\.time))
        let first = rows.filter { $0.time == times.min() }
        var fields: [(String, JSONValue)] = [("hours", .number(times.count))]
        if let celsius = value(first, village ? "TMP" : "T1H").flatMap(NumericText.value(of:)) {
            fields.append(("celsius", .number(celsius)))
        }
        if let sky = value(first, "SKY").flatMap({ Int($0) }) { fields.append(("sky", .string(skyCase(sky)))) }
        if let type = value(first, "PTY").flatMap({ Int($0) }) {
            fields.append(("precipitationType", .string(precipitationCase(type))))
        }
        if let amount = value(first, village ? "PCP" : "RN1") { fields.append(("precipitation", .string(amount))) }
        if village, let probability = value(first, "POP").flatMap({ Int($0) }) {
            fields.append(("probability", .number(probability)))
        }
        let ordered = rows.sorted { ($0.time ?? "") < ($1.time ?? "") }
        for (key, category) in [("minCelsius", "TMN"), ("maxCelsius", "TMX")] {
            if let extreme = value(ordered, category).flatMap(NumericText.value(of:)) {
                fields.append((key, .number(extreme)))
            }
        }
        fields.append(("count", .number(count)))
        return .object(fields)
    }

    private static func value(_ rows: [KMAAnswerRows], _ category: String) -> String? {
        rows.first { $0.category == category }?.value
    }

    /// WeatherClient's `KMASky` case names.
    static func skyCase(_ code: Int) -> String {
        switch code {
        case 1: "clear"
        case 3: "mostlyCloudy"
        case 4: "overcast"
        default: "unrecognized"
        }
    }

    /// WeatherClient's `KMAPrecipitationType` case names.
    static func precipitationCase(_ code: Int) -> String {
        switch code {
        case 0: "none"
        case 1: "rain"
        case 2: "rainAndSnow"
        case 3: "snow"
        case 4: "shower"
        case 5: "drizzle"
        case 6: "drizzleAndSnowFlurries"
        case 7: "snowFlurries"
        default: "unrecognized"
        }
    }

    private static func serviceError(_ result: KMAResult) -> JSONValue {
        let kind: KMAErrorKind =
            switch result.code {
            case "03": .noData
            case "10": .outdated
            case "01": .applicationError
            case "11": .missingParameter
            default: .server
            }
        return .object([("error", .string(kind.rawValue)), ("message", .string(result.message))])
    }

    /// The gateway's code and message in either of its forms, nil for another answer. The message is
    /// `errMsg` and `returnAuthMsg` joined by `; `, as a client shows both (the two forms put the
    /// constant in different fields), and the kind names the code, since the engine takes no other key
    /// beside `error`.
    static func gatewayCode(of body: [UInt8]) -> (code: String, message: String)? {
        let code: String
        let parts: [String?]
        if AnswerSummary.looksLikeJSON(body) {
            guard let header = (try? JSONParser.parse(body))?["OpenAPI_ServiceResponse"]?["cmmMsgHeader"],
                let found = header["returnReasonCode"]?.stringValue
            else { return nil }
            code = found
            parts = [header["errMsg"]?.stringValue, header["returnAuthMsg"]?.stringValue]
        } else {
            let text = text(body)
            guard text.contains("<OpenAPI_ServiceResponse>"), let found = element("returnReasonCode", in: text) else {
                return nil
            }
            code = found
            parts = [element("errMsg", in: text), element("returnAuthMsg", in: text)]
        }
        return (code, parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; "))
    }

    private static func gatewayError(_ gateway: (code: String, message: String)) -> JSONValue {
        let kind: KMAErrorKind =
            switch gateway.code {
            case "30": .unregisteredKey
            case "22": .overQuota
            case "31": .expiredKey
            default: .server
            }
        return .object([("error", .string(kind.rawValue)), ("message", .string(gateway.message))])
    }

    private static func xmlResult(of body: [UInt8]) -> KMAResult? {
        let text = text(body)
        guard let code = element("resultCode", in: text) else { return nil }
        return KMAResult(code: code, message: element("resultMsg", in: text) ?? "")
    }

    private static func xmlTotalCount(of body: [UInt8]) -> Int? {
        element("totalCount", in: text(body)).flatMap { Int($0) }
    }

    private static func text(_ body: [UInt8]) -> String { String(decoding: body, as: UTF8.self) }

    /// The text of the first `<name>…</name>` in `text`.
    private static func element(_ name: String, in text: String) -> String? {
        guard let open = text.firstRange(of: "<\(name)>"), let close = text.firstRange(of: "</\(name)>"),
            open.upperBound <= close.lowerBound
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound]).trimmingASCIIWhitespace()
    }
}
