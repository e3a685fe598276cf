/// How the clients' errors word the failures they share (``WeatherError`` and ``KMAError``): a
/// request refused before sending, a transport failure and a body that does not decode read the same
/// whichever client reports them.
enum ClientErrorText {
    /// `invalid request: …`.
    static func invalidRequest(_ message: String) -> String {
        "invalid request: \(message)"
    }

    /// The transport's own wording: `timed out: …`.
    static func transport(_ kind: TransportFailure.Kind, _ message: String) -> String {
        TransportFailure(kind, message: message).description
    }

    /// `unexpected response body: main.temp: expected a number, found a string "hot"`.
    static func decoding(path: String, expected: String, found: String) -> String {
        "unexpected response body: \(path): expected \(expected), found \(found)"
    }
}
