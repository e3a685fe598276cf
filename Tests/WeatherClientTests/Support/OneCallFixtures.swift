import Foundation
import WeatherClient

/// Bodies in the shapes shared/reference/openweathermap.md documents for One Call 3.0, air pollution
/// and zip geocoding, with Seoul-in-December values.
enum OneCallFixtures {
    static let seoul = Coordinate(latitude: 37.5683, longitude: 126.9778)

    /// A full One Call answer in standard units: every block, short arrays (2 minutes, 2 hours, 2 days),
    /// one alert. The second hour has integer literals, no gust and snow; the second day has no summary,
    /// no gust, rain instead of snow, and a moon that does not rise (`moonrise: 0`).
    static let full = """
        {"lat":37.5683,"lon":126.9778,"timezone":"Asia/Seoul","timezone_offset":32400,\
        "current":{"dt":1670206443,"sunrise":1670193092,"sunset":1670228029,"temp":270.81,"feels_like":267.4,\
        "pressure":1031,"humidity":18,"dew_point":252.34,"uvi":1.47,"clouds":89,"visibility":10000,\
        "wind_speed":2.46,"wind_deg":318,"wind_gust":4.32,\
        "weather":[{"id":804,"main":"Clouds","description":"overcast clouds","icon":"04d"}]},\
        "minutely":[{"dt":1670206500,"precipitation":0},{"dt":1670206560,"precipitation":0.21}],\
        "hourly":[{"dt":1670205600,"temp":270.81,"feels_like":267.4,"pressure":1031,"humidity":18,\
        "dew_point":252.34,"uvi":1.47,"clouds":89,"visibility":10000,"wind_speed":2.46,"wind_deg":318,\
        "wind_gust":4.32,"weather":[{"id":804,"main":"Clouds","description":"overcast clouds","icon":"04d"}],\
        "pop":0},{"dt":1670209200,"temp":271,"feels_like":268,"pressure":1030,"humidity":20,"dew_point":253,\
        "uvi":1,"clouds":75,"visibility":9000,"wind_speed":3,"wind_deg":300,\
        "weather":[{"id":600,"main":"Snow","description":"light snow","icon":"13d"}],"pop":0.4,\
        "snow":{"1h":0.12}}],\
        "daily":[{"dt":1670212800,"sunrise":1670193092,"sunset":1670228029,"moonrise":1670223660,\
        "moonset":1670187000,"moon_phase":0.39,"summary":"Expect a day of partly cloudy with snow",\
        "temp":{"day":271.5,"min":265.2,"max":272.9,"night":266.1,"eve":268.4,"morn":265.9},\
        "feels_like":{"day":267.1,"night":261.3,"eve":264.2,"morn":261.0},"pressure":1031,"humidity":22,\
        "dew_point":251.9,"wind_speed":4.1,"wind_deg":315,"wind_gust":8.9,\
        "weather":[{"id":600,"main":"Snow","description":"light snow","icon":"13d"}],"clouds":89,"pop":0.41,\
        "snow":0.35,"uvi":1.9},{"dt":1670299200,"sunrise":1670279551,"sunset":1670314425,"moonrise":0,\
        "moonset":1670275560,"moon_phase":0.42,"temp":{"day":268,"min":263,"max":269,"night":264,"eve":266,\
        "morn":263},"feels_like":{"day":264,"night":259,"eve":262,"morn":258},"pressure":1036,"humidity":30,\
        "dew_point":250,"wind_speed":3.2,"wind_deg":290,"weather":[{"id":800,"main":"Clear",\
        "description":"clear sky","icon":"01d"}],"clouds":0,"pop":0,"rain":1.5,"uvi":2.1}],\
        "alerts":[{"sender_name":"Korea Meteorological Administration","event":"Cold wave warning",\
        "start":1670205600,"end":1670292000,"description":"Minimum temperatures below -12 °C",\
        "tags":["Extreme low temperature"]}]}
        """

    /// A One Call answer with every block excluded, as clients ask to check a key cheaply.
    static let everyBlockExcluded = """
        {"lat":37.5683,"lon":126.9778,"timezone":"Asia/Seoul","timezone_offset":32400}
        """

    /// The time machine for Seoul at 1670206443, metric with integer literals.
    static let timeMachineMetric = """
        {"lat":37.5683,"lon":126.9778,"timezone":"Asia/Seoul","timezone_offset":32400,"data":[{"dt":1670206443,\
        "sunrise":1670193092,"sunset":1670228029,"temp":-2,"feels_like":-6,"pressure":1031,"humidity":18,\
        "dew_point":-21,"clouds":89,"wind_speed":2,"wind_deg":318,\
        "weather":[{"id":804,"main":"Clouds","description":"흐림","icon":"04d"}]}]}
        """

    /// A day summary, metric.
    static let daySummaryMetric = """
        {"lat":37.5683,"lon":126.9778,"tz":"+09:00","date":"2022-12-05","units":"metric",\
        "cloud_cover":{"afternoon":89},"humidity":{"afternoon":18},"precipitation":{"total":0},\
        "temperature":{"min":-8.2,"max":-0.3,"afternoon":-2.34,"night":-7.1,"evening":-4.6,"morning":-7.9},\
        "pressure":{"afternoon":1031},"wind":{"max":{"speed":4.32,"direction":318}}}
        """

    /// A weather overview, metric.
    static let overviewMetric = """
        {"lat":37.5683,"lon":126.9778,"tz":"+09:00","date":"2022-12-05","units":"metric",\
        "weather_overview":"The current weather is overcast with a temperature of -2°C."}
        """

    /// The current air in Seoul: Fair.
    static let airNow = """
        {"coord":{"lon":126.9778,"lat":37.5683},"list":[{"main":{"aqi":2},"components":{"co":293.73,\
        "no":0.02,"no2":12.5,"o3":58.65,"so2":3.07,"pm2_5":12.34,"pm10":20.05,"nh3":0.5},"dt":1670206443}]}
        """

    /// Two forecast hours, the second Very Poor, with integer concentrations.
    static let airForecast = """
        {"coord":{"lon":126.9778,"lat":37.5683},"list":[{"main":{"aqi":1},"components":{"co":200,"no":0,\
        "no2":5,"o3":60,"so2":1,"pm2_5":3,"pm10":5,"nh3":0},"dt":1670209200},{"main":{"aqi":5},\
        "components":{"co":1200,"no":10,"no2":80,"o3":5,"so2":20,"pm2_5":95.55,"pm10":180.05,"nh3":3},\
        "dt":1670212800}]}
        """

    /// A zip lookup: one object, not an array.
    static let zipSeoul = """
        {"zip":"04524","name":"Jung-gu","lat":37.5641,"lon":126.9979,"country":"KR"}
        """

    /// The API's exact answer for a key without a One Call subscription.
    static let noSubscriptionBody = """
        {"cod":401, "message": "Please note that using One Call 3.0 requires a separate subscription to the One \
        Call by Call plan. Learn more here https://openweathermap.org/price. If you have a valid subscription to \
        the One Call by Call plan, but still receive this error, then please see \
        https://openweathermap.org/faq#error401 for more info."}
        """
    static let noSubscriptionMessage =
        "Please note that using One Call 3.0 requires a separate subscription to the One Call by Call plan. "
        + "Learn more here https://openweathermap.org/price. If you have a valid subscription to the One Call "
        + "by Call plan, but still receive this error, then please see https://openweathermap.org/faq#error401 "
        + "for more info."

    /// `json` decoded as `type` requested in `units`.
    static func decode<Model: Decodable>(_ type: Model.Type, _ json: String, units: Units = .standard) throws
        -> Model
    {
        try WeatherResponseDecoder.decode(type, from: Data(json.utf8), units: units)
    }
}
