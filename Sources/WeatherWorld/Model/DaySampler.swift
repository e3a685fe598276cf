/// A local day from hourly states: the extremes, the totals and the named times One Call's `daily` reads.
enum DaySampler {
    static func summary(world: World, place: WorldPlace, localMidnight: Int64) -> DaySummary {
        var states: [Conditions] = []
        states.reserveCapacity(25)
        for hour in 0...24 {
            states.append(world.conditions(at: place, time: localMidnight + Int64(hour) * 3_600))
        }
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var rain = 0.0
        var snow = 0.0
        var probability = 0.0
        var windiest = states[0]
        var maximumGust = 0.0
        var maximumUV = 0.0
        var wettest = states[12]
        for state in states[0..<24] {
            minimum = min(minimum, state.temperature)
            maximum = max(maximum, state.temperature)
            switch state.precipitationKind {
            case .none: break
            case .snow: snow += state.precipitationRate
            case .sleet:
                rain += state.precipitationRate / 2
                snow += state.precipitationRate / 2
            case .rain, .drizzle, .thunderstorm: rain += state.precipitationRate
            }
            probability = max(probability, state.precipitationProbability)
            if state.windSpeed > windiest.windSpeed { windiest = state }
            maximumGust = max(maximumGust, state.windGust)
            maximumUV = max(maximumUV, state.uvIndex)
            if state.precipitationRate > wettest.precipitationRate { wettest = state }
        }
        return DaySummary(
            minimum: minimum, maximum: maximum, morning: states[6], midday: states[12], evening: states[18],
            night: states[24], rainTotal: rain, snowTotal: snow, precipitationProbability: probability,
            maximumWind: windiest.windSpeed, maximumGust: maximumGust, maximumWindDirection: windiest.windDirection,
            maximumUVIndex: maximumUV, representative: wettest,
            sky: RiseAndSet.sky(latitude: place.latitude, longitude: place.longitude, dayStart: localMidnight))
    }
}
