import Basics
import HTTPServer
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fuzz property of the KMA provider's reading of query text (`base_date`, `base_time`, `nx`,
/// `ny`, `pageNo`, `numOfRows`, `dataType`) and of its own answers: for any query, the rules answer
/// (the service's envelope, HTTP 200) or let the request through, and a request let through shapes
/// one recorded answer into XML and JSON that the dashboard reads back to the same rows, the same
/// each time. Used by the `kma-query` fuzz target (Sources/Fuzzing).
package enum KMAQueryCheck {
    /// A small recorded village forecast (two hours, base 20261001 2300, cell 60/127).
    private static let recorded: HTTPResponse = {
        let rows = [("TMP", "0000", "14"), ("SKY", "0000", "1"), ("TMP", "0100", "13"), ("PCP", "0100", "1mm 미만")]
            .map { category, time, value in
                "{\"baseDate\":\"20261001\",\"baseTime\":\"2300\",\"category\":\"\(category)\",\"fcstDate\":"
                    + "\"20261002\",\"fcstTime\":\"\(time)\",\"fcstValue\":\"\(value)\",\"nx\":60,\"ny\":127}"
            }
        let body =
            "{\"response\":{\"header\":{\"resultCode\":\"00\",\"resultMsg\":\"NORMAL_SERVICE\"},\"body\":{\"dataType\":"
            + "\"JSON\",\"items\":{\"item\":[\(rows.joined(separator: ","))]},\"pageNo\":1,\"numOfRows\":4,"
            + "\"totalCount\":4}}}"
        return HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"], body: Array(body.utf8))
    }()

    /// Nil when the property holds for `query` (the raw query text after `?`), else what broke.
    package static func brokenPromise(query bytes: [UInt8]) -> String? {
        let query = String(decoding: bytes, as: UTF8.self)
        let now = Date(timeIntervalSince1970: 1_790_874_000)  // 2026-10-02 03:00 KST
        let providers = ProviderSet([KMA()])
        let path = KMAOperation.villageForecast.path
        let request = ReplayRequest(method: "GET", path: path, query: query, providers: providers, now: now)
        let context = ScreeningContext(requireKey: false)
        let first = KMA().screen(request, context: context)
        if let answer = first {
            guard answer.response.status == 200 else {
                return "the rule \(answer.rule) answered \(answer.response.status)"
            }
            return KMA().screen(request, context: context)?.response.body == answer.response.body
                ? nil : "the rule \(answer.rule) answered differently the second time"
        }
        let shape = { (format: String) -> HTTPResponse in
            let asked = ReplayRequest(
                method: "GET", path: path, query: query + "&dataType=" + format, providers: providers, now: now)
            return KMAVariant(asked).shape(recorded)
        }
        let xml = shape("XML")
        let json = shape("JSON")
        let fromXML = KMAAnswerRows.rows(of: xml.body).map { "\($0.category)=\($0.value)@\($0.time ?? "")" }
        let fromJSON = KMAAnswerRows.rows(of: json.body).map { "\($0.category)=\($0.value)@\($0.time ?? "")" }
        guard fromXML == fromJSON else { return "the XML form reads back as \(fromXML), the JSON form as \(fromJSON)" }
        return shape("XML").body == xml.body ? nil : "shaping the same request twice gave two bodies"
    }
}
