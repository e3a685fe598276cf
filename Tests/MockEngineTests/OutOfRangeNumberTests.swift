import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// Numbers from a request are range-checked before they become an integer, a grid cell or a
/// journal position (issue 40, findings 1 and 2): each of these requests once ended the server.
@Suite struct OutOfRangeNumberTests {
    static let files = [
        ("near/seoul.json", cassetteJSON(interaction(near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#))),
        (
            "kakao/seoul.json",
            cassetteJSON(
                interaction(path: "/v2/local/geo/coord2regioncode.json", query: #"{"x": "126.9778", "y": "37.5683"}"#))
        ),
        (
            "staged/wrong-latitude.json",
            cassetteJSON(interaction(query: #"{"lat": "95", "lon": "0"}"#, body: #"{"cod":"400","message":"staged"}"#))
        ),
    ]

    /// The extremes a probe sent to every coordinate parameter: 1e19 and beyond trapped converting a
    /// Double to Int in the match index.
    static let extremes = [
        "1e19", "-1e19", "9.2e18", "9223372036854775807", "1e308", "-1e308", "1.7976931348623157e308", "1e999",
        "-1e999", "90.0000001", "-180.5", "181",
    ]

    @Test(arguments: extremes)
    func anOpenWeatherMapCoordinateOutOfRangeIsTheAPIs400NamingIt(value: String) async throws {
        try await withMock(.cassettes(Self.files), mode: .router) { harness in
            let latitude = try await harness.respond("/data/2.5/weather?lat=\(value)&lon=126.9&appid=k")
            let longitude = try await harness.respond("/data/2.5/weather?lat=37.5&lon=\(value)&appid=k")
            // 90.0000001 is out of range for a latitude only; -180.5 and 181 for both.
            if CoordinateRange.latitude.contains(Double(value)!) {
                #expect(latitude.status == 501)
            } else {
                #expect(latitude.status == 400)
                #expect(latitude.text == #"{"cod":"400","message":"wrong latitude"}"#)
            }
            if CoordinateRange.longitude.contains(Double(value)!) {
                #expect(longitude.status == 501)
            } else {
                #expect(longitude.status == 400)
                #expect(longitude.text == #"{"cod":"400","message":"wrong longitude"}"#)
            }
            #expect(try await harness.respond("/data/2.5/weather?lat=37.57&lon=126.98&appid=k").status == 200)
        }
    }

    @Test(arguments: extremes)
    func aKakaoCoordinateOutOfRangeIsItsInvalidArgument(value: String) async throws {
        try await withMock(.cassettes(Self.files), mode: .router) { harness in
            let headers: HTTPHeaders = [
                "Host": "127.0.0.1", "Authorization": "KakaoAK 0123456789abcdef0123456789abcdef",
            ]
            let answer = try await harness.respond(
                "/v2/local/geo/coord2regioncode.json?x=\(value)&y=37.5", headers: headers)
            if CoordinateRange.longitude.contains(Double(value)!) {
                #expect(answer.status == 501)
            } else {
                #expect(answer.status == 400)
                #expect(answer.text == #"{"errorType":"InvalidArgument","message":"x is out of range"}"#)
            }
        }
    }

    @Test func theJournalSaysWhichParameterWasOutOfRange() async throws {
        try await withMock(.cassettes(Self.files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?lat=1e19&lon=0")
            let entry = try #require(try harness.journal.entries().last)
            #expect(entry.matched == "(latitude out of range: lat=1e19 is outside -90...90)")
            #expect(!entry.isUnmatched)
        }
    }

    @Test func aCassetteThatNamesTheOutOfRangeValueStillAnswersIt() async throws {
        try await withMock(.cassettes(Self.files), mode: .router) { harness in
            let staged = try await harness.respond("/data/2.5/weather?lat=95&lon=0")
            #expect(staged.text == #"{"cod":"400","message":"staged"}"#)
        }
    }

    @Test func theKeyIsCheckedBeforeTheCoordinates() async throws {
        try await withMock(.cassettes(Self.files), mode: .router) { harness throws in
            #expect(try await harness.respond("/data/2.5/weather?lat=1e19&lon=0&appid=invalid").status == 401)
        }
    }

    @Test func aNumberTooLargeForADoubleIsOutOfRangeAndNoNumberIsNot() {
        #expect(NumericText.decimal(of: "1e999") == .infinity)
        #expect(NumericText.value(of: "1e999") == nil)
        #expect(NumericText.decimal(of: "inf") == nil)
        #expect(NumericText.decimal(of: "0x1p2000") == nil)
        let names = RequestVocabulary.Coordinates(latitude: "lat", longitude: "lon")
        #expect(CoordinateRange.outOfRange(names, in: QueryParameters("lat=1e999&lon=0"))?.parameter == "lat")
        #expect(CoordinateRange.outOfRange(names, in: QueryParameters("lat=north&lon=0")) == nil)
        #expect(CoordinateRange.outOfRange(names, in: QueryParameters("lat=90&lon=-180")) == nil)
    }

    @Test(arguments: ["9223372036854775807", "9223372036854775806", "1000000"])
    func requestsSinceAnyWholeNumberAnswersAfterRequestsWereMade(since: String) async throws {
        try await withMock(.cassettes(Self.files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?lat=37.57&lon=126.98")
            let answer = try await harness.respond("/__admin/requests?since=\(since)")
            #expect(answer.status == 200)
            #expect((answer.jsonObject?["requests"] as? [Any])?.isEmpty == true)
            #expect(try await harness.respond("/__admin/requests?since=0").jsonObject?["total"] as? Int == 1)
        }
    }

    @Test(arguments: [
        ("since", "9223372036854775808"), ("since", "-1"), ("since", "1e3"), ("limit", "%2B5"), ("limit", "%205"),
        ("limit", ""), ("since", "99999999999999999999999999"),
    ])
    func anAdminNumberThatIsNoWholeNumberInRangeIs400NamingIt(parameter: String, value: String) async throws {
        try await withMock(.cassettes(Self.files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?lat=37.57&lon=126.98")
            for endpoint in ["/__admin/requests", "/__admin/requests.har"]
            where parameter == "limit" || endpoint.hasSuffix("requests") {
                let answer = try await harness.respond("\(endpoint)?\(parameter)=\(value)")
                #expect(answer.status == 400)
                let error = answer.jsonObject?["error"] as? String
                #expect(
                    error?.hasPrefix(
                        "GET \(endpoint): \(parameter) must be a whole number from 0 to 9223372036854775807")
                        == true)
            }
        }
    }

    /// The event stream's `since` is read as every admin number is, and an endpoint refuses a
    /// parameter it does not take.
    @Test(arguments: [
        (
            "/__admin/events?since=-1",
            "GET /__admin/events: since must be a whole number from 0 to 9223372036854775807, not '-1'"
        ),
        ("/__admin/events?from=1", "GET /__admin/events: unknown parameter 'from' (it takes since)"),
        ("/__admin/requests?sinse=3", "GET /__admin/requests: unknown parameter 'sinse' (it takes limit and since)"),
        ("/__admin/requests/unmatched?x=1", "GET /__admin/requests/unmatched: unknown parameter 'x' (it takes none)"),
    ])
    func anAdminQueryItCannotReadIs400NamingWhat(target: String, error: String) async throws {
        let answer = try await withMock(.cassettes(Self.files), mode: .router) { try await $0.respond(target) }
        #expect(answer.status == 400)
        #expect(answer.jsonObject?["error"] as? String == error)
    }
}
