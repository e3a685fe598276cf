internal import Foundation

/// The first chunk of a PNG file, read only to check that a body is one and how big it is.
struct PNGHeader: Sendable, Hashable {
    let width: Int
    let height: Int

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header of `data`, or a ``WeatherError/decoding(path:expected:found:)`` saying what the
    /// body is instead (empty, an HTML page, JSON, a PNG cut short).
    static func read(_ data: Data) throws(WeatherError) -> PNGHeader {
        let bytes = [UInt8](data.prefix(33))
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw Self.notPNG(data)
        }
        // Signature, then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), ...
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .decoding(
                path: DecodingDiagnostics.topLevel,
                expected: "a PNG image",
                found: "a PNG signature without its IHDR header (\(data.count) bytes)"
            )
        }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard width > 0, height > 0 else {
            throw .decoding(
                path: DecodingDiagnostics.topLevel, expected: "a PNG image",
                found: "a PNG header of \(width)×\(height) pixels")
        }
        return PNGHeader(width: width, height: height)
    }

    private static func notPNG(_ data: Data) -> WeatherError {
        let found: String
        if let json = JSONValue.parse(data) {
            found = "JSON, \(json.phrase)"
        } else if BodyText.isBlank(data) || BodyText.looksLikeHTML(data) {
            found = DecodingDiagnostics.describe(data)
        } else {
            found = "\(data.count) bytes without the PNG signature"
        }
        return .decoding(path: DecodingDiagnostics.topLevel, expected: "a PNG image", found: found)
    }
}
