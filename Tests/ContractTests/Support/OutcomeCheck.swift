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

/// The message an app would show for a server answer: the server's own text, or for a 400 the
/// `invalidRequest` message (which is the server's when the request reached it).
func surfacedMessage(of error: WeatherError) -> String? {
    if case .invalidRequest(let message) = error { return message }
    return error.serverMessage
}

/// How far a decoded temperature may be from the cassette's `expect.celsius`: the API rounds to two
/// decimals, so 0.01 plus a hair for binary floating point.
let celsiusTolerance = 0.01 + 1e-9

/// Every way `outcome` differs from `expectation`, each phrased to name the field and both values; empty
/// when the client made of the answer exactly what the cassette expects.
func differences(between outcome: ClientCall.Outcome, and expectation: Expectation) -> [String] {
    switch (outcome, expectation.error) {
    case (.failed(let error), nil):
        return ["expected \(expectation), but the client threw \(expectationKind(of: error)): \(error)"]
    case (.decoded(let name, let celsius, _), let kind?):
        let temperature = celsius.map { ", \(rounded($0)) °C" } ?? ""
        return ["expected error \(kind), but the client decoded \"\(name)\"\(temperature)"]
    case (.decoded(let name, let celsius, let celsiusField), nil):
        var found: [String] = []
        if let expected = expectation.name, expected != name {
            found.append("name: expected \"\(expected)\", the client decoded \"\(name)\"")
        }
        if let expected = expectation.celsius {
            let field = celsiusField ?? "temperature"
            if let celsius {
                if abs(celsius - expected) > celsiusTolerance {
                    found.append("\(field): expected \(expected) °C, the client decoded \(rounded(celsius)) °C")
                }
            } else {
                found.append("\(field): expected \(expected) °C, the response has no temperature")
            }
        }
        return found
    case (.failed(let error), let kind?):
        var found: [String] = []
        let actualKind = expectationKind(of: error)
        if actualKind != kind {
            found.append("error: expected \(kind), the client threw \(actualKind): \(error)")
        }
        if let expected = expectation.message, surfacedMessage(of: error) != expected {
            let actual = surfacedMessage(of: error).map { "\"\($0)\"" } ?? "no server message"
            found.append("message: expected \"\(expected)\", the client surfaced \(actual)")
        }
        return found
    }
}

private func rounded(_ value: Double) -> String {
    let hundredths = (value * 100).rounded() / 100
    return "\(hundredths)"
}
