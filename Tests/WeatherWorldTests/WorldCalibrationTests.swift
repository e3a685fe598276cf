import Testing
import WeatherWorld

/// The reference stations' normals, restated from /work/shared/reference/climate-and-codes.md (§1.2,
/// §2.2) independently of the model's table: monthly mean, and the mean daily range where the reference
/// has maxima and minima.
struct ReferenceStation: Sendable, CustomStringConvertible {
    var name: String
    var latitude: Double
    var longitude: Double
    var elevation: Double
    var mean: [Double]
    var range: [Double]?

    var description: String { name }

    static let all: [ReferenceStation] = [
        .init(
            name: "Seoul", latitude: 37.57142, longitude: 126.96580, elevation: 85.67,
            mean: [-1.9, 0.7, 6.1, 12.6, 18.2, 22.7, 25.3, 26.1, 21.6, 15.0, 7.5, 0.2],
            range: [7.6, 8.3, 9.1, 9.9, 10.1, 8.9, 6.7, 7.1, 8.5, 9.6, 8.4, 7.6]),
        .init(
            name: "Incheon", latitude: 37.47772, longitude: 126.62490, elevation: 68.99,
            mean: [-1.5, 0.7, 5.6, 11.5, 16.8, 21.3, 24.4, 25.6, 21.5, 15.3, 7.9, 0.7],
            range: [7.0, 7.6, 8.0, 8.3, 8.5, 7.6, 6.0, 6.3, 7.7, 8.5, 7.7, 7.2]),
        .init(
            name: "Suwon", latitude: 37.25746, longitude: 126.98300, elevation: 39.81,
            mean: [-2.1, 0.3, 5.7, 12.0, 17.6, 22.2, 25.3, 26.0, 21.4, 14.6, 7.2, 0.1],
            range: [9.4, 10.1, 10.7, 11.8, 11.3, 9.6, 7.2, 7.6, 9.3, 11.0, 10.1, 9.1]),
        .init(
            name: "Daejeon", latitude: 36.37199, longitude: 127.37210, elevation: 67.79,
            mean: [-1.0, 1.4, 6.6, 13.0, 18.5, 22.7, 25.5, 26.0, 21.2, 14.6, 7.7, 1.0],
            range: [9.6, 10.6, 11.6, 12.5, 11.7, 9.8, 7.4, 7.8, 9.3, 11.4, 10.7, 9.6]),
        .init(
            name: "Daegu", latitude: 35.87797, longitude: 128.65295, elevation: 54.27,
            mean: [1.1, 3.5, 8.4, 14.5, 19.7, 23.4, 26.3, 26.7, 22.1, 16.2, 9.4, 3.0],
            range: [8.8, 9.9, 10.9, 11.8, 11.6, 9.9, 8.0, 8.2, 9.0, 10.6, 10.1, 9.1]),
        .init(
            name: "Busan", latitude: 35.10468, longitude: 129.03203, elevation: 69.56,
            mean: [3.6, 5.4, 9.1, 13.8, 17.9, 21.0, 24.4, 26.1, 22.6, 17.9, 11.9, 5.8],
            range: [8.3, 8.7, 8.5, 8.1, 7.4, 6.3, 5.4, 5.8, 6.6, 8.0, 8.3, 8.4]),
        .init(
            name: "Gwangju", latitude: 35.17294, longitude: 126.89156, elevation: 70.28,
            mean: [1.0, 2.9, 7.5, 13.4, 18.7, 22.7, 25.9, 26.5, 22.2, 16.1, 9.6, 3.2],
            range: [8.4, 9.8, 11.2, 12.1, 11.4, 9.2, 7.2, 7.7, 8.9, 10.7, 10.0, 8.8]),
        .init(
            name: "Gangneung", latitude: 37.75147, longitude: 128.89099, elevation: 27.12,
            mean: [0.9, 2.7, 7.0, 13.1, 17.9, 21.3, 24.7, 25.0, 20.5, 15.6, 9.5, 3.3],
            range: [8.0, 8.4, 9.1, 9.7, 9.4, 7.9, 6.5, 6.7, 7.6, 8.8, 8.4, 8.2]),
        .init(
            name: "Jeju", latitude: 33.51411, longitude: 126.52969, elevation: 20.79,
            mean: [6.1, 6.8, 9.8, 14.2, 18.3, 21.7, 26.2, 27.2, 23.3, 18.6, 13.3, 8.3],
            range: [4.9, 5.9, 6.7, 7.2, 7.1, 5.8, 5.6, 5.3, 5.2, 5.9, 6.0, 5.4]),
        .init(
            name: "Ulleungdo", latitude: 37.48129, longitude: 130.89864, elevation: 221.14,
            mean: [1.7, 2.5, 5.8, 11.1, 15.8, 19.1, 22.7, 23.8, 20.0, 15.4, 9.9, 4.3],
            range: [4.9, 5.6, 6.7, 7.3, 7.2, 6.0, 5.0, 5.2, 5.5, 5.8, 5.8, 5.3]),
        .init(
            name: "Tokyo", latitude: 35.69, longitude: 139.75, elevation: 25,
            mean: [5.4, 6.1, 9.4, 14.3, 18.8, 21.9, 25.7, 26.9, 23.3, 18.0, 12.5, 7.7],
            range: [8.6, 8.8, 9.2, 9.6, 9.0, 7.6, 7.5, 7.8, 7.2, 7.2, 7.9, 8.2]),
        .init(
            name: "Beijing", latitude: 39.93, longitude: 116.28, elevation: 31,
            mean: [-2.8, 0.6, 7.5, 15.1, 21.3, 25.3, 27.2, 26.0, 21.2, 13.8, 5.2, -1.0]),
        .init(
            name: "Shanghai", latitude: 31.42, longitude: 121.45, elevation: 5,
            mean: [5.0, 6.5, 10.3, 15.7, 20.9, 24.4, 28.8, 28.5, 24.8, 19.7, 13.9, 7.5]),
        .init(
            name: "Singapore", latitude: 1.37, longitude: 103.98, elevation: 5,
            mean: [26.8, 27.3, 27.9, 28.2, 28.6, 28.5, 28.2, 28.1, 28.0, 27.9, 27.2, 26.8],
            range: [6.3, 6.9, 7.3, 7.1, 6.6, 6.2, 6.0, 6.1, 6.4, 6.8, 6.6, 6.2]),
        .init(
            name: "Sydney", latitude: -33.95, longitude: 151.17, elevation: 6,
            mean: [23.5, 23.3, 21.9, 19.2, 16.2, 13.9, 13.1, 14.1, 16.7, 18.8, 20.4, 22.1]),
        .init(
            name: "London", latitude: 51.48, longitude: -0.45, elevation: 24,
            mean: [5.7, 6.0, 8.0, 10.5, 13.7, 16.8, 19.0, 18.7, 15.9, 12.3, 8.5, 6.1],
            range: [5.7, 6.4, 7.6, 9.0, 9.3, 9.6, 9.7, 9.3, 8.6, 7.0, 6.2, 5.7]),
        .init(
            name: "Reykjavik", latitude: 64.13, longitude: -21.90, elevation: 54,
            mean: [0.7, 0.6, 1.2, 3.7, 6.7, 9.9, 11.7, 11.1, 8.5, 4.9, 2.2, 0.8],
            range: [4.9, 5.2, 5.5, 5.9, 6.1, 5.8, 5.8, 5.5, 5.2, 4.9, 4.7, 4.9]),
        .init(
            name: "Moscow", latitude: 55.83, longitude: 37.62, elevation: 147,
            mean: [-6.2, -5.9, -0.7, 6.9, 13.6, 17.3, 19.7, 17.6, 11.9, 5.8, -0.5, -4.4]),
        .init(
            name: "Cairo (Helwan)", latitude: 29.86, longitude: 31.35, elevation: 139,
            mean: [13.9, 15.2, 17.9, 21.8, 25.3, 27.9, 29.2, 29.0, 27.5, 24.6, 20.0, 15.7]),
        .init(
            name: "New York", latitude: 40.77, longitude: -73.90, elevation: 7,
            mean: [1.2, 2.2, 5.9, 11.8, 17.4, 22.7, 26.0, 25.2, 21.4, 15.1, 9.3, 4.3],
            range: [6.4, 7.0, 7.7, 9.2, 9.2, 8.5, 8.3, 8.0, 7.7, 7.3, 6.7, 5.7]),
        .init(
            name: "Los Angeles", latitude: 33.93, longitude: -118.40, elevation: 38,
            mean: [14.4, 14.4, 15.1, 16.2, 17.5, 19.1, 20.9, 21.4, 21.1, 19.5, 16.8, 14.2]),
        .init(
            name: "Sao Paulo", latitude: -23.50, longitude: -46.62, elevation: 792,
            mean: [23.2, 23.7, 22.8, 21.4, 18.5, 17.7, 17.3, 18.3, 19.3, 20.7, 21.4, 22.9]),
    ]
}

@Suite struct WorldCalibrationTests {
    private static let daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// Each month's mean over eight non-leap-aligned years (2010–2017), three states a day at hours that
    /// rotate through the day, local mean solar time: the passing weather averages out.
    @Test(arguments: ReferenceStation.all)
    func monthlyMeansAreWithinTwoDegreesOfTheReference(station: ReferenceStation) {
        let world = World(seed: 7, clockStart: 0)
        let place = WorldPlace(latitude: station.latitude, longitude: station.longitude, elevation: station.elevation)
        let shift = Int64(station.longitude * 240)
        var failures: [String] = []
        for month in 0..<12 {
            var sum = 0.0
            var count = 0
            for year in 2010..<2018 {
                let first = unixTime(year, month + 1, 1) - shift
                for day in 0..<Self.daysInMonth[month] {
                    for slot in 0..<3 {
                        let hour = (day * 7 + slot * 8 + year) % 24
                        let time = first + Int64(day * 86_400 + hour * 3_600 + 1_800)
                        sum += world.conditions(at: place, time: time).temperature
                        count += 1
                    }
                }
            }
            let mean = sum / Double(count)
            if abs(mean - station.mean[month]) > 2 {
                failures.append("month \(month + 1): \(mean) for \(station.mean[month])")
            }
        }
        #expect(failures.isEmpty, "\(station.name): \(failures)")
    }

    /// Each month's mean of the daily maximum − minimum of hourly states over 2012–2013.
    @Test(arguments: ReferenceStation.all.filter { $0.range != nil })
    func diurnalRangesAreWithinTwoDegreesOfTheReference(station: ReferenceStation) throws {
        let reference = try #require(station.range)
        let world = World(seed: 7, clockStart: 0)
        let place = WorldPlace(latitude: station.latitude, longitude: station.longitude, elevation: station.elevation)
        let shift = Int64(station.longitude * 240)
        var failures: [String] = []
        for month in 0..<12 {
            var sum = 0.0
            var days = 0
            for year in 2012..<2014 {
                let first = unixTime(year, month + 1, 1) - shift
                for day in 0..<Self.daysInMonth[month] {
                    var low = Double.infinity
                    var high = -Double.infinity
                    for hour in 0..<24 {
                        let t = world.conditions(at: place, time: first + Int64(day * 86_400 + hour * 3_600))
                            .temperature
                        low = min(low, t)
                        high = max(high, t)
                    }
                    sum += high - low
                    days += 1
                }
            }
            let range = sum / Double(days)
            if abs(range - reference[month]) > 2 {
                failures.append("month \(month + 1): \(range) for \(reference[month])")
            }
        }
        #expect(failures.isEmpty, "\(station.name): \(failures)")
    }

    @Test func aMountainIsColderThanTheValleyBelowByTheLapseRate() {
        let world = World(seed: 7, clockStart: 0)
        let time = unixTime(2026, 7, 15, 3)
        let valley = world.conditions(at: WorldPlace(latitude: 37.7, longitude: 128.7, elevation: 200), time: time)
        let summit = world.conditions(at: WorldPlace(latitude: 37.7, longitude: 128.7, elevation: 1_200), time: time)
        // July's lapse rate is 0.81 °C per 100 m [S12]; the daily cycle's damping may differ a little.
        #expect(abs(valley.temperature - summit.temperature - 8.1) < 1.5)
        #expect(summit.groundPressure < valley.groundPressure - 100)
        #expect(abs(summit.seaLevelPressure - valley.seaLevelPressure) < 0.5)
    }

    @Test func theSouthernHemisphereHasItsSummerInJanuary() {
        let world = World(seed: 7, clockStart: 0)
        let buenosAires = WorldPlace(latitude: -34.6, longitude: -58.4)
        let chicago = WorldPlace(latitude: 41.9, longitude: -87.6)
        func meanOfMonth(_ place: WorldPlace, _ month: Int) -> Double {
            let days = (0..<28).map { unixTime(2020, month, 1 + $0, 18) }
            return days.map { world.conditions(at: place, time: $0).temperature }.reduce(0, +) / 28
        }
        #expect(meanOfMonth(buenosAires, 1) > meanOfMonth(buenosAires, 7) + 5)
        #expect(meanOfMonth(chicago, 7) > meanOfMonth(chicago, 1) + 15)
    }

    @Test func koreaIsWettestInTheJangmaAndDryInWinter() {
        let world = World(seed: 7, clockStart: 0)
        let seoul = WorldPlace(latitude: 37.57, longitude: 126.97, elevation: 86)
        func total(_ month: Int) -> Double {
            var sum = 0.0
            for year in 2015..<2021 {
                for hour in 0..<(28 * 24) {
                    sum +=
                        world.conditions(at: seoul, time: unixTime(year, month, 1) + Int64(hour) * 3_600)
                        .precipitationRate
                }
            }
            return sum / 6
        }
        let july = total(7)
        let january = total(1)
        #expect(july > 4 * january)
        #expect((150...700).contains(july))
    }
}
