/// Keeps API keys out of everything mockweather prints or stores (logs, journal, error bodies).
enum KeyScrubber {
    /// What a key's value is replaced with.
    static let mask = "***"

    /// Parameter names that carry a key, lower-case (`appid` and `APPID` are the same parameter).
    static let keyParameters: Set<String> = ["appid", "api_key", "apikey", "key"]

    /// The raw query with every key parameter's value replaced by `***`; everything else as sent.
    static func scrubbedQuery(_ query: some StringProtocol) -> String {
        guard !query.isEmpty else { return "" }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = RequestPath.percentDecoded(pair[..<equals], plusIsSpace: true).lowercased()
            return keyParameters.contains(name) ? "\(pair[..<equals])=\(mask)" : String(pair)
        }.joined(separator: "&")
    }
}
