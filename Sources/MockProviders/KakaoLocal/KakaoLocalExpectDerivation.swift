import Basics
import MockEngine

/// What a correct client makes of a recorded Kakao Local answer, as the `expect` block record mode
/// writes: for an address its place name, region names, road address and document count; for a
/// region lookup the two codes; for a search the count and the first address; for an error its kind
/// and the server's message. Nil when the answer is not one the API documents (the contract suite
/// then asks for a hand-written block).
enum KakaoLocalExpectDerivation {
    static func expectation(status: Int, body: JSONValue?, endpoint: KakaoLocalEndpoint?) -> JSONValue? {
        guard (200..<300).contains(status) else { return error(status: status, body: body) }
        guard let body, let documents = body["documents"]?.elements, let endpoint else { return nil }
        var fields: [(String, JSONValue)] = [("count", .number(documents.count))]
        let first = documents.first
        switch endpoint {
        case .coordinateToAddress:
            guard let first else { break }
            if let name = KakaoLocalAnswers.placeName(of: first) { fields.append(("name", .string(name))) }
            let address = first["address"]
            for (key, member) in [
                ("region1", "region_1depth_name"), ("region2", "region_2depth_name"), ("region3", "region_3depth_name"),
            ] {
                if let value = address?[member]?.stringValue { fields.append((key, .string(value))) }
            }
            let road = first["road_address"]?.members != nil ? first["road_address"]?["address_name"]?.stringValue : nil
            fields.append(("roadAddress", .string(road ?? KakaoLocalExpectations.noRoadAddress)))
        case .coordinateToRegionCode:
            for (key, type) in [("legalCode", "B"), ("administrativeCode", "H")] {
                let region = documents.first { $0["region_type"]?.stringValue == type }
                if let code = region?["code"]?.stringValue { fields.append((key, .string(code))) }
            }
        case .searchAddress:
            if let name = first?["address_name"]?.stringValue { fields.append(("name", .string(name))) }
            if let zone = first?["road_address"]?["zone_no"]?.stringValue { fields.append(("zoneNo", .string(zone))) }
        }
        return .object(fields)
    }

    private static func error(status: Int, body: JSONValue?) -> JSONValue? {
        let kind: KakaoLocalErrorKind =
            switch status {
            case 400: .invalidRequest
            case 401: .unauthorized
            case 403: .forbidden
            case 429: .rateLimited
            case 500...: .server
            default: body?["errorType"]?.stringValue == "RequestThrottled" ? .rateLimited : .server
            }
        var fields: [(String, JSONValue)] = [("error", .string(kind.rawValue))]
        if let message = body?["message"]?.stringValue ?? body?["msg"]?.stringValue {
            fields.append(("message", .string(message)))
        }
        return .object(fields)
    }
}
