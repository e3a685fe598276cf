import Basics
import HTTPServer

/// A request as record mode and HAR import capture it (docs/ARCHITECTURE.md#recording): its method,
/// raw path (for forwarding) and normalised path (for the cassette), its parameters without the
/// secrets, the secrets it carried (to be scrubbed, never forwarded or written) and its body. A
/// provider's ``RecordingProfile`` names it and turns it into a request pattern.
package struct CapturedRequest: Sendable {
    /// One query parameter as sent: its raw text (for forwarding) and decoded name and value.
    package struct Parameter: Sendable {
        package var raw: Substring
        /// Lower-case.
        package var name: String
        package var value: String
    }

    /// `near` radius for coordinate recordings: requests within this distance of the recorded point
    /// are answered by it (nearer recordings win), so a trace with GPS noise replays.
    package static let nearRadiusKilometres = 1.0

    package var method: String
    /// The raw path as the client sent it (percent-encoding kept), for forwarding.
    package var rawPath: String
    /// Percent-decoded, without a trailing slash, as cassettes state paths.
    package var path: String
    /// Every parameter except secrets, in the order sent.
    package var parameters: [Parameter]
    /// The secrets the client sent (key parameters, key headers), to be scrubbed, never forwarded.
    package var clientSecrets: [String]
    /// The headers the client sent, secret ones left out.
    package var headers: [HeaderField]
    package var body: [UInt8]
    /// The API the path is for.
    package let provider: RegisteredProvider?

    /// Splits a request as the server received it (`path` raw, `query` raw after `?`), for `providers`.
    package init(
        method: String, rawPath: String, rawQuery: String?, headers: [HeaderField] = [], body: [UInt8] = [],
        providers: ProviderSet
    ) {
        self.method = method
        self.rawPath = rawPath
        path = RequestPath.normalized(rawPath)
        provider = providers.provider(forPath: path)
        self.body = body
        var parameters: [Parameter] = []
        var secrets: [String] = []
        for piece in (rawQuery ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: "=")
            let name = RequestPath.percentDecoded(piece[..<(equals ?? piece.endIndex)], plusIsSpace: true).lowercased()
            let value =
                equals.map { RequestPath.percentDecoded(piece[piece.index(after: $0)...], plusIsSpace: true) } ?? ""
            if providers.isSecretParameter(name) {
                if !value.isEmpty { secrets.append(value) }
            } else {
                parameters.append(Parameter(raw: piece, name: name, value: value))
            }
        }
        var kept: [HeaderField] = []
        for header in headers {
            if let secret = provider?.vocabulary.secretHeaders.first(where: { $0.name == header.name.lowercased() }) {
                let value = secret.secret(in: header.value)
                if !value.isEmpty { secrets.append(value) }
            } else {
                kept.append(header)
            }
        }
        self.parameters = parameters
        self.headers = kept
        clientSecrets = secrets
    }

    /// A request built from values (the `record` command, `verify`), encoded as a client would.
    package init(path: String, parameters: [(String, String)], providers: ProviderSet) {
        let query = parameters.map { "\($0.0)=\(Self.queryEncoded($0.1))" }.joined(separator: "&")
        self.init(method: "GET", rawPath: path, rawQuery: query, providers: providers)
    }

    /// The first value of `name` (lower-case).
    package func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// The query to forward, without any secret: the client's own text, in its order.
    package var forwardedQuery: String { parameters.map { String($0.raw) }.joined(separator: "&") }

    /// `GET /data/2.5/weather?q=Seoul&key=***`: as logs show it, the key where the API takes it
    /// in the query shown masked.
    package var displayText: String {
        var query = forwardedQuery
        if case .parameter(let name)? = provider?.provider.recording?.keyPlacement {
            query = query.isEmpty ? "\(name)=\(KeyScrubber.mask)" : "\(query)&\(name)=\(KeyScrubber.mask)"
        }
        return query.isEmpty ? "\(method) \(path)" : "\(method) \(path)?\(query)"
    }

    /// The provider's coordinate parameters as numbers, when both are given and in range.
    package var coordinate: (latitude: Double, longitude: Double)? {
        guard let names = provider?.vocabulary.coordinates,
            let latitude = value(names.latitude).flatMap(NumericText.value(of:)),
            let longitude = value(names.longitude).flatMap(NumericText.value(of:))
        else { return nil }
        return CoordinateRange.point(latitude: latitude, longitude: longitude)
    }

    /// `value` percent-encoded for a query (letters, digits and `-._~,` kept as they are).
    package static func queryEncoded(_ value: String) -> String {
        var output = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: ","):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
