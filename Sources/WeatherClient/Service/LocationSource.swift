public import Foundation

/// Whether the app may use the device's location, mirroring CoreLocation's authorisation states.
public enum LocationAuthorization: String, Sendable, Hashable, CaseIterable {
    /// The user has not been asked yet. ``WeatherService`` still asks the source for a fix (an
    /// adapter may prompt inside ``LocationSource/nextFix()``) and falls back if none comes in time.
    case notDetermined
    /// The app may use the location (when in use or always).
    case authorized
    /// The user refused. ``WeatherService`` uses its default location without asking for a fix.
    case denied
    /// Parental controls or a device policy forbid it. Treated like ``denied``.
    case restricted
}

/// One position report from a location source.
public struct LocationFix: Sendable, Hashable {
    /// Where the device is.
    public var coordinate: Coordinate
    /// The radius of uncertainty in metres; negative means the fix is invalid (CoreLocation's
    /// convention), and ``WeatherService`` skips such fixes.
    public var horizontalAccuracy: Double
    /// When the fix was taken, if the source knows.
    public var timestamp: Date?

    /// A fix; `horizontalAccuracy` defaults to 5 m, a good GPS fix.
    public init(coordinate: Coordinate, horizontalAccuracy: Double = 5, timestamp: Date? = nil) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    /// True when the accuracy is not negative and the coordinate is finite and in range.
    public var isValid: Bool { horizontalAccuracy >= 0 && coordinate.isValid }
}

/// Where ``WeatherService`` learns the device's position: CoreLocation in an app, a scripted trace
/// (`LocationPlayback`) in demos and tests.
///
/// Two requirements, both async so an implementation may be an actor or wrap callbacks:
/// - ``authorization`` is read before every weather request; `denied` and `restricted` send the
///   service to its default location without asking for a fix.
/// - ``nextFix()`` returns the next position: at once when the source has a fix the caller has not
///   seen yet, otherwise after waiting for one. The service bounds the wait with its own timeout
///   and then cancels the call; an implementation should return or throw promptly on task
///   cancellation (throwing `CancellationError` is fine), though the service does not wait for it.
///   Return `nil` when the source has ended and will never deliver again (a finished trace);
///   throw for a failure. The service treats both like a timeout and uses the default location.
///
/// A minimal adapter:
/// ```swift
/// struct FixedLocation: LocationSource {
///     var authorization: LocationAuthorization { get async { .authorized } }
///     func nextFix() async throws -> LocationFix? {
///         LocationFix(coordinate: Coordinate(latitude: 37.5663, longitude: 126.9779))
///     }
/// }
/// ```
public protocol LocationSource: Sendable {
    /// The current authorisation state.
    var authorization: LocationAuthorization { get async }

    /// The next location fix, waiting for one if needed; `nil` when the source has ended.
    func nextFix() async throws -> LocationFix?
}
