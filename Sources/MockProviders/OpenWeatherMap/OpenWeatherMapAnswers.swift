import Basics
import MockEngine

/// What the dashboard reads of an OpenWeatherMap answer: the place, the temperature (in the units the
/// request asked for), the weather, an air-quality index, and where the answer puts the place.
///
/// Knows the shapes the API answers with: current weather (`name`, `main.temp`, `coord`), the 5-day
/// forecast (`city`, `list[0]`), One Call (`timezone`, `current.temp`, `lat`/`lon`, `data[0]` for
/// time machine and One Call 4.0, a day's `temp.day`), air pollution (`list[0].main.aqi`, `coord`) and geocoding (an array of places).
/// A body in none of them (an error, an icon) has no summary.
enum OpenWeatherMapAnswers {
    /// The summary of `body` answered in `units`, or nil when it is not JSON or says nothing the map shows.
    static func summary(of body: [UInt8], units: Units) -> AnswerSummary? {
        guard AnswerSummary.looksLikeJSON(body), let root = try? JSONParser.parse(body) else { return nil }
        let subject = root.elements?.first ?? root
        guard subject.members != nil else { return nil }
        var summary = AnswerSummary()
        let city = subject["city"]
        let firstOfList = subject["list"]?.elements?.first
        let current = subject["current"] ?? subject["data"]?.elements?.first
        summary.place = [subject["name"], city?["name"], subject["timezone"]].lazy.compactMap { $0?.stringValue }
            .first { !$0.isEmpty }
        summary.temperature =
            [subject["main"]?["temp"], current?["temp"], current?["temp"]?["day"], firstOfList?["main"]?["temp"]].lazy
            .compactMap { $0?.doubleValue }.first
        if summary.temperature != nil { summary.temperatureUnit = units.temperatureSymbol }
        summary.condition =
            [subject["weather"], current?["weather"], firstOfList?["weather"]].lazy
            .compactMap { $0?.elements?.first?["main"]?.stringValue }.first
        summary.airQualityIndex = (firstOfList?["main"]?["aqi"]?.doubleValue).map { Int($0) }
        let coordinates = [subject["coord"], city?["coord"], subject].lazy.compactMap { holder -> (Double, Double)? in
            guard let lat = holder?["lat"]?.doubleValue, let lon = holder?["lon"]?.doubleValue else { return nil }
            return (lat, lon)
        }
        if let (lat, lon) = coordinates.first, (-90...90).contains(lat), (-180...180).contains(lon) {
            summary.latitude = lat
            summary.longitude = lon
        }
        return summary.isEmpty ? nil : summary
    }
}
