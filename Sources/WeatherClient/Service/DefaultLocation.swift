/// Where ``WeatherService`` gets weather for when it cannot use the device's location, and the
/// name it shows for it.
public struct DefaultLocation: Sendable, Hashable {
    /// The coordinate requested.
    public var coordinate: Coordinate
    /// The name shown instead of whatever place the API reports for the coordinate.
    public var displayName: String

    /// A default location.
    public init(coordinate: Coordinate, displayName: String) {
        self.coordinate = coordinate
        self.displayName = displayName
    }

    /// The SeSAC campus in Yeongdeungpo, Seoul (37.517829, 126.886270), shown as "Seoul".
    public static let sesacCampus = DefaultLocation(
        coordinate: Coordinate(latitude: 37.517829, longitude: 126.886270),
        displayName: "Seoul"
    )
}
