/// One simulated location update: what a device would report at a moment of the trace.
///
/// `coordinate` is the reported position, noise included; `horizontalAccuracy` is the radius (in metres)
/// that contains the true position with 68% probability, as CoreLocation defines it, and is negative when
/// the fix is invalid (no signal). `speed` and `course` are the true motion, as a receiver's Doppler
/// measurements would report them, and are -1 when undefined (standing still has no course).
public struct LocationFix: Sendable, Hashable {
    /// Seconds since the start of the trace.
    public var time: Double
    /// The reported position (noise applied).
    public var coordinate: GeoPoint
    /// Metres; the 68% radius of the noise around the true position. Negative means invalid.
    public var horizontalAccuracy: Double
    /// Metres per second over the ground; -1 when unknown.
    public var speed: Double
    /// Degrees clockwise from true north, 0..<360; -1 when unknown (for example while paused).
    public var course: Double
    /// The app's location permission at this moment.
    public var authorization: LocationAuthorization
    /// The index in the trace's waypoints of the nearest named waypoint, or `nil` when none has a name.
    public var nearestWaypointIndex: Int?
    /// The name of the nearest named waypoint, or `nil` when no waypoint has a name.
    public var nearestWaypointName: String?

    /// Creates a fix from its parts; the playback produces these, tests and adapters may build their own.
    public init(
        time: Double,
        coordinate: GeoPoint,
        horizontalAccuracy: Double,
        speed: Double,
        course: Double,
        authorization: LocationAuthorization,
        nearestWaypointIndex: Int? = nil,
        nearestWaypointName: String? = nil
    ) {
        self.time = time
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
        self.authorization = authorization
        self.nearestWaypointIndex = nearestWaypointIndex
        self.nearestWaypointName = nearestWaypointName
    }

    /// Whether the fix holds a position at all (CoreLocation: `horizontalAccuracy >= 0`).
    public var isValid: Bool {
        horizontalAccuracy >= 0
    }
}
