/// How one API's requests read, as data (docs/ARCHITECTURE.md#providers): which parameters and
/// headers carry a secret, which name a place, which values the API takes when left out, which
/// compare without case, and the unit systems its bodies come in. Matching, scrubbing, the journal,
/// the dashboard and record mode all read requests through it.
package struct RequestVocabulary: Sendable {
    /// A header whose value carries a secret: all of it, or what follows a scheme (`KakaoAK …`).
    package struct SecretHeader: Sendable, Hashable {
        /// The header's name, lower-case (`authorization`).
        package var name: String
        /// The word before the secret (`KakaoAK`), nil when the whole value is the secret.
        package var scheme: String?

        /// A secret header; the name is lower-cased.
        package init(name: String, scheme: String? = nil) {
            self.name = name.lowercased()
            self.scheme = scheme
        }

        /// The secret in `value` (what follows the scheme and a space, else the whole value).
        package func secret(in value: String) -> String {
            guard let scheme, value.utf8.count > scheme.utf8.count,
                value.lowercased().hasPrefix(scheme.lowercased() + " ")
            else { return value.trimmingASCIIWhitespace() }
            return String(value.dropFirst(scheme.count + 1)).trimmingASCIIWhitespace()
        }
    }

    /// The two parameters that hold a point, for `near` matching and the map (`lat`, `lon`; Kakao's
    /// `y`, `x`).
    package struct Coordinates: Sendable, Hashable {
        /// The latitude's parameter, lower-case.
        package var latitude: String
        /// The longitude's parameter, lower-case.
        package var longitude: String
        /// The message of the API's 400 for a latitude out of range (OpenWeatherMap's `wrong latitude`).
        package var latitudeOutOfRange: String
        /// The message of the API's 400 for a longitude out of range.
        package var longitudeOutOfRange: String

        /// The pair, lower-cased, with the messages of the API's 400 when either is out of range
        /// (``CoordinateRange``); by default `<name> is out of range`.
        package init(
            latitude: String, longitude: String, latitudeOutOfRange: String? = nil, longitudeOutOfRange: String? = nil
        ) {
            self.latitude = latitude.lowercased()
            self.longitude = longitude.lowercased()
            self.latitudeOutOfRange = latitudeOutOfRange ?? "\(self.latitude) is out of range"
            self.longitudeOutOfRange = longitudeOutOfRange ?? "\(self.longitude) is out of range"
        }

        /// The message of the API's 400 for `problem`.
        package func message(for problem: OutOfRangeCoordinate) -> String {
            problem.axis == .latitude ? latitudeOutOfRange : longitudeOutOfRange
        }
    }

    /// Query parameters that carry a secret, lower-case (OpenWeatherMap's key parameter, say).
    package var secretParameters: [String]
    /// Headers that carry a secret.
    package var secretHeaders: [SecretHeader]
    /// Where a point is, when the API takes coordinates.
    package var coordinates: Coordinates?
    /// Parameters that name a place or a resource, most selective first (`q`, `id`, `zip`): what the
    /// match index files interactions under, before the coordinates.
    package var placeParameters: [String]
    /// The values the API takes for a parameter left out (`lang`: `en`), lower-case names and values:
    /// a request sending one is the same request as one leaving it out, both ways.
    package var defaults: [String: String]
    /// Parameters whose values compare case-insensitively with surrounding white space trimmed (`q`),
    /// lower-case and each once: a list, as a request checks each of its parameters against it and a
    /// handful of short names compare faster than they hash.
    package var caseInsensitiveParameters: [String]
    /// The unit systems a response's `units` may name, the one the API uses when none is asked for
    /// first; empty when the API has no units.
    package var unitSystems: [String]

    /// A vocabulary; names are lower-cased.
    package init(
        secretParameters: [String] = [], secretHeaders: [SecretHeader] = [], coordinates: Coordinates? = nil,
        placeParameters: [String] = [], defaults: [String: String] = [:], caseInsensitiveParameters: [String] = [],
        unitSystems: [String] = []
    ) {
        self.secretParameters = secretParameters.map { $0.lowercased() }
        self.secretHeaders = secretHeaders
        self.coordinates = coordinates
        self.placeParameters = placeParameters.map { $0.lowercased() }
        self.defaults = Dictionary(
            defaults.map { ($0.key.lowercased(), $0.value.lowercased()) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        self.caseInsensitiveParameters = caseInsensitiveParameters.map { $0.lowercased() }.filter {
            seen.insert($0).inserted
        }
        self.unitSystems = unitSystems
    }

    /// A vocabulary that knows nothing (paths no provider claims).
    package static let empty = RequestVocabulary()

    /// Whether `value` of parameter `name` (lower-case) is the API's default for it.
    package func isDefault(_ value: String, forParameter name: String) -> Bool {
        guard let standard = defaults[name] else { return false }
        return value.trimmingASCIIWhitespace().lowercased() == standard
    }

    /// The parameters the match index prefers, most selective first: the place parameters, then the
    /// coordinates.
    package var indexPriority: [String] {
        placeParameters + (coordinates.map { [$0.latitude, $0.longitude] } ?? [])
    }
}
