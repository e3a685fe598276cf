import Foundation
import LocationPlayback
import LocationSimulator
import Locking
import Testing
import WeatherClient

/// An in-memory KMA village forecast: one hour per cell, the temperature `nx / 10` so each cell's answer
/// is told apart; `refused` cells get the gateway's XML refusal (HTTP 200, as the portal sends it).
final class GridForecastTransport: HTTPTransport {
    private let state = Locked<(requests: [TransportRequest], refused: Set<String>)>(([], []))

    var requests: [TransportRequest] { state.withLock { $0.requests } }

    /// The cells asked for, `nx/ny`, in order.
    var cells: [String] {
        requests.map { "\($0.queryValue("nx") ?? "?")/\($0.queryValue("ny") ?? "?")" }
    }

    func refuse(_ cell: String) {
        state.withLock { _ = $0.refused.insert(cell) }
    }

    func allow(_ cell: String) {
        state.withLock { _ = $0.refused.remove(cell) }
    }

    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        let nx = request.queryValue("nx") ?? ""
        let ny = request.queryValue("ny") ?? ""
        let refused = state.withLock { state in
            state.requests.append(request)
            return state.refused.contains("\(nx)/\(ny)")
        }
        if refused {
            let body =
                "<OpenAPI_ServiceResponse>\n\t<cmmMsgHeader>\n\t\t<errMsg>SERVICE ERROR</errMsg>\n\t\t<returnAuthMsg>"
                + "SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg>\n\t\t<returnReasonCode>30</returnReasonCode>\n"
                + "\t</cmmMsgHeader>\n</OpenAPI_ServiceResponse>"
            return TransportResponse(
                status: 200, headers: ["Content-Type": "text/xml;charset=UTF-8"], body: Data(body.utf8))
        }
        let baseDate = request.queryValue("base_date") ?? ""
        let baseTime = request.queryValue("base_time") ?? ""
        let celsius = (Int(nx) ?? 0) / 10
        func row(_ category: String, _ value: String) -> String {
            #"{"baseDate":"\#(baseDate)","baseTime":"\#(baseTime)","category":"\#(category)","fcstDate":"\#(baseDate)","#
                + #""fcstTime":"2300","fcstValue":"\#(value)","nx":\#(nx),"ny":\#(ny)}"#
        }
        let rows = [row("TMP", "\(celsius)"), row("SKY", "1"), row("PTY", "0"), row("POP", "0")]
        let body =
            #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","#
            + #""items":{"item":[\#(rows.joined(separator: ","))]},"pageNo":1,"numOfRows":1000,"totalCount":4}}}"#
        return TransportResponse(
            status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"], body: Data(body.utf8))
    }
}

@Suite struct KMAWeatherDriverTests {
    let transport = GridForecastTransport()
    let start = Date(timeIntervalSince1970: 1_795_910_400)

    func driver() -> KMAWeatherDriver {
        KMAWeatherDriver(
            client: KMAForecastClient(
                serviceKey: KMAWeatherDriver.mockServiceKey, baseURL: URL(string: "http://127.0.0.1:9")!,
                transport: transport, environment: [:], now: { Date(timeIntervalSince1970: 1_795_910_400) }))
    }

    func fix(
        at point: GeoPoint, time: Double = 0,
        authorization: LocationSimulator.LocationAuthorization = .authorizedWhenInUse
    ) -> LocationSimulator.LocationFix {
        LocationSimulator.LocationFix(
            time: time, coordinate: point, horizontalAccuracy: 8, speed: 27.8, course: 170, authorization: authorization
        )
    }

    @Test func eachCellEnteredIsAskedOnceAndFixesWithinItAskNothing() async throws {
        let driver = driver()
        let nearCityHall = GeoPoint(latitude: 37.5665, longitude: 126.9782)
        let first = try await driver.report(for: fix(at: TestTraces.seoulCityHall), at: start)
        let same = try await driver.report(for: fix(at: nearCityHall, time: 10), at: start.addingTimeInterval(10))
        let suwon = try await driver.report(for: fix(at: TestTraces.suwon, time: 60), at: start.addingTimeInterval(60))
        #expect(first?.cell?.description == "60/127")
        #expect(same == nil)
        #expect(suwon?.cell?.description == "61/121")
        #expect(transport.cells == ["60/127", "61/121"])
        #expect(first?.summary == "맑음 6°C, 강수확률 0%")
        #expect(first?.originText.hasPrefix("live, issuance ") == true)
    }

    @Test func aDeniedFixAsksForTheDefaultLocationsCellOnce() async throws {
        let driver = driver()
        let denied = try await driver.report(for: fix(at: TestTraces.daeguCityHall, authorization: .denied), at: start)
        let stillDenied = try await driver.report(
            for: fix(at: TestTraces.cheonan, time: 5, authorization: .denied), at: start)
        #expect(denied?.cell?.description == "58/126")
        #expect(denied?.isDefaultLocation == true)
        #expect(denied?.originText.hasPrefix("default location (denied), issuance") == true)
        #expect(stillDenied == nil)
        #expect(transport.cells == ["58/126"])
    }

    @Test func aRefusedCellIsReportedWithTheGatewaysWordsAndAskedAgainAtItsNextFix() async throws {
        let driver = driver()
        transport.refuse("60/127")
        let refused = try await driver.report(for: fix(at: TestTraces.seoulCityHall), at: start)
        transport.allow("60/127")
        let retried = try await driver.report(for: fix(at: TestTraces.seoulCityHall, time: 1), at: start)
        #expect(refused?.summary == nil)
        #expect(refused?.originText.contains("SERVICE_KEY_IS_NOT_REGISTERED_ERROR") == true)
        #expect(refused?.line.contains("60/127") == true)
        #expect(retried?.summary == "맑음 6°C, 강수확률 0%")
        #expect(transport.cells == ["60/127", "60/127"])
    }

    @Test func aFixOutsideTheGridIsReportedOnceAndNothingIsAsked() async throws {
        let driver = driver()
        let tokyo = GeoPoint(latitude: 35.68, longitude: 139.77)
        let outside = try await driver.report(for: fix(at: tokyo), at: start)
        let again = try await driver.report(for: fix(at: tokyo, time: 1), at: start)
        #expect(outside?.cell == nil)
        #expect(outside?.originText == "outside the KMA grid: nothing asked")
        #expect(again == nil)
        #expect(transport.requests.isEmpty)
    }

    @Test func theMockKeyIsSentEncodedExactlyOnce() async throws {
        _ = try await driver().report(for: fix(at: TestTraces.seoulCityHall), at: start)
        let query = try #require(transport.requests.first?.url.query)
        #expect(query.contains("serviceKey=mock%2BService%2FKey%3D%3D"))
        #expect(query.contains("dataType=JSON"))
    }
}
