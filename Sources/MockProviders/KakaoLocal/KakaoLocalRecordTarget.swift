package import MockEngine

/// One thing `mockweather record --api kakao-local` captures: an endpoint for a coordinate or an
/// address query, sent as the API takes it (the key goes in `Authorization: KakaoAK …`, added by
/// record mode from ``KakaoLocalRecording``).
package struct KakaoLocalRecordTarget: Sendable, Equatable {
    /// What the request is about.
    package enum Place: Sendable, Equatable {
        /// `--at LAT,LON`: `x=LON&y=LAT` (Kakao's axes: `x` is the longitude).
        case coordinate(latitude: Double, longitude: Double)
        /// `--query TEXT`: `query=TEXT`.
        case query(String)

        /// How the report names it: `37.5663,126.9779`, `'서울 중구 세종대로 110'`.
        var label: String {
            switch self {
            case .coordinate(let latitude, let longitude):
                "\(NumberText.shortest(latitude)),\(NumberText.shortest(longitude))"
            case .query(let text): "'\(text)'"
            }
        }
    }

    /// Which API call, named as `--endpoint` takes it.
    package enum Endpoint: String, Sendable, CaseIterable {
        /// `/v2/local/geo/coord2address.json` (coordinates).
        case coordinateToAddress = "coord2address"
        /// `/v2/local/geo/coord2regioncode.json` (coordinates).
        case coordinateToRegionCode = "coord2regioncode"
        /// `/v2/local/search/address.json` (a query).
        case searchAddress = "search-address"

        /// The request path.
        var path: String {
            switch self {
            case .coordinateToAddress: "/v2/local/geo/coord2address.json"
            case .coordinateToRegionCode: "/v2/local/geo/coord2regioncode.json"
            case .searchAddress: "/v2/local/search/address.json"
            }
        }

        /// Whether the endpoint takes coordinates (else a query).
        package var takesCoordinates: Bool { self != .searchAddress }
    }

    /// What.
    package var place: Place
    /// Which call.
    package var endpoint: Endpoint

    /// A target; nothing is checked until it is turned into a request.
    package init(place: Place, endpoint: Endpoint) {
        self.place = place
        self.endpoint = endpoint
    }

    /// Every endpoint that takes `place`, in `Endpoint` order: what a batch records when no
    /// `--endpoint` is given.
    package static func endpoints(taking place: Place) -> [Endpoint] {
        Endpoint.allCases.filter { endpoint in
            if case .coordinate = place { return endpoint.takesCoordinates }
            return !endpoint.takesCoordinates
        }
    }

    /// Why this target has no request (an address search for coordinates, say), or nil.
    package var skipReason: String? {
        switch (endpoint.takesCoordinates, place) {
        case (true, .query): "\(endpoint.rawValue) needs coordinates (--at)"
        case (false, .coordinate): "\(endpoint.rawValue) needs an address (--query)"
        default: nil
        }
    }

    /// The batch item for this target: its request, or why it has none (see ``skipReason``).
    package func item(providers: ProviderSet) -> BatchItem {
        let label = "\(endpoint.rawValue) for \(place.label)"
        if let skipReason { return BatchItem(label: label, request: nil, skipReason: skipReason) }
        let parameters: [(String, String)]
        switch place {
        case .coordinate(let latitude, let longitude):
            // WGS84 is the API's default, so `input_coord` is not sent; the cassette answers within
            // a `near` circle whether a client sends it or not.
            parameters = [("x", NumberText.shortest(longitude)), ("y", NumberText.shortest(latitude))]
        case .query(let text):
            parameters = [("query", text)]
        }
        return BatchItem(
            label: label, request: CapturedRequest(path: endpoint.path, parameters: parameters, providers: providers),
            skipReason: nil)
    }
}
