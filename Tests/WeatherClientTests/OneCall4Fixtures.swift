import Foundation
import WeatherClient

/// One Call 4.0 bodies from shared/reference/openweathermap-onecall4.md: the live captures (R1) with the
/// records the reference cuts (`…`) left out, and the documentation's own forms (C S1). Every link
/// carries ``linkKey``, a key that is not the client's, where the live API writes the caller's key.
enum OneCall4Fixtures {
    static let lisbon = Coordinate(latitude: 38.7223, longitude: -9.1393)
    static let manila = Coordinate(latitude: 14.5995, longitude: 120.9842)
    static let chile = Coordinate(latitude: -38.4, longitude: -71.58)

    /// The key the fixtures' links carry in `appid`: never the client's, so a request or a text that
    /// holds it came from the link.
    static let linkKey = "feedfacefeedfacefeedfacefeedface"

    /// The envelope every page starts with, Lisbon.
    static let lisbonEnvelope = #""lat":38.7223,"lon":-9.1393,"timezone":"Europe/Lisbon","timezone_offset":3600"#

    /// current, Lisbon, metric, live (R1, 2026-08-02T10:53:24Z): no alerts, no rain.
    static let currentLisbon = """
        {\(lisbonEnvelope),\
        "data":[{"dt":1785668004,"sunrise":1785649113,"sunset":1785700020,"temp":24.34,"feels_like":24.68,\
        "pressure":1016,"humidity":71,"dew_point":18.75,"uvi":7.53,"clouds":40,"visibility":10000,\
        "wind_speed":2.24,"wind_deg":293,"wind_gust":5.36,\
        "weather":[{"id":802,"main":"Clouds","description":"scattered clouds","icon":"03d"}]}]}
        """

    /// current, Manila, metric, live: light rain at night, visibility 7458 (the reference's other
    /// values of this capture are cut; these are Manila-like).
    static let currentManilaRain = """
        {"lat":14.5995,"lon":120.9842,"timezone":"Asia/Manila","timezone_offset":28800,\
        "data":[{"dt":1785668004,"sunrise":1785620104,"sunset":1785666244,"temp":27.1,"feels_like":30.8,\
        "pressure":1006,"humidity":88,"dew_point":24.9,"uvi":0,"clouds":75,"visibility":7458,\
        "wind_speed":3.1,"wind_deg":240,\
        "weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10n"}],"rain":{"1h":0.13}}]}
        """

    /// current in the documentation's form (C S1): standard units (kelvin), two alert ids, no gust.
    static let currentDocumented = """
        {"lat":51.5,"lon":-0.1,"timezone":"Europe/London","timezone_offset":3600,\
        "data":[{"dt":1776596400,"sunrise":1776574220,"sunset":1776625318,"temp":286.42,"feels_like":285.61,\
        "pressure":1019,"humidity":68,"dew_point":280.6,"uvi":3.2,"clouds":20,"visibility":10000,\
        "wind_speed":4.12,"wind_deg":250,\
        "weather":[{"id":801,"main":"Clouds","description":"few clouds","icon":"02d"}],\
        "alerts":["8B46C632-DCA7-44D7-8BDF-02445621BAFF","29F58A35-55A1-4C2D-9F5E-0D2E5A1B7C33"]}]}
        """

    /// The Chilean alert id the live captures carry.
    static let chileAlertID = "urn:oid:2.49.0.0.152.0.2026.7.31.14.20.43:f1076d7511a15522d5a6e41917020bc0"

    /// timeline/1min, Chile, live: the first two of 60 minutes, both under the alert.
    static let minutesChile = """
        {"lat":-38.4,"lon":-71.58,"timezone":"America/Santiago","timezone_offset":-14400,\
        "data":[{"dt":1785669780,"precipitation":5.9626,"alerts":["\(chileAlertID)"]},\
        {"dt":1785669840,"precipitation":5.7888,"alerts":["\(chileAlertID)"]},{"dt":1785669900,"precipitation":0}]}
        """

    /// timeline/15min, Lisbon, first page without `start` (live): fractional pressure, no gust, only `next`.
    static let quarterHoursLisbon = """
        {\(lisbonEnvelope),\
        "data":[{"dt":1785670200,"temp":25.19,"feels_like":25.49,"pressure":1014.25,"humidity":66,"dew_point":18.37,\
        "uvi":8.05,"clouds":41,"visibility":10000,"wind_speed":3.92,"wind_deg":314,"pop":0,\
        "weather":[{"id":802,"main":"Clouds","description":"scattered clouds","icon":"03d"}]}],\
        "next":"http://api.openweathermap.org/data/4.0/onecall/timeline/15min?cnt=50&lat=38.7223&lon=-9.1393\
        &start=1785715200&appid=\(linkKey)&units=metric&lang=en"}
        """

    /// A live-form link (`http://`, `units` and `lang` kept, the caller's key in `appid`).
    static func liveLink(_ step: String, start: Int, count: Int) -> String {
        "http://api.openweathermap.org/data/4.0/onecall/timeline/\(step)?cnt=\(count)&lat=38.7223&lon=-9.1393"
            + "&start=\(start)&appid=\(linkKey)&units=metric&lang=en"
    }

    /// A documented-form link (`https://`, no `units` or `lang`).
    static func documentedLink(_ step: String, start: Int, count: Int) -> String {
        "https://api.openweathermap.org/data/4.0/onecall/timeline/\(step)?cnt=\(count)&lat=51.5000&lon=-0.1000"
            + "&start=\(start)&appid=\(linkKey)"
    }

    /// One hour record, Lisbon-like, at `dt`; `pop` only when given (forecast hours).
    static func hour(_ dt: Int, temp: Double = 25.05, pop: Double? = 0) -> String {
        let pop = pop.map { ",\"pop\":\($0)" } ?? ""
        return """
            {"dt":\(dt),"temp":\(temp),"feels_like":25.23,"pressure":1015,"humidity":62,"dew_point":17.27,\
            "uvi":7.53,"clouds":48,"visibility":10000,"wind_speed":3.87,"wind_deg":317,"wind_gust":4.47,\
            "weather":[{"id":802,"main":"Clouds","description":"scattered clouds","icon":"03d"}]\(pop)}
            """
    }

    /// An hourly page of `count` hours from `first`, with the links given (raw link texts).
    static func hoursPage(first: Int, count: Int, prev: String? = nil, next: String? = nil) -> String {
        let records = (0..<count).map { hour(first + $0 * 3600, temp: 20 + Double($0) / 4) }.joined(separator: ",")
        let prev = prev.map { ",\"prev\":\"\($0)\"" } ?? ""
        let next = next.map { ",\"next\":\"\($0)\"" } ?? ""
        return "{\(lisbonEnvelope),\"data\":[\(records)]\(prev)\(next)}"
    }

    /// The first hourly page without `start` (live, 11:31:00Z → 11:00:00Z), 20 hours, both links.
    static let hoursLisbon = hoursPage(
        first: 1_785_668_400, count: 20, prev: liveLink("1h", start: 1_785_596_400, count: 20),
        next: liveLink("1h", start: 1_785_740_400, count: 20))

    /// An hour in Chile under snow (live): pop 1, `snow.1h`, the alert.
    static let snowHourChile = """
        {"lat":-38.4,"lon":-71.58,"timezone":"America/Santiago","timezone_offset":-14400,\
        "data":[{"dt":1785668400,"temp":-1.2,"feels_like":-5.4,"pressure":1009,"humidity":95,"dew_point":-1.9,\
        "uvi":0.4,"clouds":100,"visibility":1200,"wind_speed":5.2,"wind_deg":20,"wind_gust":11.3,\
        "weather":[{"id":601,"main":"Snow","description":"snow","icon":"13d"}],\
        "pop":1,"snow":{"1h":2.54},"alerts":["\(chileAlertID)"]}]}
        """

    /// An hour in the past (`start=1785495600`, live): the same fields without `pop`, and no
    /// visibility (which the live API sometimes leaves out).
    static let historicalHourLisbon = """
        {\(lisbonEnvelope),\
        "data":[{"dt":1785495600,"temp":21.4,"feels_like":21.5,"pressure":1017,"humidity":70,"dew_point":15.8,\
        "uvi":5.1,"clouds":20,"wind_speed":4.4,"wind_deg":320,"wind_gust":6.1,\
        "weather":[{"id":801,"main":"Clouds","description":"few clouds","icon":"02d"}]}],\
        "prev":"\(liveLink("1h", start: 1_785_423_600, count: 20))",\
        "next":"\(liveLink("1h", start: 1_785_567_600, count: 20))"}
        """

    /// One day record, Lisbon (live): `dt` 00:00Z, no dew point, no gust, uvi 0.
    static let dayLisbon = """
        {"dt":1785628800,"sunrise":1785649113,"sunset":1785700020,"moonrise":1785706800,"moonset":1785662640,\
        "moon_phase":0.62,"temp":{"day":25.53,"min":18.73,"max":26.99,"night":19.4,"eve":24.82,"morn":18.74},\
        "feels_like":{"day":25.53,"night":19.4,"eve":24.82,"morn":18.74},"pressure":1015.44,"humidity":48,\
        "wind_speed":6.17,"wind_deg":307,\
        "weather":[{"id":802,"main":"Clouds","description":"scattered clouds","icon":"03d"}],\
        "clouds":41,"pop":0,"uvi":0}
        """

    /// The next day: no moonrise (`moonrise: 0`), rain as the day's total (a number).
    static let rainyDayWithoutMoonrise = """
        {"dt":1785715200,"sunrise":1785735570,"sunset":1785786350,"moonrise":0,"moonset":1785751020,\
        "moon_phase":0.66,"temp":{"day":23.1,"min":18.2,"max":24.4,"night":19.0,"eve":22.3,"morn":18.5},\
        "feels_like":{"day":23.3,"night":19.1,"eve":22.6,"morn":18.6},"pressure":1011,"humidity":83,\
        "wind_speed":7.4,"wind_deg":200,\
        "weather":[{"id":501,"main":"Rain","description":"moderate rain","icon":"10d"}],\
        "clouds":100,"pop":1,"rain":17.92,"uvi":0}
        """

    /// timeline/1day, Lisbon, first page (live): two of ten days, both links.
    static let daysLisbon = """
        {\(lisbonEnvelope),"data":[\(dayLisbon),\(rainyDayWithoutMoonrise)],\
        "prev":"\(liveLink("1day", start: 1_784_764_800, count: 10))",\
        "next":"\(liveLink("1day", start: 1_786_492_800, count: 10))"}
        """

    /// A day in the past (live): no `pop`, snow as a number.
    static let historicalSnowDay = """
        {"lat":-38.4,"lon":-71.58,"timezone":"America/Santiago","timezone_offset":-14400,\
        "data":[{"dt":1753920000,"sunrise":1753962000,"sunset":1753998000,"moonrise":1753950000,\
        "moonset":1753990000,"moon_phase":0.2,"temp":{"day":1.5,"min":-3.1,"max":2.8,"night":-1.0,"eve":0.4,\
        "morn":-2.9},"feels_like":{"day":-2.0,"night":-4.4,"eve":-3.1,"morn":-6.8},"pressure":1008,"humidity":90,\
        "wind_speed":4.0,"wind_deg":10,"weather":[{"id":601,"main":"Snow","description":"snow","icon":"13d"}],\
        "clouds":100,"snow":6.3,"uvi":0}]}
        """

    /// timeline/1day in the documentation's form (C S1): standard units, `dt` at local noon (11:00Z),
    /// dew point and gust present, a `next` link over https without units or lang.
    static let daysDocumented = """
        {"lat":51.5,"lon":-0.1,"timezone":"Europe/London","timezone_offset":3600,\
        "data":[{"dt":1777460400,"sunrise":1777438075,"sunset":1777491384,"moonrise":1777465260,\
        "moonset":1777425660,"moon_phase":0.41,"temp":{"day":289.27,"min":281.04,"max":290.51,"night":283.6,\
        "eve":287.1,"morn":281.3},"feels_like":{"day":288.4,"night":282.9,"eve":286.5,"morn":279.8},\
        "pressure":1021,"humidity":59,"dew_point":281.2,"wind_speed":5.2,"wind_deg":240,"wind_gust":10.4,\
        "weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10d"}],"clouds":62,"pop":0.48,\
        "uvi":4.6}],\
        "next":"\(documentedLink("1day", start: 1_776_596_400, count: 10))"}
        """

    /// The Chilean alert in the live shape (R1): localized descriptions, tags, an empty event.
    static let alertLive = """
        {"id":"\(chileAlertID)",\
        "sender_name":"Dirección Meteorológica de Chile","event":"","start":1785578400,"end":1785708000,\
        "description":[{"language":"es-CL","description":"Precipitaciones Normales a Moderadas en zonas de las \
        regiones de La Araucanía, Los Ríos y Los Lagos"}],"tags":["Rain"]}
        """

    /// A live-shape alert in three languages (the reference saw es-CL, en-US and ja-JP).
    static let alertThreeLanguages = """
        {"id":"urn:oid:2.49.0.1.392.0:a1","sender_name":"Japan Meteorological Agency","event":"",\
        "start":1785578400,"end":1785708000,"description":[{"language":"ja-JP","description":"大雨警報"},\
        {"language":"es-CL","description":"Lluvias intensas"},{"language":"en-US","description":"Heavy rain warning"}],\
        "tags":["Rain","Thunderstorm"]}
        """

    /// The documented alert (C S1): `description` a string, `event` a name, no tags.
    static let alertDocumented = """
        {"id":"8B46C632-DCA7-44D7-8BDF-02445621BAFF","sender_name":"NWS Tulsa (Eastern Oklahoma)",\
        "event":"Heat Advisory","start":1597341600,"end":1597366800,\
        "description":"...HEAT ADVISORY REMAINS IN EFFECT FROM 1 PM THIS AFTERNOON TO 8 PM CDT THIS EVENING..."}
        """

    /// 4.0's 401 for a key without its subscription. Both sources cut the text after "plan"; the tail
    /// here mirrors 3.0's (the reference marks that inferred).
    static let noSubscription4Message =
        "Please note that using One Call 4.0 requires a separate subscription to the One Call by Call plan. "
        + "Learn more here https://openweathermap.org/price. If you have a valid subscription to the One Call "
        + "by Call plan, but still receive this error, then please see https://openweathermap.org/faq#error401 "
        + "for more info."
    static let noSubscription4Body = #"{"cod":401,"message":"\#(noSubscription4Message)"}"#

    /// The documented 400 shape with a numeric `cod`.
    static let invalidDateBody = #"{"cod": 400, "message": "Invalid date format", "parameters": ["date"]}"#

    /// `json` decoded as `type` requested in `units`.
    static func decode<Model: Decodable>(_ type: Model.Type, _ json: String, units: Units = .metric) throws
        -> Model
    {
        try WeatherResponseDecoder.decode(type, from: Data(json.utf8), units: units)
    }
}
