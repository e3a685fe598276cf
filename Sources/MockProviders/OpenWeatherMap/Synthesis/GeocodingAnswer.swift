import Gazetteer
import MockEngine

/// `/geo/1.0/direct`, `/reverse` and `/zip` from the gazetteer, in the recorded shape: an array of
/// `{"name","local_names":{"ko"?,"en"},"lat","lon","country"}` (the gazetteer keeps no `state`, so none
/// is written; `local_names` is cut to Korean and English, as the bundled answers are), and for zip one
/// object `{"zip","name","lat","lon","country"}`.
///
/// `limit` is 1 to 5 (the API's most), 5 when absent or not a number. A name no place has is `[]`,
/// as the API answers it; reverse geocoding answers the places nearest the point when one lies within
/// ``SyntheticSite/namingRadius`` km, else `[]` (at sea). An unknown zip is the recorded 404
/// `not found`. Only with a world: these answers are made in the mock's words, not recorded.
enum GeocodingAnswer {
    /// Which lookup.
    enum Lookup {
        case direct
        case reverse
        case zip
    }

    /// The journal's rule for `lookup`.
    static func rule(_ lookup: Lookup) -> String {
        switch lookup {
        case .direct: "geocoding"
        case .reverse: "reverse geocoding"
        case .zip: "zip geocoding"
        }
    }

    /// The answer's body.
    static func body(
        _ lookup: Lookup, gazetteer: Gazetteer, request: SyntheticRequest
    ) throws(SyntheticRefusal) -> [UInt8] {
        let limit = request.integer("limit").map { Int(clamping: min(max($0, 1), 5)) } ?? 5
        let places: [GazetteerPlace]
        switch lookup {
        case .direct:
            guard let query = request.value("q") else { throw .nothingToGeocode }
            places = gazetteer.places(matching: query, limit: limit)
        case .reverse:
            let point = try request.coordinates()
            let isNamed =
                SyntheticSite(latitude: point.latitude, longitude: point.longitude, gazetteer: gazetteer)
                .place != nil
            places = isNamed ? gazetteer.nearby(latitude: point.latitude, longitude: point.longitude, limit: limit) : []
        case .zip:
            guard let zip = request.value("zip") else { throw .nothingToGeocode }
            guard let place = SyntheticRequest.place(zip: zip, in: gazetteer) else { throw .zipNotFound }
            return zipBody(code: zip.split(separator: ",").first.map(String.init) ?? zip, place: place)
        }
        var json = SyntheticJSON(units: .standard, capacity: 140 * places.count + 2)
        json.beginArray()
        for place in places {
            json.beginObject()
            json.string("name", place.name)
            json.beginObject("local_names")
            if let korean = place.koreanName { json.string("ko", korean) }
            json.string("en", place.name)
            json.endObject()
            json.coordinate("lat", place.latitude)
            json.coordinate("lon", place.longitude)
            json.string("country", place.countryCode)
            json.endObject()
        }
        json.endArray()
        return json.bytes
    }

    private static func zipBody(code: String, place: GazetteerPlace) -> [UInt8] {
        var json = SyntheticJSON(units: .standard, capacity: 120)
        json.beginObject()
        json.string("zip", code.trimmingASCIIWhitespace())
        json.string("name", place.name)
        json.coordinate("lat", place.latitude)
        json.coordinate("lon", place.longitude)
        json.string("country", place.countryCode)
        json.endObject()
        return json.bytes
    }
}
