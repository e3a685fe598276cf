/// Where a request's coordinates are checked before matching turns them into grid cells, distances
/// or anything else: the one place that says what a latitude and a longitude may be. A number
/// outside its axis's range is never matched (a `1e19` latitude once trapped converting to a grid
/// row); when no cassette names the value itself, the request's provider answers it with its own
/// 400 (OpenWeatherMap's `wrong latitude`), before any unmatched-request strategy.
package enum CoordinateRange {
    /// The latitudes a point may have, in degrees.
    package static let latitude: ClosedRange<Double> = -90...90
    /// The longitudes a point may have, in degrees.
    package static let longitude: ClosedRange<Double> = -180...180

    /// `latitude` and `longitude` as a point when both lie in their ranges, else nil.
    package static func point(latitude: Double, longitude: Double) -> (latitude: Double, longitude: Double)? {
        guard Self.latitude.contains(latitude), Self.longitude.contains(longitude) else { return nil }
        return (latitude, longitude)
    }

    /// The first of `names`' parameters in `parameters` that is a number outside its range
    /// (latitude first), nil when both are in range, absent or not numbers (not numbers do not match
    /// a coordinate either, and stay the unmatched strategy's to answer).
    package static func outOfRange(
        _ names: RequestVocabulary.Coordinates, in parameters: QueryParameters
    ) -> OutOfRangeCoordinate? {
        for (axis, name, range) in [
            (OutOfRangeCoordinate.Axis.latitude, names.latitude, latitude),
            (.longitude, names.longitude, longitude),
        ] {
            guard let text = parameters[name], let value = NumericText.decimal(of: text) else {
                continue
            }
            if !range.contains(value) { return OutOfRangeCoordinate(parameter: name, axis: axis, value: text) }
        }
        return nil
    }
}

/// A coordinate parameter of a request whose number lies outside its axis's range
/// (``CoordinateRange``).
package struct OutOfRangeCoordinate: Sendable, Equatable {
    /// Which axis the parameter holds.
    package enum Axis: String, Sendable {
        case latitude, longitude
    }

    /// The parameter's name as the provider spells it (`lat`, Kakao's `y`).
    package var parameter: String
    /// Its axis.
    package var axis: Axis
    /// The value as sent.
    package var value: String

    /// `lat=1e19 is outside -90...90`: for the journal and the log (the value is shown cut to 40
    /// characters, since a client chose it).
    package var rule: String {
        let range = axis == .latitude ? CoordinateRange.latitude : CoordinateRange.longitude
        let shown = value.utf8.count > 40 ? String(value.prefix(40)) + "..." : value
        let bounds = "\(Int(range.lowerBound))...\(Int(range.upperBound))"
        return "(\(axis.rawValue) out of range: \(parameter)=\(shown) is outside \(bounds))"
    }
}
