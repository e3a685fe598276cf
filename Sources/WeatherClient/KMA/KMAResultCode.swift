/// A result code of the KMA service (`response.header.resultCode`) or of the data.go.kr gateway in
/// front of it (`returnReasonCode`): two digits, as the guide's table lists them.
///
/// Any code decodes (the set is the API's to extend); the ones the guide lists have names here.
/// The table's English constant (``name``) is not always what the server sends: code 03 arrives
/// as `NO_DATA`, not `NODATA_ERROR`, and code 10 with a Korean sentence.
public struct KMAResultCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as sent, e.g. `"03"`.
    public let rawValue: String

    /// A code as the API writes it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 00 NORMAL_SERVICE: success.
    public static let normalService = KMAResultCode(rawValue: "00")
    /// 01 APPLICATION_ERROR: the service failed, or the request named a bad grid cell or base time.
    public static let applicationError = KMAResultCode(rawValue: "01")
    /// 02 DB_ERROR.
    public static let databaseError = KMAResultCode(rawValue: "02")
    /// 03 NO_DATA: nothing for that issuance and cell (not yet published, or a parameter missing).
    public static let noData = KMAResultCode(rawValue: "03")
    /// 04 HTTP_ERROR: the service's own upstream failed.
    public static let httpError = KMAResultCode(rawValue: "04")
    /// 05 SERVICETIME_OUT: the service could not connect in time.
    public static let serviceTimeout = KMAResultCode(rawValue: "05")
    /// 10 INVALID_REQUEST_PARAMETER_ERROR, also sent for a base date older than the retention
    /// ("최근 3일 간의 자료만 제공합니다.").
    public static let invalidRequestParameter = KMAResultCode(rawValue: "10")
    /// 11 NO_MANDATORY_REQUEST_PARAMETERS_ERROR.
    public static let missingMandatoryParameter = KMAResultCode(rawValue: "11")
    /// 12 NO_OPENAPI_SERVICE_ERROR: no such operation, or it was retired.
    public static let noSuchService = KMAResultCode(rawValue: "12")
    /// 20 SERVICE_ACCESS_DENIED_ERROR.
    public static let accessDenied = KMAResultCode(rawValue: "20")
    /// 21 TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR.
    public static let keyTemporarilyDisabled = KMAResultCode(rawValue: "21")
    /// 22 LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR: over the daily quota.
    public static let quotaExceeded = KMAResultCode(rawValue: "22")
    /// 30 SERVICE_KEY_IS_NOT_REGISTERED_ERROR: a wrong key, one not approved for this dataset, or
    /// one encoded twice.
    public static let keyNotRegistered = KMAResultCode(rawValue: "30")
    /// 31 DEADLINE_HAS_EXPIRED_ERROR: the key's application period is over.
    public static let keyExpired = KMAResultCode(rawValue: "31")
    /// 32 UNREGISTERED_IP_ERROR.
    public static let unregisteredIP = KMAResultCode(rawValue: "32")
    /// 33 UNSIGNED_CALL_ERROR.
    public static let unsignedCall = KMAResultCode(rawValue: "33")
    /// 99 UNKNOWN_ERROR.
    public static let unknownError = KMAResultCode(rawValue: "99")

    /// The guide's constant for the code (`NODATA_ERROR`, `SERVICE_KEY_IS_NOT_REGISTERED_ERROR`),
    /// or `nil` for a code the guide does not list.
    public var name: String? { Self.table[rawValue]?.name }

    /// What the code means in English ("no data", "service key not registered"), or `nil` for a code
    /// the guide does not list.
    public var meaning: String? { Self.table[rawValue]?.english }

    /// The guide's Korean meaning ("데이터없음 에러", "등록되지 않은 서비스키"), or `nil` for a code
    /// it does not list.
    public var koreanMeaning: String? { Self.table[rawValue]?.korean }

    /// `30 (service key not registered)`, or the bare code when the guide does not list it.
    public var description: String { meaning.map { "\(rawValue) (\($0))" } ?? rawValue }

    private static let table: [String: (name: String, english: String, korean: String)] = [
        "00": ("NORMAL_SERVICE", "normal service", "정상"),
        "01": ("APPLICATION_ERROR", "application error", "어플리케이션 에러"),
        "02": ("DB_ERROR", "database error", "데이터베이스 에러"),
        "03": ("NODATA_ERROR", "no data", "데이터없음 에러"),
        "04": ("HTTP_ERROR", "HTTP error", "HTTP 에러"),
        "05": ("SERVICETIME_OUT", "service timed out", "서비스 연결실패 에러"),
        "10": ("INVALID_REQUEST_PARAMETER_ERROR", "invalid request parameter", "잘못된 요청 파라메터 에러"),
        "11": ("NO_MANDATORY_REQUEST_PARAMETERS_ERROR", "mandatory parameter missing", "필수요청 파라메터가 없음"),
        "12": ("NO_OPENAPI_SERVICE_ERROR", "no such service", "해당 오픈API서비스가 없거나 폐기됨"),
        "20": ("SERVICE_ACCESS_DENIED_ERROR", "service access denied", "서비스 접근거부"),
        "21": ("TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR", "service key temporarily disabled", "일시적으로 사용할 수 없는 서비스 키"),
        "22": ("LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", "request quota exceeded", "서비스 요청제한횟수 초과에러"),
        "30": ("SERVICE_KEY_IS_NOT_REGISTERED_ERROR", "service key not registered", "등록되지 않은 서비스키"),
        "31": ("DEADLINE_HAS_EXPIRED_ERROR", "service key expired", "기한만료된 서비스키"),
        "32": ("UNREGISTERED_IP_ERROR", "unregistered IP", "등록되지 않은 IP"),
        "33": ("UNSIGNED_CALL_ERROR", "unsigned call", "서명되지 않은 호출"),
        "99": ("UNKNOWN_ERROR", "unknown error", "기타에러"),
    ]
}
