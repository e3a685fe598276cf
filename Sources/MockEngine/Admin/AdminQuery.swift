/// An admin endpoint's query parameters, read in one place: each endpoint names the parameters it
/// takes, an unknown one is refused, and a count or sequence number must be a whole number from 0 to
/// `Int.max`, so nothing a request sends becomes an integer the journal's arithmetic cannot take
/// (`?since=9223372036854775807` once trapped in `RequestJournal.entries(after:)`). A refusal is the
/// admin API's 400 with ``AdminQueryError/description``.
struct AdminQuery: Sendable {
    private let endpoint: String
    private let parameters: QueryParameters

    /// Reads `query` (after `?`) for `endpoint` (`GET /__admin/requests`), which takes `allowed`.
    init(_ query: String?, endpoint: String, allowed: [String]) throws(AdminQueryError) {
        self.endpoint = endpoint
        parameters = QueryParameters(query ?? "")
        if let unknown = parameters.names.first(where: { !allowed.contains($0) }) {
            throw .unknownParameter(endpoint: endpoint, name: unknown, allowed: allowed)
        }
    }

    /// Parameter `name` as sent (percent-decoded), nil when it is not sent.
    func text(_ name: String) -> String? { parameters[name] }

    /// Parameter `name` as a whole number of 0 or more, nil when it is not sent.
    func count(_ name: String) throws(AdminQueryError) -> Int? {
        guard let text = parameters[name] else { return nil }
        guard let value = Self.wholeNumber(text) else {
            throw .notAWholeNumber(endpoint: endpoint, name: name, value: text)
        }
        return value
    }

    /// `text` as a whole number from 0 to `Int.max` (digits only, at most 19 of them: a longer
    /// number is out of range), else nil.
    static func wholeNumber(_ text: String) -> Int? {
        guard (1...19).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(text)
    }
}

/// Why an admin endpoint refused its query: the admin API's 400 naming the parameter.
enum AdminQueryError: Error, Equatable, CustomStringConvertible {
    case unknownParameter(endpoint: String, name: String, allowed: [String])
    case notAWholeNumber(endpoint: String, name: String, value: String)

    var description: String {
        switch self {
        case .unknownParameter(let endpoint, let name, let allowed):
            "\(endpoint): unknown parameter '\(Self.cut(name))' (it takes "
                + (allowed.isEmpty ? "none" : allowed.joined(separator: " and ")) + ")"
        case .notAWholeNumber(let endpoint, let name, let value):
            "\(endpoint): \(name) must be a whole number from 0 to \(Int.max), not '\(Self.cut(value))'"
        }
    }

    /// A client's text, cut to 60 characters: an error repeats it, never all of it.
    private static func cut(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "..." : text
    }
}
