import Foundation
import Testing
import WeatherClient

/// What KakaoLocalClient sends.
@Suite struct KakaoLocalRequestTests {
    private static let cityHall = Coordinate(latitude: 37.5663174209601, longitude: 126.977829174031)

    private func sent(
        apiKey: String? = KakaoFixtures.apiKey,
        baseURL: URL = URL(string: "http://127.0.0.1:8080")!,
        environment: [String: String] = [:],
        reply: InMemoryTransport.Reply = .json(KakaoFixtures.cityHall),
        _ call: (KakaoLocalClient) async throws(KakaoLocalError) -> Void
    ) async throws -> TransportRequest {
        let transport = InMemoryTransport(reply)
        let client = KakaoLocalClient.testing(transport, apiKey: apiKey, baseURL: baseURL, environment: environment)
        try await call(client)
        return try #require(transport.requests.last)
    }

    /// coord2address sends x = longitude, y = latitude, then input_coord=WGS84.
    @Test func addressSendsLongitudeAsXAndLatitudeAsY() async throws {
        let request = try await sent { client throws(KakaoLocalError) in _ = try await client.address(at: Self.cityHall)
        }

        #expect(
            request.url.absoluteString
                == "http://127.0.0.1:8080/v2/local/geo/coord2address.json"
                + "?x=126.977829174031&y=37.5663174209601&input_coord=WGS84")
        #expect(request.queryValue("x") == "126.977829174031")
        #expect(request.queryValue("y") == "37.5663174209601")
    }

    /// coord2regioncode takes the same coordinate parameters in the same order.
    @Test func regionCodesSendLongitudeAsXAndLatitudeAsY() async throws {
        let campus = Coordinate(latitude: 37.517829, longitude: 126.88627)
        let request = try await sent(reply: .json(KakaoFixtures.regionCodes)) { client throws(KakaoLocalError) in
            _ = try await client.regionCodes(at: campus)
        }

        #expect(
            request.url.absoluteString
                == "http://127.0.0.1:8080/v2/local/geo/coord2regioncode.json?x=126.88627&y=37.517829&input_coord=WGS84")
    }

    /// Every request carries Authorization: KakaoAK <key> and asks for JSON.
    @Test func requestsCarryTheKakaoAKAuthorizationHeader() async throws {
        let request = try await sent { client throws(KakaoLocalError) in _ = try await client.address(at: Self.cityHall)
        }

        #expect(request.headers == ["Authorization": "KakaoAK \(KakaoFixtures.apiKey)", "Accept": "application/json"])
        #expect(request.url.query?.contains(KakaoFixtures.apiKey) == false)
    }

    /// Search percent-encodes the Korean query and its spaces, then sends page and size.
    @Test func searchAddressPercentEncodesTheQueryThenSendsPageAndSize() async throws {
        let request = try await sent(reply: .json(KakaoFixtures.searchCityHall)) { client throws(KakaoLocalError) in
            _ = try await client.searchAddress(" 서울 중구 세종대로 110 ", page: 2, size: 30)
        }

        #expect(
            request.url.absoluteString
                == "http://127.0.0.1:8080/v2/local/search/address.json"
                + "?query=%EC%84%9C%EC%9A%B8%20%EC%A4%91%EA%B5%AC%20%EC%84%B8%EC%A2%85%EB%8C%80%EB%A1%9C%20110"
                + "&page=2&size=30")
        #expect(request.queryValue("query") == "서울 중구 세종대로 110")
    }

    /// & = + # in a query are encoded and cannot add parameters.
    @Test func searchQueryCannotBreakTheQueryString() async throws {
        let request = try await sent(reply: .json(KakaoFixtures.searchNothing)) { client throws(KakaoLocalError) in
            _ = try await client.searchAddress("a&page=9#b+c=d")
        }

        #expect(request.url.query == "query=a%26page%3D9%23b%2Bc%3Dd&page=1&size=10")
    }

    /// The default base URL is dapi.kakao.com; a mock's base URL with a trailing slash works too.
    @Test func baseURLDefaultsToDapiAndCanBeAMock() async throws {
        #expect(KakaoLocalClient(apiKey: "k", environment: [:]).baseURL.absoluteString == "https://dapi.kakao.com")
        let mock = try await sent(baseURL: URL(string: "http://127.0.0.1:9090/")!) { client throws(KakaoLocalError) in
            _ = try await client.address(at: Self.cityHall)
        }
        #expect(mock.url.absoluteString.hasPrefix("http://127.0.0.1:9090/v2/local/geo/coord2address.json?x="))
    }

    /// Tiny coordinates are written as plain decimals, never with an exponent.
    @Test func coordinatesNeverUseExponents() async throws {
        let request = try await sent(reply: .json(KakaoFixtures.sea)) { client throws(KakaoLocalError) in
            _ = try await client.address(at: Coordinate(latitude: 0.00001, longitude: -0.0000005))
        }
        #expect(request.url.query == "x=-0.0000005&y=0.00001&input_coord=WGS84")
    }

    /// Without apiKey:, the key comes from KAKAO_REST_API_KEY, trimmed; an argument wins over it.
    @Test func keyComesFromTheArgumentOrKakaoRestAPIKey() async throws {
        let fromEnvironment = try await sent(apiKey: nil, environment: ["KAKAO_REST_API_KEY": " env-key \n"]) {
            client throws(KakaoLocalError) in _ = try await client.address(at: Self.cityHall)
        }
        #expect(fromEnvironment.headers["Authorization"] == "KakaoAK env-key")

        let fromArgument = try await sent(apiKey: "argument-key", environment: ["KAKAO_REST_API_KEY": "env-key"]) {
            client throws(KakaoLocalError) in _ = try await client.address(at: Self.cityHall)
        }
        #expect(fromArgument.headers["Authorization"] == "KakaoAK argument-key")

        let openWeatherKeyOnly = KakaoLocalClient(apiKey: nil, environment: ["OPENWEATHERMAP_API_KEY": "owm"])
        #expect(!openWeatherKeyOnly.hasAPIKey)
    }

    /// apiKey: "" sends no Authorization header at all.
    @Test func emptyKeySendsNoAuthorizationHeader() async throws {
        let request = try await sent(apiKey: "", reply: .json(KakaoFixtures.missingHeaderBody, status: 401)) {
            client throws(KakaoLocalError) in _ = try? await client.address(at: Self.cityHall)
        }
        #expect(request.headers["Authorization"] == nil)
    }

    /// Bad input is rejected before any request, each with a message naming what was wrong.
    @Test(arguments: [
        ("no key", "no REST API key: pass apiKey: to KakaoLocalClient or set KAKAO_REST_API_KEY"),
        ("latitude", "latitude 91.0 is outside -90...90"),
        ("longitude", "longitude nan is outside -180...180"),
        ("blank query", "the address query is empty"),
        ("page 0", "search page 0 is outside 1...45"),
        ("page 46", "search page 46 is outside 1...45"),
        ("size 0", "search size 0 is outside 1...30"),
        ("size 31", "search size 31 is outside 1...30"),
        ("line break in key", "the REST API key contains a line break or another control character"),
        ("base URL", "base URL file:///tmp is not an http or https URL with a host"),
    ])
    func badInputIsRejectedBeforeAnyRequest(caseName: String, messageStart: String) async {
        let transport = InMemoryTransport(.json(KakaoFixtures.cityHall))
        let client: KakaoLocalClient
        switch caseName {
        case "no key": client = .testing(transport, apiKey: nil)
        case "line break in key": client = .testing(transport, apiKey: "abc\r\nX-Injected: 1")
        case "base URL": client = .testing(transport, baseURL: URL(string: "file:///tmp")!)
        default: client = .testing(transport)
        }

        let error = await #expect(throws: KakaoLocalError.self) {
            switch caseName {
            case "latitude": _ = try await client.address(at: Coordinate(latitude: 91, longitude: 127))
            case "longitude": _ = try await client.regionCodes(at: Coordinate(latitude: 37, longitude: .nan))
            case "blank query": _ = try await client.searchAddress(" \t ")
            case "page 0": _ = try await client.searchAddress("서울", page: 0)
            case "page 46": _ = try await client.searchAddress("서울", page: 46)
            case "size 0": _ = try await client.searchAddress("서울", size: 0)
            case "size 31": _ = try await client.searchAddress("서울", size: 31)
            default: _ = try await client.address(at: Self.cityHall)
            }
        }

        guard case .invalidRequest(let message) = error else {
            Issue.record("\(caseName): expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix(messageStart), "\(caseName): \(message)")
        #expect(transport.requestCount == 0)
    }
}
