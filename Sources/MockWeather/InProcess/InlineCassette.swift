import Basics

/// A cassette written in a test instead of a file: the same format (see Cassettes/README.md),
/// decoded and validated by the same code, with problems reported against `name`.
///
/// ```swift
/// let busan = InlineCassette.answering(
///     "/data/2.5/weather", query: ["q": "Busan"],
///     json: #"{"name": "Busan", "main": {"temp": 281.5}, "cod": 200}"#)
/// ```
public struct InlineCassette: Sendable {
    /// The cassette's name as the journal and the 501 diagnosis show it (`test-3/busan`).
    public var name: String
    /// The whole cassette document as JSON text.
    public var json: String

    /// A cassette from its full JSON text, in the file format.
    public init(name: String, json: String) {
        self.name = name
        self.json = json
    }

    /// A cassette with one interaction: `method path` with the given query constraints (a value
    /// must be equal, `"*"` means any, as in a file; `q` ignores case) answered with `status` and the
    /// JSON body `json`.
    ///
    /// - Parameters:
    ///   - units: what the body's temperatures are in (`standard`, `metric`, `imperial`); other units
    ///     are converted on replay.
    ///   - delayMilliseconds: how long the answer waits.
    ///   - fault: `reset`, `reset-after-head`, `empty`, `truncate`, `drip` or `hang`, as in a file.
    ///   - name: defaults to the method, path and query.
    public static func answering(
        _ path: String, method: String = "GET", query: [String: String] = [:], status: Int = 200, json: String,
        units: String = "standard", delayMilliseconds: Int? = nil, fault: String? = nil, name: String? = nil
    ) -> InlineCassette {
        let queryText = query.sorted { $0.key < $1.key }
            .map { "\(JSONValue.quoted($0.key)): \(JSONValue.quoted($0.value))" }
            .joined(separator: ", ")
        var response = "\"status\": \(status), \"units\": \(JSONValue.quoted(units)), \"json\": \(json)"
        if let delayMilliseconds { response += ", \"delayMs\": \(delayMilliseconds)" }
        if let fault { response += ", \"fault\": \(JSONValue.quoted(fault))" }
        let document = """
            {"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [
              {"request": {"method": \(JSONValue.quoted(method)), "path": \(JSONValue.quoted(path)), \
            "query": {\(queryText)}},
               "response": {\(response)}}]}
            """
        let defaultName =
            "\(method.lowercased())\(path)" + query.sorted { $0.key < $1.key }.map { "-\($0.key)-\($0.value)" }.joined()
        return InlineCassette(name: name ?? defaultName, json: document)
    }
}
