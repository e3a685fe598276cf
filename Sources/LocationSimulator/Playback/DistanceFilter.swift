/// CoreLocation's `distanceFilter`: decides which fixes reach the app.
///
/// - The first valid fix is always delivered.
/// - After that, a fix is delivered once it lies at least ``minimumDistance`` metres (great circle) from
///   the previously *delivered* fix, not the previous one, so slow drift accumulates until it counts.
/// - A fix whose permission differs from the previously delivered one is always delivered, so that a change
///   of authorisation is never filtered away (CoreLocation reports those through its own callback).
/// - An invalid fix (negative horizontal accuracy) is never delivered, as CoreLocation never delivers one.
///
/// A minimum distance of 0 (`kCLDistanceFilterNone`) delivers every valid fix.
public struct DistanceFilter: Sendable {
    /// Metres a fix must be from the last delivered one; 0 delivers every valid fix.
    public let minimumDistance: Double
    private var lastDelivered: LocationFix?

    /// Creates a filter. A negative or non-finite distance is treated as 0.
    public init(minimumDistance: Double = 0) {
        self.minimumDistance = minimumDistance.isFinite ? max(0, minimumDistance) : 0
    }

    /// The previously delivered fix, if any.
    public var lastDeliveredFix: LocationFix? {
        lastDelivered
    }

    /// Whether `fix` is delivered; a delivered fix becomes the reference for the next decision.
    public mutating func shouldDeliver(_ fix: LocationFix) -> Bool {
        guard fix.isValid else { return false }
        if let last = lastDelivered, last.authorization == fix.authorization, minimumDistance > 0,
            last.coordinate.distance(to: fix.coordinate) < minimumDistance
        {
            return false
        }
        lastDelivered = fix
        return true
    }
}
