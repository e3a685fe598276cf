import Basics
import Gazetteer
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a synthetic answer reads of a request, read once: its location parameters, `units`, `lang`
/// and the mock clock's instant.
struct SyntheticRequest {
    /// The query, by lower-case name.
    let parameters: QueryParameters
    /// `units`: `standard` when absent or unknown, as the API.
    let units: Units
    /// Whether descriptions are Korean (`lang=kr`, or `ko`); English for any other `lang`.
    let isKorean: Bool
    /// The mock clock's reading, Unix seconds.
    let now: Int64

    /// The parts of `request` an answer reads; reads the clock (so the answer memo keeps none).
    init(_ request: ReplayRequest) {
        parameters = request.parameters
        units = Units(requestValue: request.parameters["units"])
        let lang = request.parameters["lang"]?.lowercased()
        isKorean = lang == "kr" || lang == "ko"
        now = Int64(request.now.timeIntervalSince1970.rounded(.down))
    }

    /// A parameter's value when it is present and not empty.
    func value(_ name: String) -> String? {
        guard let value = parameters[name]?.trimmingASCIIWhitespace(), !value.isEmpty else { return nil }
        return value
    }

    /// A parameter as whole Unix seconds (or any whole number), nil when absent or not one.
    func integer(_ name: String) -> Int64? {
        value(name).flatMap { Int64($0) }
    }

    /// The site current weather and the forecast name: `q`, else `id`, else `zip`, else `lat`+`lon`
    /// (the API takes one); nil when a name cannot be looked up without a gazetteer.
    func namedSite(in gazetteer: Gazetteer?) throws(SyntheticRefusal) -> SyntheticSite? {
        if let query = value("q") {
            guard let gazetteer else { return nil }
            guard let place = gazetteer.places(matching: query, limit: 1).first else { throw .cityNotFound }
            return SyntheticSite(place: place)
        }
        if let text = value("id") {
            guard let id = Int(text) else { throw .notACityID(text) }
            guard let gazetteer else { return nil }
            guard let place = gazetteer.place(id: id) else { throw .cityNotFound }
            return SyntheticSite(place: place)
        }
        if let zip = value("zip") {
            guard let gazetteer else { return nil }
            guard let place = Self.place(zip: zip, in: gazetteer) else { throw .cityNotFound }
            return SyntheticSite(place: place)
        }
        return try pointSite(in: gazetteer)
    }

    /// The site a coordinate-only family (One Call, air pollution, reverse geocoding) answers for.
    func pointSite(in gazetteer: Gazetteer?) throws(SyntheticRefusal) -> SyntheticSite {
        let point = try coordinates()
        return SyntheticSite(latitude: point.latitude, longitude: point.longitude, gazetteer: gazetteer)
    }

    /// `lat` and `lon` as numbers in range; half a coordinate or none is `Nothing to geocode`.
    func coordinates() throws(SyntheticRefusal) -> (latitude: Double, longitude: Double) {
        guard let latitudeText = value("lat"), let longitudeText = value("lon") else { throw .nothingToGeocode }
        guard let latitude = NumericText.value(of: latitudeText), CoordinateRange.latitude.contains(latitude)
        else { throw .wrongLatitude }
        guard let longitude = NumericText.value(of: longitudeText), CoordinateRange.longitude.contains(longitude)
        else { throw .wrongLongitude }
        return (latitude, longitude)
    }

    /// The place `zip=CODE[,COUNTRY]` names (the API's default country, US, left to the gazetteer).
    static func place(zip: String, in gazetteer: Gazetteer) -> GazetteerPlace? {
        let parts = zip.split(separator: ",", maxSplits: 1).map { String($0).trimmingASCIIWhitespace() }
        guard let code = parts.first, !code.isEmpty else { return nil }
        return gazetteer.place(postalCode: code, country: parts.count > 1 ? parts[1].uppercased() : nil)
    }
}
