#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Korea Meteorological Administration's Lambert conformal conic grid (the `nx`, `ny` of its
/// forecast APIs), both ways, as KMA's published conversion code computes it: Earth radius
/// 6371.00877 km, 5 km cells, standard parallels 30°N and 60°N, origin 126°E 38°N at grid point
/// (43, 136). The one implementation the location simulator and the mock's KMA provider share
/// (WeatherClient keeps its own on purpose: it imports nothing from this package).
///
/// The forward conversion rounds to the nearest cell, so a point on a cell border (Daegu City Hall)
/// can land on either side by the last decimal of its input; points outside the domain still get
/// numbers (possibly negative or beyond 149 × 253), which callers check when they need KMA data.
package enum KMAGridProjection {
    /// The domain's columns (`nx` 1...149) and rows (`ny` 1...253).
    package static let columns = 1...149
    /// See ``columns``.
    package static let rows = 1...253

    private static let earthRadiusKilometres = 6_371.00877
    private static let gridKilometres = 5.0
    private static let degrees = Double.pi / 180
    private static let firstParallel = 30.0 * degrees
    private static let secondParallel = 60.0 * degrees
    private static let originLongitude = 126.0 * degrees
    private static let originLatitude = 38.0 * degrees
    private static let originX = 43.0
    private static let originY = 136.0

    private static let re = earthRadiusKilometres / gridKilometres
    private static let sn =
        log(cos(firstParallel) / cos(secondParallel))
        / log(tan(.pi / 4 + secondParallel / 2) / tan(.pi / 4 + firstParallel / 2))
    private static let sf = pow(tan(.pi / 4 + firstParallel / 2), sn) * cos(firstParallel) / sn
    private static let ro = re * sf / pow(tan(.pi / 4 + originLatitude / 2), sn)

    /// The cell containing the point at `latitude`, `longitude` (degrees).
    package static func cell(latitude: Double, longitude: Double) -> (x: Int, y: Int) {
        let ra = re * sf / pow(tan(.pi / 4 + latitude * degrees / 2), sn)
        var theta = longitude * degrees - originLongitude
        if theta > .pi { theta -= 2 * .pi }
        if theta < -.pi { theta += 2 * .pi }
        theta *= sn
        let x = (ra * sin(theta) + originX + 0.5).rounded(.down)
        let y = (ro - ra * cos(theta) + originY + 0.5).rounded(.down)
        return (Int(x), Int(y))
    }

    /// The centre of cell `x`, `y` in degrees: the inverse of ``cell(latitude:longitude:)`` at the
    /// cell's grid point (60, 127 is about 37.5799°N 126.9894°E).
    package static func centre(x: Int, y: Int) -> (latitude: Double, longitude: Double) {
        let xn = Double(x) - originX
        let yn = ro - (Double(y) - originY)
        var ra = (xn * xn + yn * yn).squareRoot()
        if sn < 0 { ra = -ra }
        let latitude = 2 * atan(pow(re * sf / ra, 1 / sn)) - .pi / 2
        let theta: Double
        if abs(xn) <= 0 {
            theta = 0
        } else if abs(yn) <= 0 {
            theta = xn < 0 ? -.pi / 2 : .pi / 2
        } else {
            theta = atan2(xn, yn)
        }
        let longitude = theta / sn + originLongitude
        return (latitude / degrees, longitude / degrees)
    }
}
