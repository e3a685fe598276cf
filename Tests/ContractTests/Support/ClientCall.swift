import Foundation
import WeatherClient

/// The client call that makes the request an interaction answers, chosen from the request pattern the
/// way an app would make it: `q` → by city name, `id` → by city id, `zip` → by zip, `lat`/`lon` or `near`
/// → by coordinate; the other paths by their own parameters (`exclude`, `dt`, `date`, `tz`, `start`,
/// `end`), with a fixed value where the pattern accepts any (`"*"`), or for a history the range its
/// `expect` block is for.
enum ClientCall: Sendable, CustomStringConvertible {
    case currentWeather(Place)
    case forecast(Place)
    case geocode(city: String)
    case reverseGeocode(Coordinate)
    case geocodeZip(String, country: String?)
    case oneCall(Coordinate, excluding: Set<OneCallBlock>)
    case historicalWeather(Coordinate, time: Date)
    case daySummary(Coordinate, date: CalendarDate, utcOffset: UTCOffset?)
    case weatherOverview(Coordinate, date: CalendarDate?)
    case airPollution(Coordinate)
    case airPollutionForecast(Coordinate)
    case airPollutionHistory(Coordinate, start: Date, end: Date)
    case icon(String, size: IconSize)
    /// One Call 4.0: the state now, a timeline's first page (`1min`, `15min`, `1h`, `1day`), an alert by id.
    case oneCall4Current(Coordinate)
    case oneCall4Timeline(step: String, Coordinate)
    case oneCall4Alert(id: String)
    /// Kakao Local: the address at a point, its regions, an address search.
    case address(Coordinate)
    case regionCodes(Coordinate)
    case searchAddress(String)
    /// KMA: the village forecast, the ultra-short forecast and the nowcast of a grid cell, at the latest
    /// issuance for the real time; a product type's forecast version.
    /// The village forecast asks for the latest issuance at the recorded base time when one is given
    /// (a recording shifted to another hour of the day has other daily extremes, so its `expect`
    /// block holds for its own hour only), else for the latest issuance.
    case villageForecast(KMAGridCell, recordedBaseTime: String? = nil)
    case ultraShortForecast(KMAGridCell)
    case ultraShortNowcast(KMAGridCell)
    case forecastVersion(KMAProductType)

    enum Place: Sendable, CustomStringConvertible {
        case city(String)
        case cityID(Int)
        case zip(String, country: String?)
        case coordinate(Coordinate)

        var description: String {
            switch self {
            case .city(let name): "city: \"\(name)\""
            case .cityID(let id): "cityID: \(id)"
            case .zip(let zip, let country): "zip: \"\(zip)\"" + (country.map { ", country: \"\($0)\"" } ?? "")
            case .coordinate(let coordinate): "at: \(coordinate)"
            }
        }
    }

    /// The call for `pattern`, or `nil` when the path is not one the client speaks. An air pollution
    /// history asks for the range `expectation` is for, when it states one (`start`, `end`).
    init?(for pattern: RequestPattern, expecting expectation: Expectation? = nil) {
        let at = Self.coordinate(for: pattern) ?? Self.anywhere
        switch pattern.path {
        case "/data/2.5/weather": self = .currentWeather(Self.place(for: pattern))
        case "/data/2.5/forecast": self = .forecast(Self.place(for: pattern))
        case "/geo/1.0/direct": self = .geocode(city: pattern.literal("q") ?? "Seoul")
        case "/geo/1.0/reverse": self = .reverseGeocode(at)
        case "/geo/1.0/zip":
            let (zip, country) = Self.zip(pattern.literal("zip") ?? "04524,KR")
            self = .geocodeZip(zip, country: country)
        case "/data/3.0/onecall":
            let names = pattern.literal("exclude")?.split(separator: ",") ?? []
            self = .oneCall(at, excluding: Set(names.compactMap { OneCallBlock(rawValue: String($0)) }))
        case "/data/3.0/onecall/timemachine":
            self = .historicalWeather(at, time: Self.time(pattern.literal("dt"), default: Self.recordedAt))
        case "/data/3.0/onecall/day_summary":
            let date = pattern.literal("date").flatMap(CalendarDate.init) ?? Self.recordedDay
            self = .daySummary(at, date: date, utcOffset: pattern.literal("tz").flatMap(UTCOffset.init))
        case "/data/3.0/onecall/overview":
            self = .weatherOverview(at, date: pattern.literal("date").flatMap(CalendarDate.init))
        case "/data/2.5/air_pollution": self = .airPollution(at)
        case "/data/2.5/air_pollution/forecast": self = .airPollutionForecast(at)
        case "/data/2.5/air_pollution/history":
            let range = expectation?.range
            self = .airPollutionHistory(
                at,
                start: Self.time(
                    pattern.literal("start"),
                    default: range.map { Date(timeIntervalSince1970: $0.start) }
                        ?? Self.recordedAt.addingTimeInterval(-4443)),
                end: Self.time(
                    pattern.literal("end"),
                    default: range.map { Date(timeIntervalSince1970: $0.end) }
                        ?? Self.recordedAt.addingTimeInterval(81957))
            )
        case "/data/4.0/onecall/current": self = .oneCall4Current(at)
        case let path where path.hasPrefix("/data/4.0/onecall/timeline/"):
            self = .oneCall4Timeline(step: String(path.dropFirst("/data/4.0/onecall/timeline/".count)), at)
        case let path where path.hasPrefix("/data/4.0/onecall/alert/"):
            self = .oneCall4Alert(id: String(path.dropFirst("/data/4.0/onecall/alert/".count)))
        case "/v2/local/geo/coord2address.json": self = .address(Self.kakaoCoordinate(for: pattern))
        case "/v2/local/geo/coord2regioncode.json": self = .regionCodes(Self.kakaoCoordinate(for: pattern))
        case "/v2/local/search/address.json": self = .searchAddress(pattern.literal("query") ?? "서울 중구 세종대로 110")
        case KMAForecastClient.servicePath + "/getVilageFcst": self = .villageForecast(Self.kmaCell(for: pattern))
        case KMAForecastClient.servicePath + "/getUltraSrtFcst": self = .ultraShortForecast(Self.kmaCell(for: pattern))
        case KMAForecastClient.servicePath + "/getUltraSrtNcst": self = .ultraShortNowcast(Self.kmaCell(for: pattern))
        case KMAForecastClient.servicePath + "/getFcstVersion":
            self = .forecastVersion(pattern.literal("ftype").flatMap(KMAProductType.init) ?? .villageForecast)
        default:
            guard let (code, size) = Self.icon(path: pattern.path) else { return nil }
            self = .icon(code, size: size)
        }
    }

    var description: String {
        switch self {
        case .currentWeather(let place): "currentWeather(\(place))"
        case .forecast(let place): "forecast(\(place))"
        case .geocode(let city): "geocode(city: \"\(city)\")"
        case .reverseGeocode(let coordinate): "reverseGeocode(at: \(coordinate))"
        case .geocodeZip(let zip, let country): "geocode(\(Place.zip(zip, country: country)))"
        case .oneCall(let coordinate, let blocks):
            "oneCall(at: \(coordinate), excluding: [\(blocks.sorted().map { ".\($0)" }.joined(separator: ", "))])"
        case .historicalWeather(let coordinate, let time):
            "historicalWeather(at: \(coordinate), time: \(Int64(time.timeIntervalSince1970)))"
        case .daySummary(let coordinate, let date, let offset):
            "daySummary(at: \(coordinate), date: \(date)" + (offset.map { ", utcOffset: \($0))" } ?? ")")
        case .weatherOverview(let coordinate, let date):
            "weatherOverview(at: \(coordinate)" + (date.map { ", date: \($0))" } ?? ")")
        case .airPollution(let coordinate): "airPollution(at: \(coordinate))"
        case .airPollutionForecast(let coordinate): "airPollutionForecast(at: \(coordinate))"
        case .airPollutionHistory(let coordinate, let start, let end):
            "airPollutionHistory(at: \(coordinate), from: \(Int64(start.timeIntervalSince1970)), "
                + "to: \(Int64(end.timeIntervalSince1970)))"
        case .icon(let code, let size): "icon(\"\(code)\", size: .\(size))"
        case .oneCall4Current(let coordinate): "oneCall4Current(at: \(coordinate))"
        case .oneCall4Timeline(let step, let coordinate): "oneCall4Timeline(\(step), at: \(coordinate))"
        case .oneCall4Alert(let id): "oneCall4Alert(id: \"\(id)\")"
        case .address(let coordinate): "address(at: \(coordinate))"
        case .regionCodes(let coordinate): "regionCodes(at: \(coordinate))"
        case .searchAddress(let query): "searchAddress(\"\(query)\")"
        case .villageForecast(let cell, _): "villageForecast(at: \(cell))"
        case .ultraShortForecast(let cell): "ultraShortForecast(at: \(cell))"
        case .ultraShortNowcast(let cell): "ultraShortNowcast(at: \(cell))"
        case .forecastVersion(let product): "forecastVersion(.\(product.caseName))"
        }
    }

    /// The cell a KMA interaction that names no usable cell (`getFcstVersion`, a staged request error)
    /// is asked for: one that no bundled cassette names (`unrecordedCellIsNamedByNoCassette` checks), so
    /// nothing recorded answers it by accident; the bundled set has no catch-all, and without the world
    /// the mock answers such a cell 501 `NOT_RECORDED`.
    static let kmaUnrecordedCell = KMAGridCell(nx: 58, ny: 74)!

    /// The pattern's `nx`/`ny` when both are literal whole numbers inside the grid, else
    /// ``kmaUnrecordedCell`` (the shaping transport then writes an out-of-grid `nx` or removes a required
    /// absent one).
    private static func kmaCell(for pattern: RequestPattern) -> KMAGridCell {
        guard let nx = pattern.literal("nx").flatMap(Int.init), let ny = pattern.literal("ny").flatMap(Int.init),
            let cell = KMAGridCell(nx: nx, ny: ny)
        else { return kmaUnrecordedCell }
        return cell
    }

    /// A valid coordinate for patterns that name no usable one; the shaping transport then writes what
    /// the pattern demands (such as the out-of-range `lat=100` that the client itself refuses to send).
    private static let anywhere = Coordinate(latitude: 37.5683, longitude: 126.9778)
    /// When the bundled One Call and air bodies were taken (2022-12-05 02:14 UTC), for `dt`, `start`
    /// and `end` patterns that accept any value.
    private static let recordedAt = Date(timeIntervalSince1970: 1_670_206_443)
    private static let recordedDay = CalendarDate(year: 2022, month: 12, day: 5)!

    /// Kakao's point: the pattern's `near`, else its `y` and `x` where both are literal numbers, else
    /// City Hall (the shaping transport then removes what the pattern requires absent).
    private static func kakaoCoordinate(for pattern: RequestPattern) -> Coordinate {
        if let near = pattern.near { return Coordinate(latitude: near.latitude, longitude: near.longitude) }
        if let y = pattern.literal("y").flatMap(Double.init), let x = pattern.literal("x").flatMap(Double.init) {
            let coordinate = Coordinate(latitude: y, longitude: x)
            if coordinate.isValid { return coordinate }
        }
        return Coordinate(latitude: 37.5663174, longitude: 126.9779451)
    }

    private static func place(for pattern: RequestPattern) -> Place {
        if let city = pattern.literal("q") { return .city(city) }
        if let id = pattern.literal("id").flatMap(Int.init) { return .cityID(id) }
        if let zip = pattern.literal("zip") {
            let (code, country) = Self.zip(zip)
            return .zip(code, country: country)
        }
        return .coordinate(coordinate(for: pattern) ?? anywhere)
    }

    /// `04524,KR` → ("04524", "KR"); `94040` → ("94040", nil).
    private static func zip(_ text: String) -> (String, String?) {
        let parts = text.split(separator: ",", maxSplits: 1).map(String.init)
        return (parts.first ?? text, parts.count > 1 ? parts[1] : nil)
    }

    private static func time(_ literal: String?, default time: Date) -> Date {
        literal.flatMap(Double.init).map(Date.init(timeIntervalSince1970:)) ?? time
    }

    /// `/img/wn/04d@2x.png` → ("04d", .double).
    private static func icon(path: String) -> (String, IconSize)? {
        let prefix = "/img/wn/"
        guard path.hasPrefix(prefix), path.hasSuffix(".png") else { return nil }
        let name = String(path.dropFirst(prefix.count).dropLast(".png".count))
        if name.hasSuffix("@2x") { return (String(name.dropLast(3)), .double) }
        if name.hasSuffix("@4x") { return (String(name.dropLast(3)), .quadruple) }
        return (name, .standard)
    }

    private static func coordinate(for pattern: RequestPattern) -> Coordinate? {
        if let near = pattern.near { return Coordinate(latitude: near.latitude, longitude: near.longitude) }
        if let lat = pattern.literal("lat").flatMap(Double.init), let lon = pattern.literal("lon").flatMap(Double.init)
        {
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            if coordinate.isValid { return coordinate }
        }
        return nil
    }
}
