import Basics
import HTTPServer
import KoreaRegions
import MockEngine

/// Kakao Local answered from Korea's legal divisions for a request no cassette matched, when the world
/// is on (docs/ARCHITECTURE.md#the-world): `coord2regioncode` (``KakaoRegionDocuments``),
/// `coord2address` (``KakaoAddressDocument``) and `search/address` for region names
/// (``KakaoAddressSearch``), for every point of the country. A point at sea or outside South Korea
/// gets the API's empty answer.
///
/// Without a world the provider stays fail-closed, as OpenWeatherMap and KMA do: a point nobody
/// recorded is the engine's 501, and the boundaries are never read. The answers are marked synthetic
/// because their lot numbers and the H document stand in for data the boundaries do not hold
/// (``KakaoRegionDocuments``, ``KakaoAddressDocument``); the names and legal codes are the NGII's.
/// Only WGS84 coordinates are read: a request in another `input_coord` or `output_coord` stays
/// unmatched.
extension KakaoLocal {
    func synthesize(_ request: ReplayRequest, context: SynthesisContext) -> SynthesizedAnswer? {
        guard context.world != nil, let regions = context.korea, let endpoint = KakaoLocalEndpoint(path: request.path)
        else { return nil }
        switch endpoint {
        case .coordinateToAddress, .coordinateToRegionCode:
            guard Self.readsWGS84(request.parameters), let point = Self.point(of: request.parameters) else {
                return nil
            }
            let division = regions.division(latitude: point.latitude, longitude: point.longitude)
            if endpoint == .coordinateToAddress {
                let document = division.map {
                    KakaoAddressDocument(division: $0, latitude: point.latitude, longitude: point.longitude)
                }
                return .kakao(KakaoAddressDocument.body(document), rule: "coord2address")
            }
            return .kakao(KakaoRegionDocuments.body(division), rule: "coord2regioncode")
        case .searchAddress:
            guard let query = request.parameters["query"] else { return nil }
            let search = KakaoAddressSearch(
                query: query, page: request.parameters["page"], size: request.parameters["size"])
            return .kakao(search.body(in: regions), rule: "search/address")
        }
    }

    /// Whether the request's coordinates are WGS84 in and out (the default), the only system read.
    static func readsWGS84(_ parameters: QueryParameters) -> Bool {
        ["input_coord", "output_coord"].allSatisfy { name in
            guard let value = parameters[name]?.trimmingASCIIWhitespace(), !value.isEmpty else { return true }
            return value.uppercased() == "WGS84"
        }
    }

    /// `y` and `x` as a latitude and a longitude in range, nil otherwise (the rules answered a missing
    /// one; the engine's range check one out of range).
    static func point(of parameters: QueryParameters) -> (latitude: Double, longitude: Double)? {
        guard let latitude = parameters["y"].flatMap(NumericText.value(of:)),
            let longitude = parameters["x"].flatMap(NumericText.value(of:)),
            CoordinateRange.latitude.contains(latitude), CoordinateRange.longitude.contains(longitude)
        else { return nil }
        return (latitude, longitude)
    }
}

extension SynthesizedAnswer {
    /// A 200 of Kakao Local's making from the boundaries: `body` as the `dapi` host sends JSON.
    static func kakao(_ body: JSONValue, rule: String) -> SynthesizedAnswer {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json;charset=UTF-8")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(768)
        body.write(into: &bytes)
        return SynthesizedAnswer(
            response: HTTPResponse(status: 200, headers: headers, body: bytes), isSynthetic: true, rule: rule)
    }
}
