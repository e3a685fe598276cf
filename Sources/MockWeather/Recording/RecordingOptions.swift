public import Foundation

/// An OpenWeatherMap API key that never shows itself: printing, interpolating or dumping it gives
/// `***`, so a key cannot reach a log line or an error message by accident. Only the upstream client
/// reads ``revealed``.
public struct UpstreamAPIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The key itself, for the one place that sends it upstream (and the scrubber that hides it).
    let revealed: String

    /// Checks `value` without ever repeating it in an error.
    ///
    /// - Parameter origin: where the key came from (`--api-key`, `OPENWEATHERMAP_API_KEY`), for messages.
    /// - Throws: ``UpstreamAPIKeyError`` when the value is empty, longer than 256 characters, or holds
    ///   whitespace or control characters (a pasted key with a newline is the usual cause).
    public init(_ value: String, origin: String) throws(UpstreamAPIKeyError) {
        if value.isEmpty { throw UpstreamAPIKeyError(origin: origin, problem: "is empty") }
        if value.count > 256 { throw UpstreamAPIKeyError(origin: origin, problem: "is longer than 256 characters") }
        if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            throw UpstreamAPIKeyError(origin: origin, problem: "contains whitespace or control characters")
        }
        revealed = value
    }

    /// Always `***`.
    public var description: String { KeyScrubber.mask }
    /// Always `UpstreamAPIKey(***)`.
    public var debugDescription: String { "UpstreamAPIKey(\(KeyScrubber.mask))" }
    /// A mirror without children, so `dump` shows nothing of the key.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A key that cannot be used; the message names where it came from, never the value.
public struct UpstreamAPIKeyError: Error, Sendable, CustomStringConvertible {
    /// `--api-key` or `OPENWEATHERMAP_API_KEY`.
    public var origin: String
    /// What is wrong with it.
    public var problem: String

    /// `the API key from --api-key contains whitespace ... (the value is not shown)`.
    public var description: String { "the API key from \(origin) \(problem) (the value is not shown)" }
}

/// Where record mode forwards to: an `http` or `https` URL with a host and no query, default
/// `https://api.openweathermap.org`. A path (`https://proxy.example/owm`) is kept as a prefix.
public struct UpstreamURL: Sendable, Equatable, CustomStringConvertible {
    /// The base URL without a trailing slash.
    public let url: URL

    /// The live API.
    public static let openWeatherMap = UpstreamURL(checked: URL(string: "https://api.openweathermap.org")!)

    /// Where the live API's icons are (`/img/wn/...`): the web site's host, not the API's.
    public static let openWeatherMapIcons = UpstreamURL(checked: URL(string: "https://openweathermap.org")!)

    /// Parses `text`.
    ///
    /// - Throws: ``UpstreamURLError`` when it is not an absolute `http`/`https` URL with a host, or has a
    ///   query, fragment or user info (credentials would end up in logs).
    public init(_ text: String) throws(UpstreamURLError) {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw UpstreamURLError(text: text, problem: "expected an http:// or https:// URL with a host")
        }
        if url.query != nil || url.fragment != nil || trimmed.contains("?") || trimmed.contains("#") {
            throw UpstreamURLError(text: text, problem: "the upstream URL cannot have a query or fragment")
        }
        if url.user != nil || url.password != nil {
            throw UpstreamURLError(text: "(not shown)", problem: "the upstream URL cannot carry user:password")
        }
        self.init(checked: url)
    }

    private init(checked url: URL) {
        self.url = url
    }

    /// The URL as text, e.g. `https://api.openweathermap.org`.
    public var description: String { url.absoluteString }
}

/// An `--upstream` value that cannot be used.
public struct UpstreamURLError: Error, Sendable, CustomStringConvertible {
    /// The value as given.
    public var text: String
    /// What is wrong with it.
    public var problem: String

    /// `invalid upstream URL 'ftp://x': expected an http:// or https:// URL with a host`.
    public var description: String { "invalid upstream URL '\(text)': \(problem)" }
}

/// How record mode, `mockweather record` and `mockweather verify` reach the live API.
public struct UpstreamAccess: Sendable {
    /// The real key, sent upstream in place of whatever key a client sent.
    public var apiKey: UpstreamAPIKey
    /// Where requests go.
    public var upstream = UpstreamURL.openWeatherMap
    /// How long one upstream exchange may take before it counts as failed.
    public var timeout = Duration.seconds(10)

    /// Access with `apiKey` to the live API, with a 10 s timeout.
    public init(apiKey: UpstreamAPIKey) {
        self.apiKey = apiKey
    }

    /// A libcurl client; its errors are scrubbed with `scrubber` plus the key.
    func transport(scrubber: KeyScrubber) -> CurlUpstream {
        CurlUpstream(upstream: upstream, key: apiKey, timeout: timeout, scrubber: scrubber)
    }
}

/// `mockweather serve --record new|all`.
public struct RecordingOptions: Sendable {
    /// Which requests go upstream.
    public enum Mode: String, Sendable, CaseIterable {
        /// Replay what a cassette matches; forward and record the rest. Existing files are never overwritten.
        case new
        /// Forward and record everything; a cassette for the same request is replaced (atomically).
        case all
    }

    /// Which requests go upstream.
    public var mode: Mode
    /// The key, the upstream and the timeout; an upstream failure is answered 502.
    public var access: UpstreamAccess

    /// Options for `mode` through `access`.
    public init(mode: Mode, access: UpstreamAccess) {
        self.mode = mode
        self.access = access
    }
}
