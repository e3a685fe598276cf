#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A circle on the Earth: a `near` constraint.
package struct GeoCircle: Sendable, Equatable {
    package var latitude: Double
    package var longitude: Double
    var radiusKilometres: Double
}

/// Great-circle distance (haversine on a sphere of the IUGG mean radius).
package enum GreatCircle {
    static let earthRadiusKilometres = 6371.0088

    static func distanceKilometres(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double)
        -> Double
    {
        let radians = Double.pi / 180
        let deltaLatitude = (latitude2 - latitude1) * radians
        let deltaLongitude = (longitude2 - longitude1) * radians
        let sinLatitude = sin(deltaLatitude / 2)
        let sinLongitude = sin(deltaLongitude / 2)
        let a =
            sinLatitude * sinLatitude + cos(latitude1 * radians) * cos(latitude2 * radians) * sinLongitude
            * sinLongitude
        return 2 * earthRadiusKilometres * asin(min(1, a.squareRoot()))
    }
}
