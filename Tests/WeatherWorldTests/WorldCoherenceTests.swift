import Testing
import WeatherWorld

@Suite struct WorldCoherenceTests {
    private let world = World(seed: 21, clockStart: 0)

    /// The largest difference of a few quantities between pairs of states.
    private struct Differences {
        var temperature = 0.0
        var pressure = 0.0
        var cloud = 0.0
        var wind = 0.0
        var humidity = 0.0

        mutating func add(_ a: Conditions, _ b: Conditions) {
            temperature = max(temperature, abs(a.temperature - b.temperature))
            pressure = max(pressure, abs(a.seaLevelPressure - b.seaLevelPressure))
            cloud = max(cloud, abs(a.cloudCover - b.cloudCover))
            wind = max(wind, abs(a.windSpeed - b.windSpeed))
            humidity = max(humidity, abs(a.humidity - b.humidity))
        }
    }

    @Test func placesTenKilometresApartDifferALittle() {
        var sampler = WorldSampler(seed: 4)
        var differences = Differences()
        for _ in 0..<2_000 {
            let place = sampler.place()
            guard abs(place.latitude) < 80 else { continue }
            let time = sampler.time()
            let north = WorldPlace(
                latitude: place.latitude + 0.09, longitude: place.longitude, elevation: place.elevation)
            differences.add(world.conditions(at: place, time: time), world.conditions(at: north, time: time))
        }
        #expect(differences.temperature < 1.5)
        #expect(differences.pressure < 1)
        #expect(differences.cloud < 15)
        #expect(differences.wind < 1.5)
        #expect(differences.humidity < 15)
    }

    @Test func consecutiveMinutesDifferALittle() {
        var sampler = WorldSampler(seed: 5)
        var differences = Differences()
        for _ in 0..<2_000 {
            let place = sampler.place()
            let time = sampler.time()
            differences.add(world.conditions(at: place, time: time), world.conditions(at: place, time: time + 60))
        }
        #expect(differences.temperature < 0.2)
        #expect(differences.pressure < 0.1)
        #expect(differences.cloud < 3)
        #expect(differences.wind < 0.3)
        #expect(differences.humidity < 2)
    }

    @Test func theWeatherChangesOverDays() {
        let seoul = WorldPlace(latitude: 37.57, longitude: 126.97, elevation: 86)
        let states = (0..<(30 * 4)).map { world.conditions(at: seoul, time: unixTime(2026, 3, 1) + Int64($0) * 21_600) }
        let pressures = states.map(\.seaLevelPressure)
        let middays = stride(from: 1, to: states.count, by: 4).map { states[$0].temperature }
        #expect(pressures.max()! - pressures.min()! > 10)
        #expect(middays.max()! - middays.min()! > 6)
        #expect(states.contains { $0.cloudCover < 20 })
        #expect(states.contains { $0.cloudCover > 80 })
        #expect(states.contains { $0.precipitationRate > 0 })
    }

    @Test func theSameInputsGiveTheSameState() {
        var sampler = WorldSampler(seed: 6)
        let other = World(seed: 21, clockStart: 0)
        for _ in 0..<500 {
            let place = sampler.place()
            let time = sampler.time()
            #expect(world.conditions(at: place, time: time) == other.conditions(at: place, time: time))
            #expect(world.air(at: place, time: time) == other.air(at: place, time: time))
        }
    }

    @Test func aDifferentSeedGivesDifferentWeatherOverTheSameClimate() {
        var sampler = WorldSampler(seed: 7)
        let other = World(seed: 22, clockStart: 0)
        var differing = 0
        for _ in 0..<500 {
            let place = sampler.place()
            let time = sampler.time()
            let a = world.conditions(at: place, time: time)
            let b = other.conditions(at: place, time: time)
            if abs(a.seaLevelPressure - b.seaLevelPressure) > 0.5 || abs(a.temperature - b.temperature) > 0.5 {
                differing += 1
            }
        }
        #expect(differing > 400)
    }

    @Test func aForecastIsTheLaterStateAndADayIsItsHours() {
        let busan = WorldPlace(latitude: 35.1, longitude: 129.03, elevation: 70)
        let midnight = unixTime(2026, 8, 10) - 9 * 3_600
        let day = world.day(at: busan, localMidnight: midnight)
        #expect(day.midday == world.conditions(at: busan, time: midnight + 12 * 3_600))
        #expect(day.night == world.conditions(at: busan, time: midnight + 24 * 3_600))
        #expect(day.minimum <= day.morning.temperature && day.morning.temperature <= day.maximum)
        #expect(day.minimum <= day.midday.temperature && day.midday.temperature <= day.maximum)
        #expect(day.maximumGust >= day.maximumWind)
        #expect(day.rainTotal >= 0 && day.snowTotal == 0)
        #expect(day.sky == world.sky(at: busan, time: midnight + 3_600, utcOffset: 9 * 3_600))
    }
}
