internal import Basics

/// The gazetteer once read: the places in id order and the indexes over them. Immutable, so every
/// thread reads it without a lock once ``Gazetteer`` has handed it out.
final class PlaceTable: Sendable {
    let places: [GazetteerPlace]
    private let ids: [Int]
    private let names: NameIndex
    private let countries: CountryCodes
    private let grid: SpatialIndex
    /// Each country's most populous place (the lowest id among equals), for ``PostalCodes``.
    private let mostPopulousByCountry: [String: Int]
    /// Each Korean first-level division's most populous place, for ``PostalCodes``.
    private let mostPopulousByKoreanProvince: [String: Int]

    /// A table of `places`, which must be in ascending id order, and the place names' extra keys.
    init(places: [GazetteerPlace], koreanAliases: [[String]], countries: CountryCodes) {
        self.places = places
        self.countries = countries
        ids = places.map(\.id)
        grid = SpatialIndex(latitudes: places.map(\.latitude), longitudes: places.map(\.longitude))
        var names = NameIndex(capacity: places.count + places.count / 4)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(256)
        var byCountry: [String: Int] = [:]
        var byProvince: [String: Int] = [:]
        for (index, place) in places.enumerated() {
            var name = place.name
            let key = name.withUTF8 { NameFolding.key(utf8: $0, buffer: &buffer) }
            names.add(key, place: index)
            // GeoNames names some Korean cities with their `-si` ("Cheongju-si"); `q=Cheongju` finds them.
            if place.countryCode == "KR", key.hasSuffix("-si") { names.add(String(key.dropLast(3)), place: index) }
            for var korean in (place.koreanName.map { [$0] } ?? []) + koreanAliases[index] {
                names.add(korean.withUTF8 { NameFolding.key(utf8: $0, buffer: &buffer) }, place: index)
            }
            Self.keepMorePopulous(index, in: &byCountry, under: place.countryCode, of: places)
            if place.countryCode == "KR" {
                Self.keepMorePopulous(index, in: &byProvince, under: place.admin1Code, of: places)
            }
        }
        self.names = names
        mostPopulousByCountry = byCountry
        mostPopulousByKoreanProvince = byProvince
    }

    private static func keepMorePopulous(
        _ index: Int, in best: inout [String: Int], under key: String, of places: [GazetteerPlace]
    ) {
        if let current = best[key], places[current].population >= places[index].population { return }
        best[key] = index
    }

    /// The place with GeoNames id `id` (a binary search: the ids ascend).
    func place(id: Int) -> GazetteerPlace? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? places[low] : nil
    }

    /// The places an OpenWeatherMap `q` names: `name`, `name,country` or `name,state,country`, each part
    /// trimmed; the country an ISO 3166 code of two or three letters or an alias (`uk`), the state a
    /// first-level division code (`NY`). Most populous first, then by id; an unknown country or a query of
    /// more than three parts names nothing.
    func places(matching query: String, limit: Int) -> [GazetteerPlace] {
        guard limit > 0 else { return [] }
        let parts = query.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard (1...3).contains(parts.count), !parts[0].isEmpty else { return [] }
        var country: String?
        if parts.count >= 2, !parts[parts.count - 1].isEmpty {
            guard let code = countries.iso2(for: parts[parts.count - 1]) else { return [] }
            country = code
        }
        let state = parts.count == 3 && !parts[1].isEmpty ? parts[1].uppercased() : nil
        let matches = names.places(under: NameFolding.key(parts[0])).filter { index in
            (country.map { places[index].countryCode == $0 } ?? true)
                && (state.map { places[index].admin1Code.uppercased() == $0 } ?? true)
        }
        let ranked = matches.sorted { first, second in
            let (one, other) = (places[first].population, places[second].population)
            return one > other || (one == other && first < second)
        }
        return ranked.prefix(limit).map { places[$0] }
    }

    /// The place that names a point (see ``Gazetteer/nearest(latitude:longitude:)``) and its distance.
    func naming(latitude: Double, longitude: Double) -> (place: GazetteerPlace, kilometres: Double)? {
        guard let nearest = grid.nearest(latitude: latitude, longitude: longitude, limit: 1).first else { return nil }
        // No place farther than this can be nearer, after its reach, than the nearest place is.
        let candidates = grid.places(
            within: nearest.kilometres + PlaceReach.maximum, ofLatitude: latitude, longitude: longitude)
        func score(_ candidate: (place: Int, kilometres: Double)) -> Double {
            candidate.kilometres - PlaceReach.kilometres(population: places[candidate.place].population)
        }
        let best = candidates.min { first, second in
            let (one, other) = (score(first), score(second))
            if one != other { return one < other }
            let (bigger, smaller) = (places[first.place].population, places[second.place].population)
            return bigger > smaller || (bigger == smaller && first.place < second.place)
        }
        return best.map { (places[$0.place], $0.kilometres) } ?? (places[nearest.place], nearest.kilometres)
    }

    /// Up to `limit` places nearest the point, nearest first, with their distances in kilometres.
    func nearest(latitude: Double, longitude: Double, limit: Int) -> [(place: GazetteerPlace, kilometres: Double)] {
        grid.nearest(latitude: latitude, longitude: longitude, limit: limit).map { (places[$0.place], $0.kilometres) }
    }

    /// The place a postal code stands for by the rule of ``PostalCodes``.
    func place(postalCode: String, country: String?) -> GazetteerPlace? {
        let code = postalCode.trimmingWhitespace()
        guard !code.isEmpty else { return nil }
        let named = country?.trimmingWhitespace() ?? ""
        guard let iso2 = named.isEmpty ? PostalCodes.defaultCountry : countries.iso2(for: named) else { return nil }
        if iso2 == "KR" {
            guard let province = PostalCodes.koreanAdmin1Code(of: code),
                let index = mostPopulousByKoreanProvince[province]
            else { return nil }
            return places[index]
        }
        return mostPopulousByCountry[iso2].map { places[$0] }
    }

    /// The English name of the country with alpha-2 code `iso2`.
    func countryName(_ iso2: String) -> String? {
        countries.name(of: iso2)
    }
}
