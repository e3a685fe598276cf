/// `log.creator` (or `log.browser`): a tool's name and version.
package struct HARCreator: Sendable, Hashable, CustomStringConvertible {
    /// `Proxyman`, `Charles Proxy`, `WebInspector` (Chrome), `Firefox`, `mitmproxy exporthar`, ...
    package var name: String
    /// As the tool writes it; empty when the archive gives none.
    package var version: String

    /// A creator; values are stored as given.
    package init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// `Proxyman 5.14.0`.
    package var description: String { version.isEmpty ? name : "\(name) \(version)" }

    /// The creator name mockweather writes, so its own archives can be recognised on import.
    static let mockweatherName = "mockweather"

    /// True for archives mockweather wrote: only then is its `_mockweather` extension read (HAR's rule
    /// for custom fields: honoured only by the tool that wrote them).
    package var isMockweather: Bool { name == Self.mockweatherName }
}
