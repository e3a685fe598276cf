/// Names the place at a coordinate for the weather screen ("서울 문래동3가"): the seam through which
/// ``WeatherService`` asks ``KakaoLocalClient`` (which conforms), or a test double, for a name.
///
/// Failures are ``KakaoLocalError``s, the one naming API the library speaks; a double throws any
/// of its cases (`.unauthorized`, `.transport`, …) to stage a failure.
public protocol PlaceNamer: Sendable {
    /// The name of the place at `coordinate`, or `nil` when there is no place to name there (at sea,
    /// outside Korea). Should return or throw `.cancelled` promptly when the task is cancelled.
    func placeName(at coordinate: Coordinate) async throws(KakaoLocalError) -> PlaceName?
}
