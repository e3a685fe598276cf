/// The wind of one hour: speed (`WSD`), the direction it blows from (`VEC`), and its east and
/// north components (`UUU`, `VVV`) when the API sent them.
public struct KMAWind: Sendable, Hashable {
    /// Speed in m/s.
    public var speed: Double
    /// The direction the wind blows from, degrees clockwise from north (0...360), when sent.
    public var direction: Double?
    /// The eastward component in m/s (`UUU`: east positive, west negative), when sent.
    public var eastward: Double?
    /// The northward component in m/s (`VVV`: north positive, south negative), when sent.
    public var northward: Double?

    /// A wind; no validation.
    public init(speed: Double, direction: Double? = nil, eastward: Double? = nil, northward: Double? = nil) {
        self.speed = speed
        self.direction = direction
        self.eastward = eastward
        self.northward = northward
    }

    /// The 16-point compass direction of ``direction``, e.g. ``KMACompassPoint/northwest`` for 318°.
    public var compassPoint: KMACompassPoint? { direction.flatMap { KMACompassPoint(degrees: $0) } }
}
