/// A cassette as a ``CassetteLibrary`` holds it: what listing and matching need, kept in memory, and
/// the whole cassette behind ``content``, in memory or read back from a start-up snapshot on first use
/// (docs/ARCHITECTURE.md#start-up-snapshots).
package struct LoadedCassette: Sendable {
    /// The file's path relative to the cassette directory (`openweathermap/current/seoul.json`).
    package let file: String
    /// Where the responses came from.
    package let source: CassetteSource
    /// How its interactions rank against other cassettes' (``Cassette/precedence``).
    package let precedence: Int
    /// How many interactions the file holds.
    package let interactionCount: Int
    /// The whole cassette, on demand.
    package let content: CassetteContent

    /// A record of the cassette in `file`; see the properties.
    package init(
        file: String, source: CassetteSource, precedence: Int, interactionCount: Int, content: CassetteContent
    ) {
        self.file = file
        self.source = source
        self.precedence = precedence
        self.interactionCount = interactionCount
        self.content = content
    }

    /// The file's path relative to the cassette directory, without `.json` (`openweathermap/current/seoul`).
    /// Made when asked: a library keeps one record per cassette, hundreds of thousands in a large set.
    package var name: String { CassetteDecoder.cassetteName(file) }

    /// What `stat` said of the file when it was read; nil for a cassette built in code or recorded at
    /// run time, and for a file read too soon after it changed. A later load that finds the same
    /// identity need not read the file again.
    package var identity: FileIdentity? { content.identity }
}

/// The request side of one interaction, as much of it as a library needs before the interaction is
/// first asked for: its pattern, whether it is a sequence, and how many responses it has.
package struct InteractionOutline: Sendable, Equatable {
    package var request: RequestPattern
    package var isSequence: Bool
    package var responseCount: Int

    /// An outline; see the properties.
    package init(request: RequestPattern, isSequence: Bool, responseCount: Int) {
        self.request = request
        self.isSequence = isSequence
        self.responseCount = responseCount
    }
}

/// A cassette ready to be put in a library: its record and its interactions' outlines, in file order.
package struct CassetteOutline: Sendable {
    package var cassette: LoadedCassette
    package var interactions: [InteractionOutline]

    /// An outline; see the properties.
    package init(cassette: LoadedCassette, interactions: [InteractionOutline]) {
        self.cassette = cassette
        self.interactions = interactions
    }

    /// The same outline with its file's identity now `identity` (see ``CassetteContent/with(identity:)``).
    func with(identity: FileIdentity?) -> CassetteOutline {
        CassetteOutline(
            cassette: LoadedCassette(
                file: cassette.file, source: cassette.source, precedence: cassette.precedence,
                interactionCount: cassette.interactionCount, content: cassette.content.with(identity: identity)),
            interactions: interactions)
    }

    /// The outline of a decoded cassette, whose content stays in memory with the bytes it was read
    /// from (nil for one built in code), and the file's identity when it was read from a directory.
    package init(decoded cassette: Cassette, bytes: [UInt8]? = nil, identity: FileIdentity? = nil) {
        self.cassette = LoadedCassette(
            file: cassette.file, source: cassette.source, precedence: cassette.precedence,
            interactionCount: cassette.interactions.count,
            content: CassetteContent(decoded: cassette, bytes: bytes, identity: identity))
        interactions = cassette.interactions.map {
            InteractionOutline(request: $0.request, isSequence: $0.isSequence, responseCount: $0.responses.count)
        }
    }
}
