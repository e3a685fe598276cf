/// The parts of OpenWeatherMap answers that come and go with the weather or the place, which `verify`
/// does not count as drift.
enum OpenWeatherMapShapes {
    /// Paths (with descendants) that appear or vanish with the weather or the place: current weather
    /// and forecast items; geocoding; One Call's `alerts` (only while one is in effect), `minutely`
    /// (not offered everywhere) and the optional fields of its `current`, `hourly[]`, `daily[]` and
    /// timemachine's `data[]` items.
    static let varyingPaths: [String] =
        [
            "$.rain", "$.snow", "$.wind.gust", "$.visibility", "$.main.sea_level", "$.main.grnd_level", "$.sys.type",
            "$.sys.id", "$.sys.message", "$.list[].rain", "$.list[].snow", "$.list[].wind.gust", "$.list[].visibility",
            "$[].local_names", "$[].state", "$.alerts", "$.minutely",
        ]
        + ["$.current", "$.hourly[]", "$.daily[]", "$.data[]"].flatMap { item in
            ["rain", "snow", "wind_gust", "visibility"].map { "\(item).\($0)" }
        }
}
