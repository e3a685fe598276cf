import Basics
import MockEngine

/// How Kakao Local is recorded (docs/ARCHITECTURE.md#recording): the real key goes in the
/// `Authorization: KakaoAK …` header (never in a cassette: the header is a secret of the vocabulary,
/// and the key the API echoes in `wrong appKey(…) format` is scrubbed like any other), a request is
/// named and matched by what identifies it.
///
/// Significant parameters, per endpoint:
/// - `coord2address` and `coord2regioncode`: `x`+`y` as a `near` circle when the coordinates are
///   WGS84 (`input_coord` absent or `WGS84`), else `x`, `y` and `input_coord` pinned as sent;
///   `coord2regioncode`'s `output_coord` pinned (absent: WGS84);
/// - `search/address`: `query`, `analyze_type`, `page` and `size` pinned (absent: the API's defaults);
/// - any other path: every parameter.
struct KakaoLocalRecording: RecordingProfile {
    let upstream = "https://dapi.kakao.com"
    let keyVariable = "KAKAO_REST_API_KEY"
    let keyPlacement = KeyPlacement.header("Authorization", scheme: KakaoLocalRules.scheme)
    /// Addresses come with and without a road-name address, and a point at sea has no document.
    let varyingShapePaths = ["$.documents[].road_address", "$.documents[].address", "$.documents[]"]

    func cassetteName(for request: CapturedRequest) -> String {
        guard let endpoint = KakaoLocalEndpoint(path: request.path) else {
            var parts = [CassetteNaming.slug(request.path)]
            for parameter in request.parameters {
                parts.append("\(CassetteNaming.slug(parameter.name))-\(CassetteNaming.slug(parameter.value))")
            }
            return "other/" + CassetteNaming.limited(parts.joined(separator: "-"))
        }
        var parts: [String] = []
        switch endpoint {
        case .coordinateToAddress, .coordinateToRegionCode:
            if let coordinate = wgs84(request) {
                parts.append(CassetteNaming.coordinates(coordinate.latitude, coordinate.longitude))
            } else {
                for name in ["input_coord", "x", "y"] {
                    if let value = request.value(name) { parts.append("\(name)-\(CassetteNaming.slug(value))") }
                }
            }
            if let output = request.value("output_coord") { parts.append("output-\(CassetteNaming.slug(output))") }
        case .searchAddress:
            parts.append("address-" + CassetteNaming.slug(request.value("query") ?? "no-query"))
            for name in ["analyze_type", "page", "size"] {
                if let value = request.value(name) { parts.append("\(name)-\(CassetteNaming.slug(value))") }
            }
        }
        let method = request.method == "GET" ? "" : "\(CassetteNaming.slug(request.method))-"
        return "\(endpoint.folder)/\(method)\(CassetteNaming.limited(parts.joined(separator: "-")))"
    }

    func pattern(for request: CapturedRequest, storedAsJSON: Bool, ranged: Bool) -> JSONValue {
        var query: [(String, JSONValue)] = []
        var near: (latitude: Double, longitude: Double)?
        switch KakaoLocalEndpoint(path: request.path) {
        case .coordinateToAddress?, .coordinateToRegionCode?:
            if let coordinate = wgs84(request) {
                near = coordinate
                query.append(("input_coord", .null))
            } else {
                for name in ["x", "y", "input_coord"] { query.append((name, literal(request, name))) }
            }
            if KakaoLocalEndpoint(path: request.path) == .coordinateToRegionCode {
                query.append(("output_coord", literal(request, "output_coord")))
            }
        case .searchAddress?:
            for name in ["query", "analyze_type", "page", "size"] { query.append((name, literal(request, name))) }
        case nil:
            for parameter in request.parameters { query.append((parameter.name, .string(parameter.value))) }
        }
        var fields: [(String, JSONValue)] = [("method", .string(request.method)), ("path", .string(request.path))]
        if !query.isEmpty { fields.append(("query", .object(query))) }
        if let near {
            fields.append(
                (
                    "near",
                    .object([
                        ("lat", .number(near.latitude)), ("lon", .number(near.longitude)),
                        ("radiusKm", .number(CapturedRequest.nearRadiusKilometres)),
                    ])
                ))
        }
        return .object(fields)
    }

    func interaction(
        for request: CapturedRequest, answers: [CapturedAnswer], storedAsJSON: Bool, given: JSONValue?
    ) -> RecordedInteraction {
        let endpoint = KakaoLocalEndpoint(path: request.path)
        return RecordedInteraction(
            pattern: given ?? pattern(for: request, storedAsJSON: storedAsJSON, ranged: false),
            responseMembers: answers.map { _ in [] },
            expectations: answers.map { answer in
                KakaoLocalExpectDerivation.expectation(status: answer.status, body: answer.json, endpoint: endpoint)
            })
    }

    /// The coordinates when they are WGS84 (the only system `near` can compare).
    private func wgs84(_ request: CapturedRequest) -> (latitude: Double, longitude: Double)? {
        guard (request.value("input_coord") ?? "WGS84").uppercased() == "WGS84" else { return nil }
        return request.coordinate
    }

    /// The parameter as sent, or `null` (absent, or the API's default).
    private func literal(_ request: CapturedRequest, _ name: String) -> JSONValue {
        request.value(name).map { .string($0) } ?? .null
    }
}
