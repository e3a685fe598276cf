/// How far a place's name carries: the radius of a disc holding its people at 5,000 per km², at most
/// 30 km (Busan 14 km, Jeju City 5.6 km, a district of 40,000 people 1.6 km).
///
/// GeoNames lists a city's districts beside the city (Seodong, Ido-dong and Ara-dong within Jeju City),
/// so the nearest entry to a point in a city is often a district. OpenWeatherMap names a coordinate by
/// its city, so the place that names a point is the one whose reach it is deepest inside (its distance
/// less its reach, least first), which is the nearest place wherever no larger place's reach extends.
enum PlaceReach {
    /// People per km² assumed for every place.
    static let density = 5_000.0
    /// The greatest reach, km: no city's core is wider, whatever its population.
    static let maximum = 30.0

    /// The reach of a place of `population` people, km.
    static func kilometres(population: Int) -> Double {
        min((Double(max(population, 0)) / density / Double.pi).squareRoot(), maximum)
    }
}
