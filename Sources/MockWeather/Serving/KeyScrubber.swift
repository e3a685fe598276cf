/// Keeps API keys out of everything mockweather prints or stores (logs, journal, error bodies); the
/// masking itself is `QueryParameters.scrubbed()`.
enum KeyScrubber {
    /// What a key's value is replaced with.
    static let mask = "***"

    /// Parameter names that carry a key, lower-case (`appid` and `APPID` are the same parameter).
    static let keyParameters = ["appid", "api_key", "apikey", "key"]

    /// ``mask`` as bytes, for masking while copying a query.
    static let maskBytes = Array(mask.utf8)

    /// Whether `name` (decoded, lower-case) carries a key.
    static func isKeyParameter(_ name: String) -> Bool {
        keyParameters.contains(name)
    }

}
