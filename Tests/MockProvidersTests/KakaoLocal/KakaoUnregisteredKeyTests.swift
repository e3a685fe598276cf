import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// The magic key for a well-formed key Kakao has not issued (kakao-local.md §5.2): a REST key's form,
/// answered 401 `cannot find appkey` on every path, before the parameters, the key in nothing the mock
/// shows; a key of the same form but one digit is still accepted.
@Suite struct KakaoUnregisteredKeyTests {
    private static let key = KakaoLocalRules.MagicKey.unregistered
    private static let cityHall = "x=126.9779451&y=37.5663174"
    private static let paths = [
        "/v2/local/geo/coord2address.json?\(cityHall)", "/v2/local/geo/coord2regioncode.json?\(cityHall)",
        "/v2/local/search/address.json?query=%EC%84%9C%EC%9A%B8",
        // Before the parameters, as every key state: these would be 400 with an accepted key.
        "/v2/local/geo/coord2address.json", "/v2/local/search/address.json?query=x&page=46",
    ]
    private static let body = #"{"errorType":"AccessDeniedError","message":"cannot find appkey"}"#

    private static func headers(_ key: String) -> HTTPHeaders {
        ["Host": "127.0.0.1", "Authorization": "KakaoAK \(key)"]
    }

    @Test func theMagicKeyHasARESTKeysForm() {
        #expect(KakaoLocalRules.isRESTKeyForm(Self.key))
    }

    @Test(arguments: paths)
    func theUnregisteredKeyGets401CannotFindAppkeyOnEveryPath(target: String) async throws {
        try await withMock(.cassettes(try bundledFiles()), mode: .router) { harness in
            let response = try await harness.respond(target, headers: Self.headers(Self.key))
            #expect(response.status == 401)
            #expect(response.headers["Content-Type"] == "application/json;charset=UTF-8")
            #expect(response.text == Self.body)
            #expect(try harness.journal.entries().last?.matched == "(kakao-local: key not registered)")
        }
    }

    @Test func aKeyOfTheSameFormDifferingInOneDigitIsAccepted() async throws {
        try await withMock(.cassettes(try bundledFiles()), mode: .router) { harness in
            let neighbour = String(Self.key.dropLast()) + "2"
            #expect(neighbour != Self.key)
            let response = try await harness.respond(
                "/v2/local/geo/coord2address.json?\(Self.cityHall)", headers: Self.headers(neighbour))
            #expect(response.status == 200)
        }
    }

    /// The answer does not echo the key, and the header is a secret: no journal, log or HAR shows it.
    @Test func theKeyIsInNothingTheMockShows() async throws {
        try await withMock(.cassettes(try bundledFiles()), mode: .router) { harness in
            let response = try await harness.respond(
                "/v2/local/geo/coord2regioncode.json?\(Self.cityHall)", headers: Self.headers(Self.key))
            #expect(response.status == 401)
            #expect(!response.text.contains(Self.key))
            let har = try await harness.respond("/__admin/requests.har")
            let requests = try await harness.respond("/__admin/requests")
            #expect(har.text.contains("cannot find appkey"))
            for shown in [har.text, requests.text, try harness.log.lines.joined(separator: "\n")] {
                #expect(!shown.contains(Self.key))
            }
        }
    }
}
