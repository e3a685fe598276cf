/// What naming the place of a ``WeatherResult`` came to, when ``WeatherService`` has a
/// ``PlaceNamer``.
///
/// A naming failure never hides the weather: the result still carries it, and the failure is here to
/// be shown or logged (a refused Kakao key is `.failed(.unauthorized(…))` or
/// `.lastKnown(…, failure: .unauthorized(…))`, never swallowed).
public enum PlaceNaming: Sendable, Hashable {
    /// Named just now for this location.
    case named(PlaceName)
    /// The namer answered that there is no place to name here (at sea, outside Korea).
    case noPlace
    /// Naming failed with `failure`; `name` is the last name the service got near this location,
    /// `age` old on the service's clock (the same radius and age limits as stale weather).
    case lastKnown(PlaceName, age: Duration, failure: KakaoLocalError)
    /// Naming failed with the error given and the service knows no name near this location.
    case failed(KakaoLocalError)

    /// The name to show, fresh or last known; `nil` for ``noPlace`` and ``failed(_:)``.
    public var name: PlaceName? {
        switch self {
        case .named(let name), .lastKnown(let name, _, _): name
        case .noPlace, .failed: nil
        }
    }

    /// The naming failure, when there was one.
    public var failure: KakaoLocalError? {
        switch self {
        case .lastKnown(_, _, let failure), .failed(let failure): failure
        case .named, .noPlace: nil
        }
    }
}
