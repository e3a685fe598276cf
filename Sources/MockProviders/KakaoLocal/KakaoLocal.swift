import Basics
import HTTPServer
import MockEngine

/// Kakao Local as the mock answers it (docs/ARCHITECTURE.md#providers): coordinates to an address
/// (`coord2address`), to its regions (`coord2regioncode`) and the address search, on the `dapi` host.
/// Its parts: how its requests read (below), its key and parameter rules (``KakaoLocalRules``), what
/// the dashboard reads of an answer (``KakaoLocalAnswers``) and how it is recorded
/// (``KakaoLocalRecording``). Errors are in this host's `{"errorType", "message"}` dialect.
struct KakaoLocal: Provider {
    let name = "kakao-local"
    let pathPrefixes = ["/v2/local/"]
    let hosts = ["dapi.kakao.com"]

    let vocabulary = RequestVocabulary(
        secretHeaders: [.init(name: "Authorization", scheme: KakaoLocalRules.scheme)],
        // Kakao's axes: `x` is the longitude, `y` the latitude. Its 400 for a point out of range is
        // unconfirmed (kakao-local.md, errors): the engine's `x is out of range` as `InvalidArgument`.
        coordinates: .init(latitude: "y", longitude: "x"),
        placeParameters: ["query"],
        defaults: ["input_coord": "wgs84", "output_coord": "wgs84", "analyze_type": "similar", "page": "1"])

    let expectations = KakaoLocalExpectations.vocabulary

    func errorResponse(status: Int, message: String, for request: ReplayRequest) -> HTTPResponse {
        KakaoLocalRules.response(
            status: status, errorType: KakaoLocalRules.errorType(forStatus: status), message: message)
    }

    func screen(_ request: ReplayRequest, context: ScreeningContext) -> ScreenedAnswer? {
        KakaoLocalRules.screen(request)
    }

    func summary(ofAnswer body: [UInt8], query: QueryParameters) -> AnswerSummary? {
        KakaoLocalAnswers.summary(of: body)
    }

    var recording: (any RecordingProfile)? { KakaoLocalRecording() }
}
