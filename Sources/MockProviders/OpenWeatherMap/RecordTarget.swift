package import MockEngine

/// One thing `mockweather record` captures from OpenWeatherMap: an endpoint for a location, in given
/// units and language.
package struct RecordTarget: Sendable, Equatable {
    /// Where.
    package enum Location: Sendable, Equatable {
        /// `--city NAME`: `q=NAME`.
        case city(String)
        /// `--id N`: `id=N`.
        case cityID(String)
        /// `--zip CODE,COUNTRY`: `zip=CODE,COUNTRY`.
        case zip(String)
        /// `--at LAT,LON`: `lat=LAT&lon=LON`.
        case coordinate(latitude: Double, longitude: Double)
        /// One icon, `10d@2x` (`--endpoint icons` records all of them).
        case icon(String)

        var text: String {
            switch self {
            case .city(let name): name
            case .cityID(let id): id
            case .zip(let zip): zip
            case .coordinate(let latitude, let longitude):
                "\(NumberText.shortest(latitude)),\(NumberText.shortest(longitude))"
            case .icon(let name): name
            }
        }

        /// How a skipped target is named: `id 1835848`, `Seoul`, `zip 04524,KR`, `35.87,128.6`.
        var label: String {
            switch self {
            case .cityID(let id): "id \(id)"
            case .zip(let zip): "zip \(zip)"
            default: text
            }
        }
    }

    /// Which API call.
    package enum Endpoint: String, Sendable, CaseIterable {
        /// `/data/2.5/weather`.
        case current
        /// `/data/2.5/forecast`.
        case forecast
        /// `/geo/1.0/direct` for a city, `/geo/1.0/reverse` for coordinates, `/geo/1.0/zip` for a zip
        /// code (with `limit=5` for the first two, as the WeatherClient sends); city ids have no
        /// geocoding.
        case geocoding
        /// `/data/3.0/onecall` (coordinates only; `exclude` when set).
        case oneCall = "onecall"
        /// `/data/3.0/onecall/timemachine` (coordinates and `dt`).
        case timemachine
        /// `/data/3.0/onecall/day_summary` (coordinates and `date`).
        case daySummary = "day-summary"
        /// `/data/3.0/onecall/overview` (coordinates; `date` when set).
        case overview
        /// `/data/2.5/air_pollution` (coordinates only).
        case air
        /// `/data/2.5/air_pollution/forecast` (coordinates only).
        case airForecast = "air-forecast"
        /// `/data/2.5/air_pollution/history` (coordinates, `start` and `end`).
        case airHistory = "air-history"
        /// `/img/wn/{code}.png`, `@2x`, `@4x` for every condition icon (no location needed).
        case icons

        /// Whether the endpoint takes only coordinates.
        var needsCoordinates: Bool {
            switch self {
            case .oneCall, .timemachine, .daySummary, .overview, .air, .airForecast, .airHistory: true
            case .current, .forecast, .geocoding, .icons: false
            }
        }
    }

    /// The icon names `--endpoint icons` records: 18 condition codes in three sizes.
    package static let iconNames: [String] = ["01", "02", "03", "04", "09", "10", "11", "13", "50"].flatMap { code in
        ["d", "n"].flatMap { time in ["", "@2x", "@4x"].map { "\(code)\(time)\($0)" } }
    }

    /// Where.
    package var location: Location
    /// Which API call.
    package var endpoint: Endpoint
    /// `units`, sent when set (current weather, forecast and One Call).
    package var units: String?
    /// `lang`, sent when set (current weather, forecast and One Call).
    package var language: String?
    /// One Call's `exclude`, sent when set.
    package var exclude: String?
    /// timemachine's `dt` (Unix seconds).
    package var time: Int?
    /// day_summary's and overview's `date` (`YYYY-MM-DD`).
    package var date: String?
    /// Air pollution history's `start` and `end` (Unix seconds).
    package var period: (start: Int, end: Int)?

    /// A target; nothing is checked until it is turned into a request.
    package init(location: Location, endpoint: Endpoint = .current, units: String? = nil, language: String? = nil) {
        self.location = location
        self.endpoint = endpoint
        self.units = units
        self.language = language
    }

    /// Same location, endpoint and parameters (`period` compared by its bounds).
    package static func == (left: RecordTarget, right: RecordTarget) -> Bool {
        left.location == right.location && left.endpoint == right.endpoint && left.units == right.units
            && left.language == right.language && left.exclude == right.exclude && left.time == right.time
            && left.date == right.date && left.period?.start == right.period?.start
            && left.period?.end == right.period?.end
    }

    /// Why this target has no request (`geocoding` for a city id, One Call for a city name, ...), or nil.
    package var skipReason: String? {
        switch (endpoint, location) {
        case (.icons, .icon): return nil
        case (.icons, _), (_, .icon): return "icons have no location; --endpoint icons records them all"
        case (.geocoding, .cityID): return "geocoding needs a city name, zip code or coordinates"
        case (let endpoint, let location) where endpoint.needsCoordinates:
            if case .coordinate = location {
                if endpoint == .timemachine, time == nil { return "timemachine needs --dt" }
                if endpoint == .daySummary, date == nil { return "day-summary needs --date" }
                if endpoint == .airHistory, period == nil { return "air-history needs --start and --end" }
                return nil
            }
            return "\(endpoint.rawValue) needs coordinates (--at)"
        default: return nil
        }
    }

    /// The batch item for this target: its request, or why it has none (see ``skipReason``).
    package func item(providers: ProviderSet) -> BatchItem {
        let label = "\(endpoint.rawValue) for \(location.label)"
        guard let parameters = requestParameters else {
            return BatchItem(label: label, request: nil, skipReason: skipReason ?? "no such request")
        }
        return BatchItem(
            label: label,
            request: CapturedRequest(path: parameters.path, parameters: parameters.query, providers: providers),
            skipReason: nil)
    }

    /// The path and parameters to send, or nil when the endpoint has no form for this target.
    private var requestParameters: (path: String, query: [(String, String)])? {
        guard skipReason == nil else { return nil }
        var parameters: [(String, String)]
        switch location {
        case .city(let name): parameters = [("q", name)]
        case .cityID(let id): parameters = [("id", id)]
        case .zip(let zip): parameters = [("zip", zip)]
        case .coordinate(let latitude, let longitude):
            parameters = [("lat", NumberText.shortest(latitude)), ("lon", NumberText.shortest(longitude))]
        case .icon(let name): return ("/img/wn/\(name).png", [])
        }
        let path: String
        switch (endpoint, location) {
        case (.current, _): path = "/data/2.5/weather"
        case (.forecast, _): path = "/data/2.5/forecast"
        case (.geocoding, .city): path = "/geo/1.0/direct"
        case (.geocoding, .zip): path = "/geo/1.0/zip"
        case (.geocoding, _): path = "/geo/1.0/reverse"
        case (.oneCall, _): path = "/data/3.0/onecall"
        case (.timemachine, _): path = "/data/3.0/onecall/timemachine"
        case (.daySummary, _): path = "/data/3.0/onecall/day_summary"
        case (.overview, _): path = "/data/3.0/onecall/overview"
        case (.air, _): path = "/data/2.5/air_pollution"
        case (.airForecast, _): path = "/data/2.5/air_pollution/forecast"
        case (.airHistory, _): path = "/data/2.5/air_pollution/history"
        case (.icons, _): return nil
        }
        switch endpoint {
        case .geocoding:
            if path != "/geo/1.0/zip" { parameters.append(("limit", "5")) }
        case .air, .airForecast:
            break
        case .airHistory:
            if let period { parameters += [("start", String(period.start)), ("end", String(period.end))] }
        default:
            if endpoint == .oneCall, let exclude { parameters.append(("exclude", exclude)) }
            if endpoint == .timemachine, let time { parameters.append(("dt", String(time))) }
            if endpoint == .daySummary || endpoint == .overview, let date { parameters.append(("date", date)) }
            if let units { parameters.append(("units", units)) }
            if let language, endpoint != .overview { parameters.append(("lang", language)) }
        }
        return (path, parameters)
    }
}
