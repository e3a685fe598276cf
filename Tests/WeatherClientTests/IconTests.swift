import Foundation
import Testing
import WeatherClient

/// Icons from the icon host.
@Suite struct IconTests {
    /// The start of a PNG file: the signature and an IHDR chunk stating `width`×`height`
    /// (8-bit RGBA); the CRC is not checked by the client, so zeros do.
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    private static func pngReply(width: UInt32, height: UInt32) -> InMemoryTransport.Reply {
        .response(
            TransportResponse(
                status: 200, headers: ["Content-Type": "image/png"], body: png(width: width, height: height)))
    }

    /// Each size is its own file name on the client's server, without key, units or language.
    @Test(arguments: [
        (IconSize.standard, "/img/wn/04d.png"), (.double, "/img/wn/04d@2x.png"), (.quadruple, "/img/wn/04d@4x.png"),
    ])
    func eachSizeIsItsOwnFileWithoutKeyUnitsOrLanguage(size: IconSize, path: String) async throws {
        let transport = InMemoryTransport(Self.pngReply(width: 100, height: 100))
        let client = OpenWeatherClient.testing(transport, units: .imperial, language: "kr")

        _ = try await client.icon("04d", size: size)

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080\(path)")
        #expect(request.headers["Accept"] == "image/png")
    }

    @Test func iconDecodesItsSizeFromThePNGHeaderAndKeepsTheBytes() async throws {
        let body = Self.png(width: 200, height: 200)
        let transport = InMemoryTransport(
            .response(TransportResponse(status: 200, headers: ["Content-Type": "image/png"], body: body)))

        let icon = try await OpenWeatherClient.testing(transport).icon("13n", size: .quadruple)

        #expect(icon.code == "13n")
        #expect(icon.size == .quadruple)
        #expect(icon.width == 200 && icon.height == 200)
        #expect(icon.png == body)
        #expect(icon.contentType == "image/png")
    }

    @Test func theRealAPIsClientFetchesIconsFromOpenweathermapOrgAndAMocksFromTheMock() {
        #expect(OpenWeatherClient(apiKey: "").iconBaseURL.absoluteString == "https://openweathermap.org")
        let mock = URL(string: "http://127.0.0.1:8080")!
        #expect(OpenWeatherClient(apiKey: "", baseURL: mock).iconBaseURL == mock)
        let cdn = URL(string: "https://icons.example")!
        #expect(OpenWeatherClient(apiKey: "", baseURL: mock, iconBaseURL: cdn).iconBaseURL == cdn)
    }

    @Test func iconsNeedNoKey() async throws {
        let transport = InMemoryTransport(Self.pngReply(width: 50, height: 50))
        let client = OpenWeatherClient(
            baseURL: URL(string: "http://127.0.0.1:8080")!, transport: transport, environment: [:])

        let icon = try await client.icon("01d", size: .standard)

        #expect(icon.width == 50)
        #expect(transport.requests.first?.queryValue("appid") == nil)
    }

    /// Malformed codes are rejected before any request.
    @Test(arguments: ["", "4d", "04x", "04dd", "../etc", "0 d"])
    func malformedCodesAreRejectedBeforeAnyRequest(code: String) async {
        let transport = InMemoryTransport(Self.pngReply(width: 50, height: 50))

        let error = await #expect(throws: WeatherError.self) {
            try await OpenWeatherClient.testing(transport).icon(code)
        }

        #expect(error == .invalidRequest(message: "icon code \"\(code)\" is not two digits then d or n (e.g. 04d)"))
        #expect(transport.requestCount == 0)
    }

    /// A 200 that is not a PNG is a decoding error saying what it is.
    @Test(arguments: [
        (#"{"cod":"404","message":"not found"}"#, "JSON, an object"),
        ("<html><head><title>Captive portal</title></head></html>", #"an HTML page titled "Captive portal""#),
        ("", "an empty body"),
        ("GIF89a....", "10 bytes without the PNG signature"),
    ])
    func nonPNGBodyIsADecodingError(body: String, found: String) async {
        let transport = InMemoryTransport(.text(body, status: 200))

        let error = await #expect(throws: WeatherError.self) {
            try await OpenWeatherClient.testing(transport).icon("04d")
        }

        #expect(error == .decoding(path: "(top level)", expected: "a PNG image", found: found))
    }

    @Test func aPNGCutBeforeItsHeaderIsADecodingError() async {
        let cut = Self.png(width: 100, height: 100).prefix(14)
        let transport = InMemoryTransport(.response(TransportResponse(status: 200, headers: [:], body: Data(cut))))

        let error = await #expect(throws: WeatherError.self) {
            try await OpenWeatherClient.testing(transport).icon("04d")
        }

        #expect(
            error
                == .decoding(
                    path: "(top level)", expected: "a PNG image",
                    found: "a PNG signature without its IHDR header (14 bytes)"
                ))
    }

    @Test func aMissingIconIsTheHostsErrorWithItsStatus() async {
        let page = "<html><head><title>404 Not Found</title></head><body>nginx</body></html>"
        let transport = InMemoryTransport(.text(page, status: 404))

        let error = await #expect(throws: WeatherError.self) {
            try await OpenWeatherClient.testing(transport).icon("99d")
        }

        #expect(error == .server(status: 404, message: "404 Not Found (HTML page)", retryAfter: nil))
    }
}
