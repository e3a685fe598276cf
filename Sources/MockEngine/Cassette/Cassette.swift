package import Basics

/// Where a cassette's responses came from. Cassettes are honest about it (docs/ARCHITECTURE.md#cassettes):
/// `recorded` only for responses captured from the live API by record mode.
package enum CassetteSource: String, Sendable, CaseIterable {
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
package struct Cassette: Sendable, Equatable {
    /// The file's path relative to the cassette directory, without `.json` (`openweathermap/current/seoul`).
    package var name: String
    /// The file's path relative to the cassette directory (`openweathermap/current/seoul.json`).
    package var file: String
    /// Where the responses came from.
    package var source: CassetteSource
    /// When the responses were recorded (ISO 8601), if known.
    package var recordedAt: String?
    /// Free text for humans.
    package var notes: String?
    /// For imported cassettes: the tool that wrote the archive (HAR's `log.creator`).
    package var creator: HARCreator?
    /// The interactions in file order.
    package var interactions: [Interaction]
    /// How its interactions rank against other cassettes' (docs/ARCHITECTURE.md#matching): a request
    /// that an interaction of higher precedence matches is answered by it, whatever those of lower
    /// precedence would say. 0 for every file; an in-process replay raises the cassettes a test puts
    /// over another set (`CassetteSet.overridden(by:)`).
    package var precedence = 0

    /// How many interactions the file holds.
    package var interactionCount: Int { interactions.count }
}

/// One request pattern and what to answer when it matches.
package struct Interaction: Sendable, Equatable {
    package var request: RequestPattern
    /// One element for `response`; the sequence for `responses` (served in order, the last repeats).
    package var responses: [ResponseTemplate]
    package var isSequence: Bool
    var expectation: Expectation?
    var notes: String?
}

/// A response as the cassette states it, before units conversion and encoding.
package struct ResponseTemplate: Sendable, Equatable {
    package var status: Int
    var headers: [HeaderField]
    package var body: ResponseBody?
    /// The unit system the body is in (`metric`), one of its provider's ``RequestVocabulary/unitSystems``:
    /// as the cassette states it, else the provider's default; nil for an API without units.
    package var units: String?
    /// Per-response delay and fault win over the interaction's (so a sequence can reset, then answer).
    package var delay: DelaySpecification?
    package var fault: FaultSpecification?
    var expectation: Expectation?
    /// `shiftTimes` as the cassette states it (the response's, else the document's): whether its
    /// recorded times are moved to the clock's now (docs/ARCHITECTURE.md#the-mock-clock); nil leaves
    /// it to the server's `--shift-times`.
    package var shiftTimes: Bool?
    /// `timeFields`: where this answer's times are, for an answer its provider does not know; nil
    /// uses the provider's own list. The first field's first time is the anchor.
    package var timeFields: [TimeField]?

    /// Whether `request` gets this response with its times shifted: the cassette's say, else the
    /// server's `--shift-times`.
    package func shiftsTimes(for request: ReplayRequest) -> Bool {
        shiftTimes ?? request.shiftsTimesByDefault
    }
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

package struct HeaderField: Sendable, Hashable {
    package var name: String
    package var value: String

    /// The field `name: value`.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A response body: exactly one of the three forms docs/ARCHITECTURE.md#cassettes allows.
package enum ResponseBody: Sendable, Equatable {
    /// Any JSON value, served compactly with its number literals untouched.
    case json(JSONValue)
    /// Served byte for byte (malformed payloads, HTML error pages, an empty body).
    case text(String)
    /// Arbitrary bytes.
    case base64([UInt8])
}

/// What a correct client makes of an interaction (docs/ARCHITECTURE.md#cassettes); the contract tests are driven by it.
///
/// Its vocabulary is the provider's (``ExpectVocabulary``): a success states details (`name`, `celsius`,
/// `hourly`...), an error states its kind and, optionally, the server's message.
package struct Expectation: Sendable, Equatable {
    /// The error kind a correct client reports (one of the provider's ``ExpectVocabulary/errorKinds``).
    var error: String?
    var message: String?
    /// The other keys of the block (`name`, `celsius`, `hourly`, `aqi`...), in the vocabulary's order.
    var details: [ExpectDetails.Entry] = []

    /// An expectation; see the properties.
    package init(error: String? = nil, message: String? = nil, details: [ExpectDetails.Entry] = []) {
        self.error = error
        self.message = message
        self.details = details
    }

    /// The detail named `name`, when the block states it.
    package func detail(_ name: String) -> ExpectDetails.Value? {
        details.first { $0.name == name }?.value
    }
}
