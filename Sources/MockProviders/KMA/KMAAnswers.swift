import Basics
import HTTPServer
import MockEngine

/// The service's own result answers (kma-vilage-fcst.md §5.1, §5.2): HTTP 200 with
/// `{"response":{"header":{"resultCode","resultMsg"}}}` and no `body`, or its XML form when the request
/// did not ask for JSON, byte for byte as the live service writes them.
enum KMAAnswers {
    /// 01: a base time that is no issuance, an unreadable date, a cell off the grid.
    static let applicationError = KMAResult(code: "01", message: "APPLICATION_ERROR")
    /// 03: an issuance not published yet (the guide's `NODATA_ERROR` is sent as `NO_DATA`).
    static let noData = KMAResult(code: "03", message: "NO_DATA")
    /// 10 for the two ultra-short operations: older than a day.
    static let outdatedDay = KMAResult(code: "10", message: "최근 1일 간의 자료만 제공합니다.")
    /// 10 for the village forecast: older than three days.
    static let outdatedThreeDays = KMAResult(code: "10", message: "최근 3일 간의 자료만 제공합니다.")
    /// 11: `base_date`, `base_time`, `nx` or `ny` left out.
    static let missingParameter = KMAResult(code: "11", message: "NO_MANDATORY_REQUEST_PARAMETERS_ERROR")

    /// The code of the mock's own answer to a request it has no recording for (status 501): not a
    /// code the guide lists, so no client mistakes it for one the service sent.
    static let notRecordedCode = "NOT_RECORDED"
    /// The code of any other answer of the mock's making (a 502 in record mode): the guide's 99.
    static let unknownErrorCode = "99"

    /// `result` as the service sends it in `format`: HTTP `status` (200 for the service's own).
    static func response(_ result: KMAResult, format: KMAFormat, status: Int = 200) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: format.contentType)
        return HTTPResponse(status: status, headers: headers, body: Array(body(result, format: format).utf8))
    }

    /// The body of `result` without `body` (as NO_DATA and every error arrive).
    static func body(_ result: KMAResult, format: KMAFormat) -> String {
        switch format {
        case .json:
            "{\"response\":{\"header\":{\"resultCode\":\(JSONValue.quoted(result.code)),"
                + "\"resultMsg\":\(JSONValue.quoted(result.message))}}}"
        case .xml:
            KMAXML.declaration + "<response><header><resultCode>\(KMAXML.escaped(result.code))</resultCode>"
                + "<resultMsg>\(KMAXML.escaped(result.message))</resultMsg></header></response>"
        }
    }
}

/// A result code and message of the service's `response.header`.
struct KMAResult: Sendable, Hashable {
    /// Two digits (`"03"`), or the mock's own ``KMAAnswers/notRecordedCode``.
    var code: String
    /// `resultMsg` as the service writes it (`NO_DATA`, a Korean sentence for 10).
    var message: String
}
