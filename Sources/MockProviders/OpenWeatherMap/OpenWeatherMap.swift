import Basics
import HTTPServer
import MockEngine

/// The OpenWeatherMap API as the mock answers it (docs/ARCHITECTURE.md#providers): current weather,
/// the 5-day forecast, geocoding, One Call 3.0 and 4.0 (``OneCall4Endpoint``), Air Pollution and the
/// icons. Its parts: how its
/// requests read (below), its key rules (``OpenWeatherMapKeys``), what a request asks of a recorded
/// body (``OpenWeatherMapVariant``: units, `exclude`, `cnt`), what the dashboard reads of an answer
/// (``OpenWeatherMapAnswers``) and how it is recorded (``OpenWeatherMapRecording``).
struct OpenWeatherMap: Provider {
    let name = "openweathermap"
    let pathPrefixes = ["/data/", "/geo/", "/img/wn/"]
    let hosts = ["api.openweathermap.org", "openweathermap.org"]

    let vocabulary = RequestVocabulary(
        secretParameters: ["appid"],
        // The API's own 400 messages (openweathermap.md, errors).
        coordinates: .init(
            latitude: "lat", longitude: "lon", latitudeOutOfRange: "wrong latitude",
            longitudeOutOfRange: "wrong longitude"),
        placeParameters: ["q", "id", "zip"],
        // pyowm always sends `lang=en`; a recording made without it must still answer it, and one
        // made with it a client that leaves it out.
        defaults: ["lang": "en", "units": "standard", "mode": "json"],
        // Place names and zip codes (`04524,kr`) are case-insensitive at the API.
        caseInsensitiveParameters: ["q", "zip"],
        unitSystems: Units.allCases.map(\.rawValue))

    let expectations = OpenWeatherMapExpectations.vocabulary

    func errorResponse(status: Int, message: String, for request: ReplayRequest) -> HTTPResponse {
        if request.path.hasPrefix(OneCall4Endpoint.prefix) {
            // 4.0's documented shape: a numeric `cod` and the parameters at fault (reference §7).
            let parameter = vocabulary.coordinates.flatMap { names in
                message == names.latitudeOutOfRange
                    ? names.latitude
                    : message == names.longitudeOutOfRange ? names.longitude : nil
            }
            return OpenWeatherMapKeys.response(
                status: status,
                body: OneCall4Refusal.body(status: status, message: message, parameters: parameter.map { [$0] } ?? []))
        }
        return OpenWeatherMapKeys.response(
            status: status,
            body: "{\"cod\":\(JSONValue.quoted(String(status))),\"message\":\(JSONValue.quoted(message))}")
    }

    func screen(_ request: ReplayRequest, context: ScreeningContext) -> ScreenedAnswer? {
        OpenWeatherMapKeys.screen(request, context: context)
    }

    func variant(of response: ResponseTemplate, for request: ReplayRequest) -> ResponseVariant? {
        OpenWeatherMapVariant(of: response, for: request).map(ResponseVariant.init)
    }

    func shape(_ declared: HTTPResponse, of response: ResponseTemplate, into variant: ResponseVariant)
        -> HTTPResponse
    {
        guard let variant = variant.value(as: OpenWeatherMapVariant.self) else { return declared }
        return variant.shape(
            declared, declaredUnits: Units(requestValue: response.units), ownTimeFields: response.timeFields)
    }

    func summary(ofAnswer body: [UInt8], query: QueryParameters) -> AnswerSummary? {
        OpenWeatherMapAnswers.summary(of: body, units: Units(requestValue: query["units"]))
    }

    var recording: (any RecordingProfile)? { OpenWeatherMapRecording() }

    func echoSecrets(into response: inout HTTPResponse, for request: ReplayRequest) -> [UInt8]? {
        // Only a timeline's links repeat the key (One Call 4.0, reference §4).
        guard request.path.hasPrefix(OneCall4Endpoint.timelinePrefix),
            let echoed = OneCall4Links.echoKey(
                request.parameters["appid"].flatMap { $0.isEmpty ? nil : $0 }, into: response.body)
        else { return nil }
        let shown = response.body
        response.body = echoed
        return shown
    }
}
