import Gazetteer
import MockEngine
import WeatherWorld

/// OpenWeatherMap answered from the world for a request no cassette matched
/// (docs/ARCHITECTURE.md#the-world): every family the provider serves, by ``SyntheticFamily``.
///
/// Without a world the mock stays fail-closed, with one exception that invents nothing: a `q` city
/// name no gazetteer place has is the API's own 404 `city not found` (`q=Seuol`). With a world, each
/// family answers from the world's state at the site (``SyntheticSite``) at the mock clock's instant,
/// and the API's own 400s and 404s where the request is wrong (``SyntheticRefusal``). Key rules ran
/// before (``OpenWeatherMapKeys``), and so did the range check of coordinates. `mode=xml` and `html`
/// are not made: they stay unmatched.
extension OpenWeatherMap {
    func synthesize(_ request: ReplayRequest, context: SynthesisContext) -> SynthesizedAnswer? {
        guard let family = SyntheticFamily(path: request.path) else { return nil }
        if family.takesCityName, let query = request.parameters["q"]?.trimmingASCIIWhitespace(), !query.isEmpty,
            let gazetteer = context.gazetteer, gazetteer.places(matching: query, limit: 1).isEmpty
        {
            return SyntheticRefusal.cityNotFound.answer
        }
        guard let world = context.world else { return nil }
        // One Call 4.0 has no `mode` (reference §3): there it is an unknown parameter, ignored as the API
        // ignores those.
        if !family.isOneCall4, let mode = request.parameters["mode"], !mode.isEmpty, mode.lowercased() != "json" {
            return nil
        }
        do {
            return try family.answer(SyntheticRequest(request), world: world, gazetteer: context.gazetteer)
        } catch {
            return error.answer
        }
    }
}

/// The paths the world answers, each with how it is answered.
enum SyntheticFamily: Sendable {
    case currentWeather
    case forecast
    case oneCall
    case timeMachine
    case daySummary
    case overview
    case air(AirPollutionAnswer.Span)
    case geocoding(GeocodingAnswer.Lookup)
    case oneCall4(OneCall4Endpoint)

    /// The family on `path`, nil for a path the world does not answer (icons, retired endpoints).
    init?(path: String) {
        switch path {
        case "/data/2.5/weather": self = .currentWeather
        case "/data/2.5/forecast": self = .forecast
        case "/data/3.0/onecall": self = .oneCall
        case "/data/3.0/onecall/timemachine": self = .timeMachine
        case "/data/3.0/onecall/day_summary": self = .daySummary
        case "/data/3.0/onecall/overview": self = .overview
        case "/data/2.5/air_pollution": self = .air(.now)
        case "/data/2.5/air_pollution/forecast": self = .air(.forecast)
        case "/data/2.5/air_pollution/history": self = .air(.history)
        case "/geo/1.0/direct": self = .geocoding(.direct)
        case "/geo/1.0/reverse": self = .geocoding(.reverse)
        case "/geo/1.0/zip": self = .geocoding(.zip)
        default:
            guard let endpoint = OneCall4Endpoint(path: path) else { return nil }
            self = .oneCall4(endpoint)
        }
    }

    /// Whether the family is One Call 4.0's.
    var isOneCall4: Bool {
        if case .oneCall4 = self { return true }
        return false
    }

    /// Whether the family takes `q` as a city name and answers an unknown one with `city not found`
    /// (geocoding's `q` answers `[]` instead).
    var takesCityName: Bool {
        switch self {
        case .currentWeather, .forecast: true
        default: false
        }
    }

    /// The answer to `request` under `world`, nil when it needs a gazetteer there is not.
    func answer(
        _ request: SyntheticRequest, world: World, gazetteer: Gazetteer?
    ) throws(SyntheticRefusal) -> SynthesizedAnswer? {
        switch self {
        case .currentWeather:
            guard let site = try request.namedSite(in: gazetteer) else { return nil }
            return .weather(
                CurrentWeatherAnswer.body(site: site, world: world, request: request), rule: CurrentWeatherAnswer.rule)
        case .forecast:
            guard let site = try request.namedSite(in: gazetteer) else { return nil }
            return .weather(ForecastAnswer.body(site: site, world: world, request: request), rule: ForecastAnswer.rule)
        case .oneCall:
            let site = try request.pointSite(in: gazetteer)
            return .weather(OneCallAnswer.body(site: site, world: world, request: request), rule: OneCallAnswer.rule)
        case .timeMachine:
            let site = try request.pointSite(in: gazetteer)
            return .weather(
                try OneCallHistoryAnswers.timeMachine(site: site, world: world, request: request),
                rule: OneCallHistoryAnswers.timeMachineRule)
        case .daySummary:
            let site = try request.pointSite(in: gazetteer)
            return .weather(
                try OneCallHistoryAnswers.daySummary(site: site, world: world, request: request),
                rule: OneCallHistoryAnswers.daySummaryRule)
        case .overview:
            let site = try request.pointSite(in: gazetteer)
            return .weather(
                try OverviewAnswer.body(site: site, world: world, request: request), rule: OverviewAnswer.rule)
        case .air(let span):
            let site = try request.pointSite(in: gazetteer)
            return .weather(
                try AirPollutionAnswer.body(span, site: site, world: world, request: request),
                rule: AirPollutionAnswer.rule(span))
        case .oneCall4(let endpoint):
            return OneCall4Answers.answer(endpoint, request: request, world: world, gazetteer: gazetteer)
        case .geocoding(let lookup):
            guard let gazetteer else { return nil }
            return .weather(
                try GeocodingAnswer.body(lookup, gazetteer: gazetteer, request: request),
                rule: GeocodingAnswer.rule(lookup))
        }
    }
}
