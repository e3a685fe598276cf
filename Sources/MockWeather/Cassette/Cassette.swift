import Basics

/// Where a cassette's responses came from. Cassettes are honest about it (docs/ARCHITECTURE.md#cassettes):
/// `recorded` only for responses captured from the live API by record mode.
public enum CassetteSource: String, Sendable, CaseIterable {
    /// Captured from the live API by record mode.
    case recorded
    /// Reproduces a response the API's documentation or a public report published.
    case documented
    /// Made up in the API's shape, for a case the documentation does not show.
    case synthetic
    /// Taken from a HAR archive another tool captured (`mockweather import`); `creator` names the tool.
    case imported
}

/// One cassette file: its name, provenance and the interactions it can replay.
///
/// Two cassettes are equal when everything they replay is: the same file and name, provenance and
/// interactions, with `json` bodies compared as the JSON they serve (not where it sat in the file).
public struct Cassette: Sendable, Equatable {
    /// The file's path relative to the cassette directory, without `.json` (`openweathermap/current/seoul`).
    public var name: String
    /// The file's path relative to the cassette directory (`openweathermap/current/seoul.json`).
    public var file: String
    /// Where the responses came from.
    public var source: CassetteSource
    /// When the responses were recorded (ISO 8601), if known.
    public var recordedAt: String?
    /// Free text for humans.
    public var notes: String?
    /// For imported cassettes: the tool that wrote the archive (HAR's `log.creator`).
    public var creator: HARCreator?
    /// The interactions in file order.
    var interactions: [Interaction]

    /// How many interactions the file holds.
    public var interactionCount: Int { interactions.count }
}

/// One request pattern and what to answer when it matches.
struct Interaction: Sendable, Equatable {
    var request: RequestPattern
    /// One element for `response`; the sequence for `responses` (served in order, the last repeats).
    var responses: [ResponseTemplate]
    var isSequence: Bool
    var expectation: Expectation?
    var notes: String?
}

/// A response as the cassette states it, before units conversion and encoding.
struct ResponseTemplate: Sendable, Equatable {
    var status: Int
    var headers: [HeaderField]
    var body: ResponseBody?
    /// The units the body's temperatures and wind speeds are in.
    var units: Units
    /// Per-response delay and fault win over the interaction's (so a sequence can reset, then answer).
    var delay: DelaySpecification?
    var fault: FaultSpecification?
    var expectation: Expectation?
}

extension ResponseTemplate {
    /// This response with the interaction's delay, fault and expectation wherever it sets none of its
    /// own (docs/ARCHITECTURE.md#cassettes: interaction-level settings apply to every response of a sequence).
    func inheriting(
        delay: DelaySpecification?, fault: FaultSpecification?, expectation: Expectation?
    ) -> ResponseTemplate {
        var response = self
        response.delay = response.delay ?? delay
        response.fault = response.fault ?? fault
        response.expectation = response.expectation ?? expectation
        return response
    }
}

struct HeaderField: Sendable, Hashable {
    var name: String
    var value: String
}

/// A response body: exactly one of the three forms docs/ARCHITECTURE.md#cassettes allows.
enum ResponseBody: Sendable, Equatable {
    /// Any JSON value, served compactly with its number literals untouched.
    case json(JSONValue)
    /// Served byte for byte (malformed payloads, HTML error pages, an empty body).
    case text(String)
    /// Arbitrary bytes.
    case base64([UInt8])
}

/// OpenWeatherMap's `units` parameter.
enum Units: String, Sendable, CaseIterable {
    case standard
    case metric
    case imperial

    /// The API serves `standard` for a missing or unknown `units` value; so do we.
    init(requestValue: String?) {
        guard let requestValue else {
            self = .standard
            return
        }
        self = Units(rawValue: requestValue) ?? Units(rawValue: requestValue.lowercased()) ?? .standard
    }
}

/// What a correct client makes of an interaction (docs/ARCHITECTURE.md#cassettes); the contract tests are driven by it.
struct Expectation: Sendable, Equatable {
    var name: String?
    var celsius: Double?
    var error: ClientErrorKind?
    var message: String?
    /// The other keys of the block (`hourly`, `aqi`, `width`...), in the order of the ``CassetteKey/Expect`` cases.
    var details: [ExpectDetails.Entry] = []
}
