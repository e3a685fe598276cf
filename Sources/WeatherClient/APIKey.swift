/// How the client authenticates, resolved once when the client is made.
///
/// Its description, debug description and mirror never show the key, so printing or dumping a
/// client or its configuration cannot leak it.
struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    enum Resolution: Sendable, Hashable {
        /// Send `appid=<key>`.
        case key(String)
        /// The caller passed `""`: send no `appid` (a mock server that needs none).
        case omitted
        /// Neither an argument nor `OPENWEATHERMAP_API_KEY`: every request fails before sending.
        case missing
    }

    /// The environment variable read when no key is passed.
    static let environmentVariable = "OPENWEATHERMAP_API_KEY"

    let resolution: Resolution

    init(argument: String?, environment: [String: String]) {
        if let argument {
            resolution = argument.isEmpty ? .omitted : .key(argument)
        } else if let value = environment[Self.environmentVariable]?.trimmingWhitespace, !value.isEmpty {
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
