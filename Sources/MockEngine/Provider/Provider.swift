import Basics
package import HTTPServer

/// One API the mock answers (docs/ARCHITECTURE.md#providers): what its requests look like, what it
/// answers before any cassette is consulted, what a request asks of a recorded body, how its errors
/// read and how record mode reaches it. The engine knows APIs only through this protocol and never
/// names a provider's parameter, header or path; providers are registered in one place
/// (`MockProviders/Providers.swift`).
///
/// Everything but the identity has a default that does nothing, so a provider states only what its
/// API does differently.
package protocol Provider: Sendable {
    /// Lower-case and stable (`openweathermap`): the folder of its bundled cassettes and how messages
    /// and the admin API name it.
    var name: String { get }

    /// The request paths that are this API's: every path that starts with one of these (`/data/`,
    /// `/geo/`). Two providers never share a prefix (``ProviderSet`` checks).
    var pathPrefixes: [String] { get }

    /// The live API's hosts (`api.openweathermap.org`), as HTTP proxies and captures name them.
    var hosts: [String] { get }

    /// How its requests read: secrets, places, defaults, values compared without case, unit systems.
    var vocabulary: RequestVocabulary { get }

    /// What the `expect` blocks of its cassettes may say.
    var expectations: ExpectVocabulary { get }

    /// An answer of the mock's own making (an unmatched request, a key rule) in the API's error shape:
    /// the status, its headers and its body, saying `message`.
    func errorResponse(status: Int, message: String, for request: ReplayRequest) -> HTTPResponse

    /// What the API answers before looking for data (a key it refuses, a request it rejects whatever
    /// the place), or nil to let the cassettes answer. Called for every request of the provider that
    /// no cassette naming a literal secret matched: a cassette staging a key state wins over the rule.
    func screen(_ request: ReplayRequest, context: ScreeningContext) -> ScreenedAnswer?

    /// What `request` asks of a recorded response beyond matching (other units, blocks left out, a
    /// page of the rows), or nil to serve it as recorded. Variants are made once and kept, up to a
    /// bound per response.
    func variant(of response: ResponseTemplate, for request: ReplayRequest) -> ResponseVariant?

    /// Where the times of an answer on `path` are, the anchor first, for answers whose times this
    /// provider shifts without a cassette's `timeFields` (docs/ARCHITECTURE.md#the-mock-clock); nil
    /// for none. The cassette decoder checks that the times there are in the clock's range.
    func timeFields(forPath path: String) -> [TimeField]?

    /// `declared` (the response as recorded, its body compact) made into `variant`.
    func shape(_ declared: HTTPResponse, of response: ResponseTemplate, into variant: ResponseVariant) -> HTTPResponse

    /// What an answer says, for the dashboard's map and the admin API (`answer`); nil when it says
    /// nothing they show. `query` is the request's, keys masked.
    func summary(ofAnswer body: [UInt8], query: QueryParameters) -> AnswerSummary?

    /// The switches `--provider-setting <name>.<setting>=VALUE` may set for this provider, each with
    /// the values it takes: any other name or value is refused (``ProviderSet/checkSetting(_:value:)``).
    var settings: [ProviderSetting] { get }

    /// Where on the map a request is (its coordinates, or a grid cell turned back into them).
    func mapPoint(of query: QueryParameters) -> (latitude: Double, longitude: Double)?

    /// How record mode, `verify` and HAR import reach the live API and write what it answers; nil
    /// for an API that cannot be recorded.
    var recording: (any RecordingProfile)? { get }

    /// An answer to a request no cassette matched, from what the mock knows besides cassettes
    /// (docs/ARCHITECTURE.md#the-world): the world's weather when `context.world` is set, or, with or
    /// without it, a fact the gazetteer states (a city name no place has: the API's own 404). nil
    /// leaves the request to the unmatched rule (fail closed, or record mode's upstream).
    func synthesize(_ request: ReplayRequest, context: SynthesisContext) -> SynthesizedAnswer?

    /// Writes into `response`, as it leaves for the client that sent `request`, the secret the API
    /// repeats back to its caller (One Call 4.0's page links carry the caller's own key), and returns
    /// the body as the journal, the log and HAR show it (the secret masked); nil when the response
    /// repeats nothing. Answers are made and kept for every caller with the secret masked: this is
    /// the only step that sees one client's key in a body.
    func echoSecrets(into response: inout HTTPResponse, for request: ReplayRequest) -> [UInt8]?
}

extension Provider {
    /// No settings.
    package var settings: [ProviderSetting] { [] }

    /// No rule: the cassettes answer everything.
    package func screen(_ request: ReplayRequest, context: ScreeningContext) -> ScreenedAnswer? { nil }

    /// Served as recorded.
    package func variant(of response: ResponseTemplate, for request: ReplayRequest) -> ResponseVariant? { nil }

    /// No times it shifts.
    package func timeFields(forPath path: String) -> [TimeField]? { nil }

    /// Unchanged (only called for a variant ``variant(of:for:)`` made).
    package func shape(_ declared: HTTPResponse, of response: ResponseTemplate, into variant: ResponseVariant)
        -> HTTPResponse
    { declared }

    /// Nothing to show.
    package func summary(ofAnswer body: [UInt8], query: QueryParameters) -> AnswerSummary? { nil }

    /// The vocabulary's coordinate parameters, when the query holds both as numbers in range.
    package func mapPoint(of query: QueryParameters) -> (latitude: Double, longitude: Double)? {
        guard let names = vocabulary.coordinates,
            let latitude = query[names.latitude].flatMap(NumericText.value(of:)),
            let longitude = query[names.longitude].flatMap(NumericText.value(of:)),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return (latitude, longitude)
    }

    /// Not recordable.
    package var recording: (any RecordingProfile)? { nil }

    /// Nothing beyond the cassettes.
    package func synthesize(_ request: ReplayRequest, context: SynthesisContext) -> SynthesizedAnswer? { nil }

    /// Nothing repeated.
    package func echoSecrets(into response: inout HTTPResponse, for request: ReplayRequest) -> [UInt8]? { nil }
}

/// What a provider's rules may consult besides the request.
package struct ScreeningContext: Sendable {
    /// `--require-key`: a request without the API's key gets the API's own answer to that.
    package var requireKey: Bool
    /// `--provider-setting NAME=VALUE`: switches a provider documents (`kma.gateway=json`), by full
    /// name; a provider reads only its own (``setting(_:of:)``).
    package var providerSettings: [String: String]

    /// A context for `requireKey` and `providerSettings`.
    package init(requireKey: Bool, providerSettings: [String: String] = [:]) {
        self.requireKey = requireKey
        self.providerSettings = providerSettings
    }

    /// The value of `provider`'s setting `name` (`gateway` of `kma`: `kma.gateway`), or nil when unset.
    package func setting(_ name: String, of provider: any Provider) -> String? {
        providerSettings["\(provider.name).\(name)"]
    }
}

/// A provider rule's answer to a request, before any cassette.
package struct ScreenedAnswer: Sendable {
    /// What the client is sent.
    package var response: HTTPResponse
    /// Which rule answered, as the journal and log show it (`openweathermap: invalid key`).
    package var rule: String
    /// The body as the journal, the log and HAR exports show it, when `response` repeats something
    /// the client sent that must not be shown there (a key echoed in the message); nil when the body
    /// shows nothing secret.
    package var shownBody: [UInt8]?

    /// An answer by `rule`.
    package init(response: HTTPResponse, rule: String, shownBody: [UInt8]? = nil) {
        self.response = response
        self.rule = rule
        self.shownBody = shownBody
    }
}

/// A provider's name for one variant of a response (`metric`, `exclude=hourly`): anything hashable,
/// compared and hashed as that value. Only the provider that made it reads it back.
package struct ResponseVariant: Hashable, @unchecked Sendable {
    // Made only from a `Sendable` value (the initialiser requires it), so sharing it is safe.
    private let value: AnyHashable

    /// Wraps `value`.
    package init(_ value: some Hashable & Sendable) {
        self.value = AnyHashable(value)
    }

    /// The value, when it is a `Value`.
    package func value<Value: Hashable & Sendable>(as type: Value.Type) -> Value? {
        value.base as? Value
    }
}
