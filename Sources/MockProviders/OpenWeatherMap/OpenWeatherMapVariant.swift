import Basics
import HTTPServer
import MockEngine

/// What a request asks of a recorded OpenWeatherMap body beyond matching
/// (docs/ARCHITECTURE.md#conversion-and-exclude): its units (every temperature and wind speed
/// converted), the One Call blocks it excludes (`exclude`) and the forecast items it wants (`cnt`).
/// There are at most 3 × 32 × (items + 1) variants of a body: a `cnt` at least as long as the list is
/// no limit.
struct OpenWeatherMapVariant: Hashable, Sendable {
    var units: Units
    var excluded: ExcludedBlocks
    var itemLimit: Int?

    /// The variant `request` asks of `response`, nil when it asks for the body as recorded.
    init?(of response: ResponseTemplate, for request: ReplayRequest) {
        units = Units(requestValue: request.parameters["units"])
        excluded = ExcludedBlocks(requestValue: request.parameters["exclude"])
        itemLimit = ForecastCount.limit(requestValue: request.parameters["cnt"])
        guard units != Units(requestValue: response.units) || !excluded.isEmpty || itemLimit != nil else {
            return nil
        }
    }

    /// `declared` (a compact JSON body in `declaredUnits`) in this variant; a body with nothing to
    /// convert or drop is served as declared.
    func shape(_ declared: HTTPResponse, declaredUnits: Units) -> HTTPResponse {
        var response = declared
        guard let json = try? JSONParser.parse(declared.body) else { return response }
        let kept = ForecastCount.applied(itemLimit, to: excluded.applied(to: json.built))
        let convertible = UnitConversion.isConvertible(kept)
        if convertible || !excluded.isEmpty || itemLimit != nil {
            response.body =
                (convertible ? UnitConversion.convert(kept, from: declaredUnits, to: units) : kept).compactBytes
        }
        return response
    }
}
