package import Basics

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// How record mode, `mockweather record`, `verify` and HAR import reach one API and write what it
/// answers (docs/ARCHITECTURE.md#recording): where the live API is, where the real key goes, how a
/// captured request is named and turned into a request pattern, and what a correct client makes of
/// each answer. `MockRecording` does the forwarding, scrubbing and writing; this is what it asks of
/// the API.
package protocol RecordingProfile: Sendable {
    /// The live API's base URL (`https://api.openweathermap.org`); `--upstream` replaces it.
    var upstream: String { get }
    /// The environment variable record mode reads the real key from (`OPENWEATHERMAP_API_KEY`).
    var keyVariable: String { get }
    /// Where the real key goes on a forwarded request.
    var keyPlacement: KeyPlacement { get }
    /// Paths (and what follows them) whose answers vary with the weather or the place (`$.rain`):
    /// `verify` lists their differences apart, as no drift.
    var varyingShapePaths: [String] { get }

    /// The base URL a request for `path` goes to when record mode forwards to `configured` (the live
    /// API's icons live on its web site's host, say). By default `configured`.
    func upstream(forPath path: String, configured: String) -> String
    /// Whether a request for `path` carries the key upstream (icons need none). By default true.
    func sendsKey(forPath path: String) -> Bool
    /// The key as it is percent-encoded once into the request, from the key as configured (data.go.kr
    /// shows a key raw and already encoded; its encoded form is decoded once here). By default as given.
    func upstreamKey(_ configured: String) -> String
    /// The parameters `verify` adds to a recorded pattern's literal ones (`given`, lower-case names)
    /// for `path` at `now`, so the live API can answer: a current issuance where the pattern names
    /// none, say. Names `given` holds are not added again. By default none.
    func verificationParameters(forPath path: String, given: [(String, String)], now: Date) -> [(String, String)]
    /// Why an answer whose status says it is recordable must not be recorded, for an API that refuses
    /// in its body (data.go.kr's gateway answers a refused key with 200 and an XML code); nil records
    /// it. By default none.
    func refusal(status: Int, body: [UInt8]) -> RecordingRefusal?
    /// The cassette's deterministic name for `request`, relative to the recording folder and without
    /// `.json` (`current/q-seoul`): the same request always gives the same name.
    func cassetteName(for request: CapturedRequest) -> String
    /// The request pattern for `request`: what identifies it and shapes its body. `storedAsJSON` is
    /// false when a body is kept as text (replay cannot shape it), `ranged` false when its range
    /// cannot be cut from the bodies.
    func pattern(for request: CapturedRequest, storedAsJSON: Bool, ranged: Bool) -> JSONValue
    /// What becomes of `answers` to `request` in a cassette: the pattern (or `given`, the one a
    /// mockweather archive carries), each response's further members (`units`) and each response's
    /// `expect` block (nil where none can be stated). `storedAsJSON` is false when a body is kept as
    /// text. Members and expectations an answer's own `settings` give win over these.
    func interaction(
        for request: CapturedRequest, answers: [CapturedAnswer], storedAsJSON: Bool, given: JSONValue?
    ) -> RecordedInteraction
}

extension RecordingProfile {
    /// The configured upstream.
    package func upstream(forPath path: String, configured: String) -> String { configured }
    /// Every request carries the key.
    package func sendsKey(forPath path: String) -> Bool { true }
    /// The key as configured.
    package func upstreamKey(_ configured: String) -> String { configured }
    /// Nothing added.
    package func verificationParameters(forPath path: String, given: [(String, String)], now: Date)
        -> [(String, String)]
    { [] }
    /// Nothing varies.
    package var varyingShapePaths: [String] { [] }
    /// The status says it all.
    package func refusal(status: Int, body: [UInt8]) -> RecordingRefusal? { nil }
}

/// An answer record mode passes on without recording it, and why.
package struct RecordingRefusal: Sendable, Equatable {
    /// What the diagnostics and the batch table say (`the data.go.kr gateway refused the key (30 ...)`).
    package var reason: String
    /// Whether the key itself was refused: a batch stops, as on a 401, since every further call would be.
    package var rejectsKey: Bool

    /// A refusal for `reason`.
    package init(reason: String, rejectsKey: Bool) {
        self.reason = reason
        self.rejectsKey = rejectsKey
    }
}

/// Where a forwarded request carries the real key.
package enum KeyPlacement: Sendable, Equatable {
    /// A query parameter (named as the API names it), percent-encoded once.
    case parameter(String)
    /// A header (`Authorization`), after a scheme word when there is one (`KakaoAK KEY`).
    case header(String, scheme: String?)
}

/// One answer to store, as record mode or a HAR import captured it: status, kept headers and body,
/// already scrubbed.
package struct CapturedAnswer: Sendable {
    package var status: Int
    package var headers: [HeaderField]
    /// Nil for an answer that sends nothing (a `reset`, `empty` or `hang` fault in `settings`).
    package var body: [UInt8]?
    /// Further response members written as given (`units`, `delayMs`, `fault`, `expect`), for
    /// archives mockweather exported itself; a member here wins over the provider's.
    package var settings: [(String, JSONValue)] = []

    /// An answer; see the properties.
    package init(status: Int, headers: [HeaderField], body: [UInt8]?, settings: [(String, JSONValue)] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.settings = settings
    }

    /// The body parsed as JSON, when it is JSON.
    package var json: JSONValue? { body.flatMap { try? JSONParser.parse($0) } }
}

/// A provider's reading of captured answers: the cassette interaction's pattern, and per answer the
/// response members and the `expect` block it adds.
package struct RecordedInteraction: Sendable {
    /// The `request` object.
    package var pattern: JSONValue
    /// Per answer, members added to its response (`units`), in order.
    package var responseMembers: [[(String, JSONValue)]]
    /// Per answer, its `expect` block, or nil.
    package var expectations: [JSONValue?]

    /// An interaction; see the properties.
    package init(pattern: JSONValue, responseMembers: [[(String, JSONValue)]], expectations: [JSONValue?]) {
        self.pattern = pattern
        self.responseMembers = responseMembers
        self.expectations = expectations
    }
}

/// One request of a `mockweather record` batch, as a provider's batch targets make it: its label for
/// the report, and its request or why it has none.
package struct BatchItem: Sendable {
    /// How the report names it when it is skipped (`geocoding for id 1835848`).
    package var label: String
    /// The request to forward, nil when there is none.
    package var request: CapturedRequest?
    /// Why there is no request.
    package var skipReason: String?

    /// An item; see the properties.
    package init(label: String, request: CapturedRequest?, skipReason: String?) {
        self.label = label
        self.request = request
        self.skipReason = skipReason
    }
}
