/// A point on the Earth where the world is asked for its weather: degrees north and east, and the
/// ground's height when it is known (a gazetteer place; a bare coordinate has none and is taken at sea
/// level).
package struct WorldPlace: Sendable, Hashable {
    /// Degrees north, -90 to 90.
    package var latitude: Double
    /// Degrees east, -180 to 180.
    package var longitude: Double
    /// Metres above sea level, when known.
    package var elevation: Double?

    /// A place at `latitude`, `longitude` and `elevation`.
    package init(latitude: Double, longitude: Double, elevation: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }
}
