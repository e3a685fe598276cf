/// The reference stations the climatology is calibrated to: every figure transcribed from
/// `/work/shared/reference/climate-and-codes.md` (§1 Korea, §2 world cities), each row naming its source key
/// there. January first; °C, mm per month, % relative humidity.
///
/// Derived here (arithmetic only): none of the figures; the diurnal range the model uses is
/// maximum − minimum of the cited rows. Assumed (not in the reference): the elevations of Beijing (31 m)
/// and Shanghai-Baoshan (5 m), whose source gives none. New York's mean and precipitation are LaGuardia's
/// [S5] and its maximum and minimum Central Park's [S10] (both in the reference's New York table).
struct StationNormal: Sendable {
    var name: String
    var latitude: Double
    var longitude: Double
    /// Metres above sea level [S3] for Korea, the reference's station table elsewhere.
    var elevation: Double
    var mean: [Double]
    /// Mean daily maximum and minimum, when the reference has them.
    var maximum: [Double]?
    var minimum: [Double]?
    var humidity: [Double]?
    var precipitation: [Double]
}

extension StationNormal {
    /// The 22 reference stations of §1 and §2.
    static let reference: [StationNormal] = korea + world

    /// §1.2 [S1] N91 (mean, max, min, precipitation, RH), positions and elevations [S3].
    static let korea: [StationNormal] = [
        StationNormal(
            name: "Seoul", latitude: 37.57142, longitude: 126.96580, elevation: 85.67,
            mean: [-1.9, 0.7, 6.1, 12.6, 18.2, 22.7, 25.3, 26.1, 21.6, 15.0, 7.5, 0.2],  // [S1]
            maximum: [2.1, 5.1, 11.0, 17.9, 23.6, 27.6, 29.0, 30.0, 26.2, 20.2, 11.9, 4.2],  // [S1]
            minimum: [-5.5, -3.2, 1.9, 8.0, 13.5, 18.7, 22.3, 22.9, 17.7, 10.6, 3.5, -3.4],  // [S1]
            humidity: [56.2, 54.6, 54.6, 54.8, 59.7, 65.7, 76.2, 73.5, 66.4, 61.8, 60.4, 57.8],  // [S1]
            precipitation: [16.8, 28.2, 36.9, 72.9, 103.6, 129.5, 414.4, 348.2, 141.5, 52.2, 51.1, 22.6]),  // [S1]
        StationNormal(
            name: "Incheon", latitude: 37.47772, longitude: 126.62490, elevation: 68.99,
            mean: [-1.5, 0.7, 5.6, 11.5, 16.8, 21.3, 24.4, 25.6, 21.5, 15.3, 7.9, 0.7],  // [S1]
            maximum: [2.2, 4.8, 10.1, 16.2, 21.6, 25.6, 27.8, 29.2, 25.8, 19.9, 12.0, 4.5],  // [S1]
            minimum: [-4.8, -2.8, 2.1, 7.9, 13.1, 18.0, 21.8, 22.9, 18.1, 11.4, 4.3, -2.7],  // [S1]
            humidity: [61.1, 61.2, 63.4, 64.5, 69.8, 75.9, 83.8, 80.1, 72.9, 66.7, 64.3, 61.8],  // [S1]
            precipitation: [15.9, 25.1, 33.8, 63.5, 96.3, 106.0, 337.7, 274.6, 130.3, 51.1, 50.8, 22.3]),  // [S1]
        StationNormal(
            name: "Suwon", latitude: 37.25746, longitude: 126.98300, elevation: 39.81,
            mean: [-2.1, 0.3, 5.7, 12.0, 17.6, 22.2, 25.3, 26.0, 21.4, 14.6, 7.2, 0.1],  // [S1]
            maximum: [2.8, 5.6, 11.3, 18.2, 23.6, 27.5, 29.3, 30.3, 26.4, 20.4, 12.5, 4.9],  // [S1]
            minimum: [-6.6, -4.5, 0.6, 6.4, 12.3, 17.9, 22.1, 22.7, 17.1, 9.4, 2.4, -4.2],  // [S1]
            humidity: [63.0, 61.9, 62.2, 62.1, 66.1, 71.4, 79.9, 77.6, 73.2, 69.8, 67.9, 64.4],  // [S1]
            precipitation: [18.1, 28.3, 40.7, 71.6, 95.0, 122.9, 385.1, 296.3, 133.5, 54.1, 48.9, 25.8]),  // [S1]
        StationNormal(
            name: "Daejeon", latitude: 36.37199, longitude: 127.37210, elevation: 67.79,
            mean: [-1.0, 1.4, 6.6, 13.0, 18.5, 22.7, 25.5, 26.0, 21.2, 14.6, 7.7, 1.0],  // [S1]
            maximum: [4.1, 7.0, 12.7, 19.4, 24.5, 27.9, 29.6, 30.3, 26.3, 20.8, 13.5, 6.2],  // [S1]
            minimum: [-5.5, -3.6, 1.1, 6.9, 12.8, 18.1, 22.2, 22.5, 17.0, 9.4, 2.8, -3.4],  // [S1]
            humidity: [65.3, 60.3, 57.9, 56.9, 62.4, 69.8, 79.1, 78.2, 75.3, 71.8, 69.3, 67.9],  // [S1]
            precipitation: [25.5, 37.2, 51.6, 81.6, 91.8, 167.3, 306.9, 299.8, 152.5, 59.3, 48.0, 29.7]),  // [S1]
        StationNormal(
            name: "Daegu", latitude: 35.87797, longitude: 128.65295, elevation: 54.27,
            mean: [1.1, 3.5, 8.4, 14.5, 19.7, 23.4, 26.3, 26.7, 22.1, 16.2, 9.4, 3.0],  // [S1]
            maximum: [5.9, 8.8, 14.2, 20.6, 25.7, 28.7, 30.8, 31.3, 27.0, 22.0, 14.9, 7.9],  // [S1]
            minimum: [-2.9, -1.1, 3.3, 8.8, 14.1, 18.8, 22.8, 23.1, 18.0, 11.4, 4.8, -1.2],  // [S1]
            humidity: [51.4, 49.8, 49.8, 50.8, 55.8, 63.8, 71.7, 72.2, 69.3, 62.6, 58.2, 53.3],  // [S1]
            precipitation: [18.6, 25.4, 49.0, 70.6, 77.9, 129.2, 223.9, 245.3, 142.4, 50.1, 29.7, 18.7]),  // [S1]
        StationNormal(
            name: "Busan", latitude: 35.10468, longitude: 129.03203, elevation: 69.56,
            mean: [3.6, 5.4, 9.1, 13.8, 17.9, 21.0, 24.4, 26.1, 22.6, 17.9, 11.9, 5.8],  // [S1]
            maximum: [8.2, 10.2, 13.8, 18.2, 22.0, 24.6, 27.5, 29.5, 26.4, 22.5, 16.6, 10.4],  // [S1]
            minimum: [-0.1, 1.5, 5.3, 10.1, 14.6, 18.3, 22.1, 23.7, 19.8, 14.5, 8.3, 2.0],  // [S1]
            humidity: [46.8, 49.4, 56.0, 61.1, 68.3, 76.8, 83.4, 78.5, 72.6, 62.7, 56.3, 48.1],  // [S1]
            precipitation: [34.5, 49.6, 89.7, 140.9, 155.9, 188.4, 326.8, 266.5, 160.6, 79.6, 50.4, 33.8]),  // [S1]
        StationNormal(
            name: "Gwangju", latitude: 35.17294, longitude: 126.89156, elevation: 70.28,
            mean: [1.0, 2.9, 7.5, 13.4, 18.7, 22.7, 25.9, 26.5, 22.2, 16.1, 9.6, 3.2],  // [S1]
            maximum: [5.7, 8.3, 13.6, 19.9, 24.8, 27.9, 30.0, 30.9, 27.1, 21.9, 15.0, 8.0],  // [S1]
            minimum: [-2.7, -1.5, 2.4, 7.8, 13.4, 18.7, 22.8, 23.2, 18.2, 11.2, 5.0, -0.8],  // [S1]
            humidity: [65.7, 61.6, 60.3, 60.2, 64.5, 72.0, 79.8, 78.0, 73.6, 67.6, 66.9, 66.9],  // [S1]
            precipitation: [32.6, 43.6, 61.9, 86.6, 91.4, 152.6, 294.2, 326.4, 145.0, 59.0, 50.2, 37.1]),  // [S1]
        StationNormal(
            name: "Gangneung", latitude: 37.75147, longitude: 128.89099, elevation: 27.12,
            mean: [0.9, 2.7, 7.0, 13.1, 17.9, 21.3, 24.7, 25.0, 20.5, 15.6, 9.5, 3.3],  // [S1]
            maximum: [5.3, 7.1, 11.7, 17.9, 22.7, 25.4, 28.1, 28.6, 24.6, 20.3, 14.0, 7.7],  // [S1]
            minimum: [-2.7, -1.3, 2.6, 8.2, 13.3, 17.5, 21.6, 21.9, 17.0, 11.5, 5.6, -0.5],  // [S1]
            humidity: [46.8, 49.2, 52.8, 52.2, 59.3, 69.3, 74.7, 76.4, 73.0, 61.5, 52.7, 45.6],  // [S1]
            precipitation: [47.9, 48.0, 65.1, 81.9, 79.2, 118.5, 250.2, 292.9, 229.3, 113.9, 81.1, 36.9]),  // [S1]
        StationNormal(
            name: "Jeju", latitude: 33.51411, longitude: 126.52969, elevation: 20.79,
            mean: [6.1, 6.8, 9.8, 14.2, 18.3, 21.7, 26.2, 27.2, 23.3, 18.6, 13.3, 8.3],  // [S1]
            maximum: [8.6, 9.9, 13.3, 18.0, 22.1, 24.9, 29.3, 30.1, 26.1, 21.6, 16.4, 11.0],  // [S1]
            minimum: [3.7, 4.0, 6.6, 10.8, 15.0, 19.1, 23.7, 24.8, 20.9, 15.7, 10.4, 5.6],  // [S1]
            humidity: [64.0, 63.3, 63.2, 64.8, 68.4, 77.9, 78.3, 76.2, 73.7, 66.4, 65.0, 64.1],  // [S1]
            precipitation: [67.5, 57.2, 90.6, 89.7, 95.6, 171.2, 210.2, 272.3, 227.8, 95.1, 69.5, 55.6]),  // [S1]
        StationNormal(
            name: "Ulleungdo", latitude: 37.48129, longitude: 130.89864, elevation: 221.14,
            mean: [1.7, 2.5, 5.8, 11.1, 15.8, 19.1, 22.7, 23.8, 20.0, 15.4, 9.9, 4.3],  // [S1]
            maximum: [4.4, 5.6, 9.6, 15.1, 19.7, 22.5, 25.5, 26.9, 23.2, 18.8, 13.2, 7.2],  // [S1]
            minimum: [-0.5, 0.0, 2.9, 7.8, 12.5, 16.5, 20.5, 21.7, 17.7, 13.0, 7.4, 1.9],  // [S1]
            humidity: [68.6, 68.4, 67.5, 67.2, 70.2, 79.6, 84.7, 83.4, 79.3, 71.4, 67.6, 67.3],  // [S1]
            precipitation: [117.4, 91.3, 76.4, 97.8, 108.5, 116.8, 175.0, 176.7, 173.6, 100.9, 116.9, 129.3]),  // [S1]
    ]

    /// §2.2: JMA normals [S5] (N91) for means and precipitation, with each row's other sources as cited.
    static let world: [StationNormal] = [
        StationNormal(
            name: "Tokyo", latitude: 35.69, longitude: 139.75, elevation: 25,
            mean: [5.4, 6.1, 9.4, 14.3, 18.8, 21.9, 25.7, 26.9, 23.3, 18.0, 12.5, 7.7],  // [S6]
            maximum: [9.8, 10.9, 14.2, 19.4, 23.6, 26.1, 29.9, 31.3, 27.5, 22.0, 16.7, 12.0],  // [S6]
            minimum: [1.2, 2.1, 5.0, 9.8, 14.6, 18.5, 22.4, 23.5, 20.3, 14.8, 8.8, 3.8],  // [S6]
            humidity: [51, 52, 57, 62, 68, 75, 76, 74, 75, 71, 64, 56],  // [S6]
            precipitation: [59.7, 56.5, 116.0, 133.7, 139.7, 167.8, 156.2, 154.7, 224.9, 234.8, 96.3, 57.9]),  // [S6]
        StationNormal(
            name: "Beijing", latitude: 39.93, longitude: 116.28, elevation: 31,
            mean: [-2.8, 0.6, 7.5, 15.1, 21.3, 25.3, 27.2, 26.0, 21.2, 13.8, 5.2, -1.0],  // [S5]
            precipitation: [2.1, 5.6, 8.5, 21.9, 36.5, 72.7, 170.6, 114.1, 53.3, 29.3, 13.7, 2.5]),  // [S5]
        StationNormal(
            name: "Shanghai", latitude: 31.42, longitude: 121.45, elevation: 5,
            mean: [5.0, 6.5, 10.3, 15.7, 20.9, 24.4, 28.8, 28.5, 24.8, 19.7, 13.9, 7.5],  // [S5]
            precipitation: [67.5, 62.9, 81.0, 77.2, 90.6, 181.5, 144.1, 215.5, 122.2, 61.5, 60.5, 47.4]),  // [S5]
        StationNormal(
            name: "Singapore", latitude: 1.37, longitude: 103.98, elevation: 5,
            mean: [26.8, 27.3, 27.9, 28.2, 28.6, 28.5, 28.2, 28.1, 28.0, 27.9, 27.2, 26.8],  // [S5]
            maximum: [30.6, 31.5, 32.2, 32.4, 32.3, 31.9, 31.4, 31.4, 31.6, 31.8, 31.2, 30.5],  // [S7]
            minimum: [24.3, 24.6, 24.9, 25.3, 25.7, 25.7, 25.4, 25.3, 25.2, 25.0, 24.6, 24.3],  // [S7]
            // [S5]
            precipitation: [221.0, 104.9, 151.1, 164.0, 164.3, 136.5, 144.9, 148.8, 133.4, 166.5, 254.2, 333.1]),
        StationNormal(
            name: "Sydney", latitude: -33.95, longitude: 151.17, elevation: 6,
            mean: [23.5, 23.3, 21.9, 19.2, 16.2, 13.9, 13.1, 14.1, 16.7, 18.8, 20.4, 22.1],  // [S5]
            precipitation: [79.3, 115.5, 94.2, 94.4, 88.6, 120.4, 67.7, 63.9, 56.8, 54.7, 70.2, 67.3]),  // [S5]
        StationNormal(
            name: "London", latitude: 51.48, longitude: -0.45, elevation: 24,
            mean: [5.7, 6.0, 8.0, 10.5, 13.7, 16.8, 19.0, 18.7, 15.9, 12.3, 8.5, 6.1],  // [S5]
            maximum: [8.4, 9.0, 11.7, 15.0, 18.4, 21.6, 23.9, 23.4, 20.2, 15.8, 11.5, 8.8],  // [S8]
            minimum: [2.7, 2.6, 4.1, 6.0, 9.1, 12.0, 14.2, 14.1, 11.6, 8.8, 5.3, 3.1],  // [S8]
            precipitation: [59.7, 46.6, 41.7, 42.6, 46.9, 49.7, 47.2, 57.7, 46.1, 66.3, 69.3, 59.6]),  // [S5]
        StationNormal(
            name: "Reykjavik", latitude: 64.13, longitude: -21.90, elevation: 54,
            mean: [0.7, 0.6, 1.2, 3.7, 6.7, 9.9, 11.7, 11.1, 8.5, 4.9, 2.2, 0.8],  // [S5]
            maximum: [3.2, 3.3, 4.2, 6.9, 10.1, 13.0, 14.9, 14.1, 11.4, 7.6, 4.6, 3.3],  // [S9]
            minimum: [-1.7, -1.9, -1.3, 1.0, 4.0, 7.2, 9.1, 8.6, 6.2, 2.7, -0.1, -1.6],  // [S9]
            humidity: [77.9, 76.3, 75.0, 73.1, 73.3, 76.4, 79.2, 80.4, 79.8, 77.8, 77.0, 77.4],  // [S9]
            precipitation: [87.0, 90.7, 80.7, 59.1, 52.1, 43.4, 50.6, 64.7, 87.0, 79.8, 86.6, 96.8]),  // [S5]
        StationNormal(
            name: "Moscow", latitude: 55.83, longitude: 37.62, elevation: 147,
            mean: [-6.2, -5.9, -0.7, 6.9, 13.6, 17.3, 19.7, 17.6, 11.9, 5.8, -0.5, -4.4],  // [S5]
            precipitation: [53.2, 44.0, 39.0, 36.6, 61.2, 77.4, 83.8, 78.3, 66.1, 70.1, 51.9, 51.4]),  // [S5]
        StationNormal(
            name: "Cairo (Helwan)", latitude: 29.86, longitude: 31.35, elevation: 139,
            mean: [13.9, 15.2, 17.9, 21.8, 25.3, 27.9, 29.2, 29.0, 27.5, 24.6, 20.0, 15.7],  // [S5]
            precipitation: [6.0, 3.2, 8.9, 0.9, 0.0, 0.0, 0.0, 0.0, 0.2, 1.2, 1.2, 8.1]),  // [S5]
        StationNormal(
            name: "New York", latitude: 40.77, longitude: -73.90, elevation: 7,
            mean: [1.2, 2.2, 5.9, 11.8, 17.4, 22.7, 26.0, 25.2, 21.4, 15.1, 9.3, 4.3],  // [S5] LaGuardia
            maximum: [4.0, 5.6, 9.6, 16.6, 21.8, 26.5, 29.6, 28.7, 24.8, 18.2, 12.3, 6.8],  // [S10] Central Park
            minimum: [-2.4, -1.4, 1.9, 7.4, 12.6, 18.0, 21.3, 20.7, 17.1, 10.9, 5.6, 1.1],  // [S10] Central Park
            precipitation: [82.7, 74.1, 102.1, 97.4, 91.3, 102.8, 107.3, 111.9, 97.8, 97.0, 79.8, 104.6]),  // [S5]
        StationNormal(
            name: "Los Angeles", latitude: 33.93, longitude: -118.40, elevation: 38,
            mean: [14.4, 14.4, 15.1, 16.2, 17.5, 19.1, 20.9, 21.4, 21.1, 19.5, 16.8, 14.2],  // [S5]
            precipitation: [73.0, 77.3, 44.1, 16.1, 7.3, 2.3, 1.3, 0.2, 2.9, 12.3, 20.8, 56.9]),  // [S5]
        StationNormal(
            name: "Sao Paulo", latitude: -23.50, longitude: -46.62, elevation: 792,
            mean: [23.2, 23.7, 22.8, 21.4, 18.5, 17.7, 17.3, 18.3, 19.3, 20.7, 21.4, 22.9],  // [S5]
            precipitation: [286.6, 242.4, 196.3, 90.3, 65.5, 63.3, 53.0, 36.3, 79.5, 118.4, 143.6, 233.1]),  // [S5]
    ]

    /// Mean daily maximum − minimum by month, when both are known (derived: the cited rows' difference).
    var diurnalRange: [Double]? {
        guard let maximum, let minimum else { return nil }
        return zip(maximum, minimum).map { $0 - $1 }
    }
}
