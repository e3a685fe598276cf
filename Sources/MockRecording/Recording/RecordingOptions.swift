import MockEngine

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// An API key that never shows itself: printing, interpolating or dumping it gives
/// `***`, so a key cannot reach a log line or an error message by accident. Only the upstream client
/// reads ``revealed``.
package struct UpstreamAPIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The key itself, for the one place that sends it upstream (and the scrubber that hides it).
    let revealed: String

    /// Checks `value` without ever repeating it in an error.
    ///
    /// - Parameter origin: where the key came from (`--api-key`, an environment variable), for messages.
    /// - Throws: ``UpstreamAPIKeyError`` when the value is empty, longer than 256 characters, or holds
    ///   whitespace or control characters (a pasted key with a newline is the usual cause).
    package init(_ value: String, origin: String) throws(UpstreamAPIKeyError) {
        if value.isEmpty { throw UpstreamAPIKeyError(origin: origin, problem: "is empty") }
        if value.count > 256 { throw UpstreamAPIKeyError(origin: origin, problem: "is longer than 256 characters") }
        if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            throw UpstreamAPIKeyError(origin: origin, problem: "contains whitespace or control characters")
        }
        revealed = value
    }

    /// Always `***`.
    package var description: String { KeyScrubber.mask }
    /// Always `UpstreamAPIKey(***)`.
    package var debugDescription: String { "UpstreamAPIKey(\(KeyScrubber.mask))" }
    /// A mirror without children, so `dump` shows nothing of the key.
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A key that cannot be used; the message names where it came from, never the value.
package struct UpstreamAPIKeyError: Error, Sendable, CustomStringConvertible {
    /// `--api-key` or `OPENWEATHERMAP_API_KEY`.
    package var origin: String
    /// What is wrong with it.
    package var problem: String

    /// `the API key from --api-key contains whitespace ... (the value is not shown)`.
    package var description: String { "the API key from \(origin) \(problem) (the value is not shown)" }
}

/// Where record mode forwards one API's requests to: an `http` or `https` URL with a host and no query
/// (each provider's live API by default). A path (`https://proxy.example/owm`) is kept as a prefix.
package struct UpstreamURL: Sendable, Equatable, CustomStringConvertible {
    /// The base URL without a trailing slash.
    package let url: URL

    /// Parses `text`.
    ///
    /// - Throws: ``UpstreamURLError`` when it is not an absolute `http`/`https` URL with a host, or has a
    ///   query, fragment or user info (credentials would end up in logs).
    package init(_ text: String) throws(UpstreamURLError) {
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
    package var description: String { url.absoluteString }
}

/// An `--upstream` value that cannot be used.
package struct UpstreamURLError: Error, Sendable, CustomStringConvertible {
    /// The value as given.
    package var text: String
    /// What is wrong with it.
    package var problem: String

    /// `invalid upstream URL 'ftp://x': expected an http:// or https:// URL with a host`.
    package var description: String { "invalid upstream URL '\(text)': \(problem)" }
}

/// How record mode, `mockweather record` and `mockweather verify` reach the live APIs: a real key per
/// provider (by its name), where each is (its live API unless given), and one timeout. A request for
/// an API without a key here is not forwarded.
package struct UpstreamAccess: Sendable {
    /// The real keys by provider name, sent upstream in place of whatever key a client sent.
    package var keys: [String: UpstreamAPIKey]
    /// Upstreams by provider name, for those not at their live API.
    package var upstreams: [String: UpstreamURL]
    /// How long one upstream exchange may take before it counts as failed.
    package var timeout = Duration.seconds(10)

    /// Access with `keys` (by provider name), at `upstreams` where given, with a 10 s timeout.
    package init(keys: [String: UpstreamAPIKey], upstreams: [String: UpstreamURL] = [:]) {
        self.keys = keys
        self.upstreams = upstreams
    }

    /// Every real key, for the scrubber.
    var secrets: [String] { keys.values.map(\.revealed) }

    /// A libcurl client; its errors are scrubbed with `scrubber` plus the keys.
    func transport(scrubber: KeyScrubber) -> CurlUpstream {
        CurlUpstream(access: self, scrubber: scrubber)
    }
}

/// `mockweather serve --record new|all`.
package struct RecordingOptions: Sendable {
    /// Which requests go upstream.
    package enum Mode: String, Sendable, CaseIterable {
        /// Replay what a cassette matches; forward and record the rest. Existing files are never overwritten.
        case new
        /// Forward and record everything; a cassette for the same request is replaced (atomically).
        case all
    }

    /// Which requests go upstream.
    package var mode: Mode
    /// The keys, the upstreams and the timeout; an upstream failure is answered 502.
    package var access: UpstreamAccess

    /// Options for `mode` through `access`.
    package init(mode: Mode, access: UpstreamAccess) {
        self.mode = mode
        self.access = access
    }
}
