import Basics
import HTTPServer
import MockEngine

/// The KMA short-term forecast (data.go.kr `VilageFcstInfoService_2.0`) as the mock answers it
/// (docs/ARCHITECTURE.md#providers): the nowcast, the ultra-short and the village forecast of one
/// grid cell, and the forecast version, behind the data.go.kr gateway that checks `serviceKey` first.
/// Its parts: the operations and their issuance schedule (``KMAOperation``), the rules answered before
/// any cassette (``KMARules``), the answers in JSON and XML (``KMAAnswers``), the variants made of one
/// recorded JSON answer (``KMAVariant``), what the dashboard reads (``KMADashboard``) and how it is
/// recorded (``KMARecording``).
struct KMA: Provider {
    let name = "kma"
    let pathPrefixes = ["/1360000/VilageFcstInfoService_2.0/"]
    let hosts = ["apis.data.go.kr"]

    let vocabulary = RequestVocabulary(
        secretParameters: ["serviceKey"],
        placeParameters: ["nx", "ny"],
        defaults: ["pageNo": "1", "numOfRows": "10", "dataType": "xml"],
        caseInsensitiveParameters: ["dataType"])

    let expectations = KMAExpectations.vocabulary

    /// `kma.gateway`: the gateway's answers in the classic XML (default) or the newer JSON form
    /// (``KMAGateway/Form``; Cassettes/README.md).
    let settings = [ProviderSetting(name: "gateway", values: ["xml", "json"])]

    /// The service's envelope in the form the request asked for, HTTP `status` kept (501 unmatched):
    /// `resultCode` ``KMAAnswers/notRecordedCode`` for a request the mock has no recording for, the
    /// guide's 99 for any other answer of the mock's making, `resultMsg` the message.
    func errorResponse(status: Int, message: String, for request: ReplayRequest) -> HTTPResponse {
        let code = status == 501 ? KMAAnswers.notRecordedCode : KMAAnswers.unknownErrorCode
        return KMAAnswers.response(
            KMAResult(code: code, message: message), format: KMAFormat(request.parameters), status: status)
    }

    func screen(_ request: ReplayRequest, context: ScreeningContext) -> ScreenedAnswer? {
        KMARules.screen(request, gateway: KMAGateway.Form(setting: context.setting("gateway", of: self)))
    }

    func variant(of response: ResponseTemplate, for request: ReplayRequest) -> ResponseVariant? {
        KMAVariant(of: response, for: request).map(ResponseVariant.init)
    }

    func shape(_ declared: HTTPResponse, of response: ResponseTemplate, into variant: ResponseVariant)
        -> HTTPResponse
    {
        variant.value(as: KMAVariant.self)?.shape(declared) ?? declared
    }

    func summary(ofAnswer body: [UInt8], query: QueryParameters) -> AnswerSummary? {
        KMADashboard.summary(of: body, query: query)
    }

    func mapPoint(of query: QueryParameters) -> (latitude: Double, longitude: Double)? {
        KMADashboard.mapPoint(of: query)
    }

    var recording: (any RecordingProfile)? { KMARecording() }
}
