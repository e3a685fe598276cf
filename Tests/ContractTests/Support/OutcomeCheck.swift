import WeatherClient

/// The `expect.error` vocabulary of Cassettes/README.md, as this client's errors map onto it.
func expectationKind(of error: WeatherError) -> String {
    switch error {
    case .invalidRequest: "invalidRequest"
    case .transport(kind: .timeout, _): "timeout"
    case .transport: "transport"
    case .cityNotFound: "cityNotFound"
    case .unauthorized: "unauthorized"
    case .rateLimited: "rateLimited"
    case .server: "server"
    case .decoding: "decoding"
    case .cancelled: "cancelled"
    }
}

/// A failed call as the contract compares it, whichever client failed: the `expect.error` kind, the
/// message an app would show and the error's own description.
struct ClientFailure: Sendable, CustomStringConvertible {
    var kind: String
    var message: String?
    var description: String

    init(_ error: WeatherError) {
        kind = expectationKind(of: error)
        message = surfacedMessage(of: error)
        description = error.description
    }

    init(_ error: KakaoLocalError) {
        kind =
            switch error {
            case .invalidRequest, .badRequest: "invalidRequest"
            case .transport(kind: .timeout, _): "timeout"
            case .transport: "transport"
            case .unauthorized: "unauthorized"
            case .forbidden: "forbidden"
            case .rateLimited: "rateLimited"
            case .server: "server"
            case .decoding: "decoding"
            case .cancelled: "cancelled"
            }
        if case .invalidRequest(let message) = error {
            self.message = message
        } else {
            self.message = error.serverMessage
        }
        description = error.description
    }
}

extension ClientFailure {
    /// A KMA failure: the kind by who refused and with which code (Cassettes/README.md, KMA), the
    /// server's own text (the kind names the code).
    init(_ error: KMAError) {
        kind = kmaExpectationKind(of: error)
        message = error.serverMessage
        description = error.description
    }
}

/// The `expect.error` vocabulary of KMA cassettes, as ``KMAError`` maps onto it: the service's codes 03, 10,
/// 01 and 11 and the gateway's 30, 22 and 31 by name, any other code of either as `server`.
func kmaExpectationKind(of error: KMAError) -> String {
    switch error {
    case .invalidRequest: "invalidRequest"
    case .transport(kind: .timeout, _): "timeout"
    case .transport: "transport"
    case .service(let code, _):
        switch code {
        case .noData: "noData"
        case .invalidRequestParameter: "outdated"
        case .applicationError: "applicationError"
        case .missingMandatoryParameter: "missingParameter"
        default: "server"
        }
    case .gateway(let code, _, _, _):
        switch code {
        case .keyNotRegistered?: "unregisteredKey"
        case .quotaExceeded?: "overQuota"
        case .keyExpired?: "expiredKey"
        default: "server"
        }
    case .server: "server"
    case .decoding: "decoding"
    case .cancelled: "cancelled"
    }
}

/// The message an app would show for a server answer: the server's own text, or for a 400 the
/// `invalidRequest` message (which is the server's when the request reached it).
func surfacedMessage(of error: WeatherError) -> String? {
    if case .invalidRequest(let message) = error { return message }
    return error.serverMessage
}

/// Every way `outcome` differs from `expectation`, each phrased to name the field and both values; empty
/// when the client made of the answer exactly what the cassette expects.
func differences(between outcome: ClientCall.Outcome, and expectation: Expectation) -> [String] {
    switch (outcome, expectation.error) {
    case (.failed(let failure), nil):
        return ["expected \(expectation), but the client threw \(failure.kind): \(failure)"]
    case (.decoded(let observation), let kind?):
        return ["expected error \(kind), but the client decoded \(observation.summary)"]
    case (.decoded(let observation), nil):
        return expectation.values.keys.sorted().compactMap { key in
            difference(key, expected: expectation.values[key]!, observed: observation.entries[key])
        }
    case (.failed(let failure), let kind?):
        var found: [String] = []
        if failure.kind != kind {
            found.append("error: expected \(kind), the client threw \(failure.kind): \(failure)")
        }
        if let expected = expectation.message, failure.message != expected {
            let actual = failure.message.map { "\"\($0)\"" } ?? "no server message"
            found.append("message: expected \"\(expected)\", the client surfaced \(actual)")
        }
        return found
    }
}

/// How one expected value differs from what was decoded, or `nil` when it holds.
private func difference(_ key: String, expected: PlainJSON, observed: Observation.Entry?) -> String? {
    guard let comparison = ExpectVocabulary.keys[key] else {
        return "expect.\(key) is not in the contract vocabulary"
    }
    guard let observed else {
        return "expect.\(key): this call's answer has no such value (the key does not apply to it)"
    }
    let field = observed.field
    guard let actual = observed.value else {
        return "\(field): expected \(expected.display), the response has none"
    }
    let holds: Bool
    switch (comparison, expected, actual) {
    case (.text, .string(let want), .string(let got)): holds = want == got
    case (.integer, .number(let want), .number(let got)): holds = want == got
    case (.number(let tolerance), .number(let want), .number(let got)): holds = abs(want - got) <= tolerance
    default:
        return "expect.\(key): expected \(expected.display) is not a value of the key's kind (\(comparison))"
    }
    guard !holds else { return nil }
    if key.lowercased().hasSuffix("celsius"), case .number(let want) = expected, case .number(let got) = actual {
        return "\(field): expected \(want) °C, the client decoded \(rounded(got)) °C"
    }
    return "\(field): expected \(expected.display), the client decoded \(actual.display)"
}
