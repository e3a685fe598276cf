package import Gazetteer
package import HTTPServer
package import KoreaRegions
package import WeatherWorld

/// What a provider may answer from when no cassette matched (docs/ARCHITECTURE.md#the-world): the
/// synthetic world when the server was asked for it, and the gazetteer, which knows which places exist
/// whether or not the world is on.
package struct SynthesisContext: Sendable {
    /// The world, when `--synthesize` (or the in-process option, or `PUT /__admin/world`) turned it on;
    /// nil keeps the mock fail-closed: nothing invented.
    package var world: World?
    /// The places answers name, nil when this program has no gazetteer (a binary copied without its
    /// resource bundle).
    package var gazetteer: Gazetteer?
    /// South Korea's legal divisions, which the world's Kakao answers name; nil when this program has
    /// none. Read on first use, so only a server that synthesizes pays for them.
    package var korea: KoreaRegions?

    /// A context with `world`, `gazetteer` and `korea`.
    package init(world: World?, gazetteer: Gazetteer?, korea: KoreaRegions? = nil) {
        self.world = world
        self.gazetteer = gazetteer
        self.korea = korea
    }
}

/// A provider's answer from the world or from the gazetteer to a request no cassette matched.
package struct SynthesizedAnswer: Sendable {
    /// What the client is sent.
    package var response: HTTPResponse
    /// Whether the answer is invented weather (marked synthetic in its headers, the journal, the log
    /// and HAR) rather than a fact the gazetteer states without inventing anything (an unknown city's
    /// 404).
    package var isSynthetic: Bool
    /// What answered, as the journal shows it after the world's label (`current weather`), or the
    /// rule for a fact (`openweathermap: city not found`).
    package var rule: String

    /// An answer saying `response`.
    package init(response: HTTPResponse, isSynthetic: Bool, rule: String) {
        self.response = response
        self.isSynthetic = isSynthetic
        self.rule = rule
    }
}
