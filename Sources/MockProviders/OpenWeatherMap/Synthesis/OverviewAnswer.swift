import WeatherWorld

/// `/data/3.0/onecall/overview?lat=&lon=[&date=]` from the world: `lat`, `lon`, `tz`, `date`, `units`
/// and `weather_overview`, prose in the recorded answers' words. For today (no `date`, or today's
/// local date) it describes the state now; for tomorrow, the day ahead; any other date is a 400
/// (`date must be today or tomorrow`, our words: the API serves only those two).
///
/// The text is written in metric and converted by ``OverviewText``, the rule that converts recorded
/// overviews, so a synthetic and a recorded overview read alike in every unit system.
enum OverviewAnswer {
    static let rule = "one call overview"

    /// The answer's body.
    static func body(site: SyntheticSite, world: World, request: SyntheticRequest) throws(SyntheticRefusal) -> [UInt8] {
        let now = request.now
        let offset = site.utcOffset(at: now)
        let today = UTCText.floorDivision(now + Int64(offset), 86_400)
        var day = today
        if let dateText = request.value("date") {
            guard let asked = UTCText.days(ofDate: dateText) else { throw .badRequest("date must be YYYY-MM-DD") }
            guard asked == Int(today) || asked == Int(today) + 1 else {
                throw .badRequest("date must be today or tomorrow")
            }
            day = Int64(asked)
        }
        let place = site.worldPlace
        let alerts = world.alerts(at: place, from: now, to: now + 2 * 86_400)
        var text: String
        if day == today {
            text = currentText(world.conditions(at: place, time: now))
        } else {
            text = tomorrowText(world.day(at: place, localMidnight: LocalDays.midnight(ofDay: day, site: site)))
        }
        text += " " + alertText(alerts, now: now, today: today, offset: offset)
        if request.units != .metric { text = OverviewText.converted(text, to: request.units) }
        var json = SyntheticJSON(units: request.units, capacity: 700)
        json.beginObject()
        json.coordinate("lat", site.latitude)
        json.coordinate("lon", site.longitude)
        json.string("tz", UTCText.offset(offset))
        json.string("date", UTCText.date(daysSince1970: Int(day)))
        json.string("units", request.units.rawValue)
        json.string("weather_overview", text)
        json.endObject()
        return json.bytes
    }

    /// The recorded overview's sentences for a state, in metric.
    static func currentText(_ state: Conditions) -> String {
        let words = ConditionCode.primary(for: state).english
        return "The current weather is \(words) with a temperature of \(celsius(state.temperature))°C and a "
            + "feels-like temperature of \(celsius(state.feelsLike))°C. "
            + windText(speed: state.windSpeed, gust: state.windGust, direction: state.windDirection, verb: "is")
            + " The air pressure is at \(whole(state.seaLevelPressure)) hPa with a humidity of "
            + "\(whole(state.humidity))%. The dew point is at \(celsius(state.dewPoint))°C and the visibility is "
            + "\(UnitConversion.format((state.visibility / 100).rounded() / 10)) km."
    }

    /// Tomorrow's sentences, in metric.
    static func tomorrowText(_ day: DaySummary) -> String {
        let words = ConditionCode.primary(for: day.representative).english
        let chance = whole(day.precipitationProbability * 100)
        return "Tomorrow expect \(words) with a high of \(celsius(day.maximum))°C and a low of "
            + "\(celsius(day.minimum))°C. "
            + windText(
                speed: day.maximumWind, gust: day.maximumGust, direction: day.maximumWindDirection, verb: "will be")
            + " The chance of precipitation is \(chance)%."
    }

    private static func windText(speed: Double, gust: Double, direction: Double, verb: String) -> String {
        let speedText = UnitConversion.format(UnitConversion.rounded(speed))
        let gustText = UnitConversion.format(UnitConversion.rounded(gust))
        let gustPart = gustText != speedText ? " with gusts up to \(gustText) meter/sec" : ""
        return "The wind speed \(verb) \(speedText) meter/sec\(gustPart) coming from the \(compass(direction))."
    }

    private static func alertText(_ alerts: [ActiveAlert], now: Int64, today: Int64, offset: Int32) -> String {
        guard let first = alerts.first else { return "No weather alerts are in effect." }
        let title = first.alert.event.lowercased()
        let article = title.first.map { "aeiou".contains($0) } == true ? "An" : "A"
        guard first.start > now else { return "\(article) \(title) is in effect." }
        let startDay = UTCText.floorDivision(first.start + Int64(offset), 86_400)
        let when =
            startDay == today ? "later today" : startDay == today + 1 ? "from tomorrow" : "in \(startDay - today) days"
        return "\(article) \(title) is in effect \(when)."
    }

    private static func celsius(_ value: Double) -> Int64 { whole(value) }

    /// The eight-point compass word for where the wind comes from.
    static func compass(_ degrees: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let sector = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        return names[sector]
    }
}
