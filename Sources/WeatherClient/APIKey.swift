/// How the client authenticates, resolved once when the client is made.
///
/// Its description, debug description and mirror never show the key, so printing or dumping a
/// client or its configuration cannot leak it.
struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    enum Resolution: Sendable, Hashable {
        /// Send the key (`appid=<key>`, or `Authorization: KakaoAK <key>` for Kakao Local).
        case key(String)
        /// The caller passed `""`: send no key (a mock server that needs none, or a test of the
        /// server's answer to a request without one).
        case omitted
        /// Neither an argument nor the environment variable: every request fails before sending.
        case missing
    }

    /// The environment variable ``OpenWeatherClient`` reads when no key is passed.
    static let environmentVariable = "OPENWEATHERMAP_API_KEY"

    let resolution: Resolution

    /// The key from `argument`, or else from `variable` in `environment` (trimmed; empty counts as unset).
    init(argument: String?, environment: [String: String], variable: String = APIKey.environmentVariable) {
        if let argument {
            resolution = argument.isEmpty ? .omitted : .key(argument)
        } else if let value = environment[variable]?.trimmingWhitespace, !value.isEmpty {
            resolution = .key(value)
        } else {
            resolution = .missing
        }
    }

    /// The key to scrub from text, when there is one.
    var secret: String? {
        if case .key(let key) = resolution { return key }
        return nil
    }

    var description: String {
        switch resolution {
        case .key: Redaction.replacement
        case .omitted: "(none sent)"
        case .missing: "(missing)"
        }
    }

    var debugDescription: String { "APIKey(\(description))" }

    var customMirror: Mirror { Mirror(self, children: ["value": description]) }
}
