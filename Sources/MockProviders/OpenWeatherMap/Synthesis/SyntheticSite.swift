import Gazetteer
import WeatherWorld

/// Where a synthetic answer is for: the point the world is asked at, the gazetteer place that names
/// it (nil at sea), and its time zone.
///
/// A city name, id or zip answers at the place's own coordinates, which `coord` shows. A coordinate
/// query answers at the point asked (its `coord` is the point, 4 decimals, as the API echoes it), named
/// after the nearest place within ``namingRadius`` kilometres; farther out (at sea) it has no name,
/// id or country, as the API answers remote coordinates (`"name":""`, `"id":0`), and its time zone is
/// the nautical one of its longitude (`Etc/GMT-9` east of 127.5° E).
struct SyntheticSite: Sendable {
    /// How far from the nearest gazetteer place (km) a coordinate is still named after it.
    static let namingRadius = 50.0

    /// Degrees north and east where the world is asked.
    let latitude: Double
    let longitude: Double
    /// The place the answer names, nil at sea.
    let place: GazetteerPlace?

    /// A site at a place's own coordinates.
    init(place: GazetteerPlace) {
        latitude = place.latitude
        longitude = place.longitude
        self.place = place
    }

    /// A site at a point, named after `place` when it is the nearest within ``namingRadius``.
    init(latitude: Double, longitude: Double, gazetteer: Gazetteer?) {
        self.latitude = latitude
        self.longitude = longitude
        if let nearest = gazetteer?.nearest(latitude: latitude, longitude: longitude),
            nearest.kilometres <= Self.namingRadius
        {
            place = nearest.place
        } else {
            place = nil
        }
    }

    /// The point as the world takes it.
    var worldPlace: WorldPlace { WorldPlace(latitude: latitude, longitude: longitude) }

    /// The place's name, `""` at sea.
    var name: String { place?.name ?? "" }

    /// The GeoNames id (OpenWeatherMap's city id), 0 at sea.
    var cityID: Int64 { Int64(place?.id ?? 0) }

    /// `Asia/Seoul`, or at sea the nautical zone of the longitude (`Etc/GMT-9`; the sign is POSIX's).
    var timeZoneIdentifier: String {
        if let place { return place.timeZone.identifier }
        let hours = nauticalHours
        return hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
    }

    /// Seconds east of UTC at `time` (Unix seconds): the place's rule, or at sea the longitude's.
    func utcOffset(at time: Int64) -> Int32 {
        guard let place else { return Int32(nauticalHours * 3_600) }
        return place.utcOffset(at: time)
    }

    private var nauticalHours: Int { Int((longitude / 15).rounded(.toNearestOrAwayFromZero)) }
}
