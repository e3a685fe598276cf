/// A cassette's whole form, as a library reaches it: held in memory since it was decoded, or read back
/// from a start-up snapshot and decoded when first asked for (docs/ARCHITECTURE.md#start-up-snapshots).
///
/// Read-back bytes are the ones validated when the snapshot was written (checked against their
/// checksum), so a cassette file edited after the server started changes nothing until a reload, as
/// with a cassette held in memory.
package final class CassetteContent: Sendable {
    private enum Storage: Sendable {
        // Indirect: a cassette is large, and every content read from a snapshot would pay its size.
        indirect case decoded(Cassette, bytes: [UInt8]?)
        case stored(StoredCassette)
    }

    private let storage: Storage
    /// What `stat` said of the file when it was read (see ``LoadedCassette/identity``).
    package let identity: FileIdentity?

    /// A cassette already decoded, with the bytes it was decoded from (nil when built in code) and
    /// the identity of the file they were read from (nil when it cannot be trusted or there is none).
    package init(decoded cassette: Cassette, bytes: [UInt8]?, identity: FileIdentity? = nil) {
        storage = .decoded(cassette, bytes: bytes)
        self.identity = identity
    }

    /// A cassette kept in a snapshot, decoded when first asked for; `identity` is its file's when the
    /// snapshot was written.
    package init(stored: StoredCassette, identity: FileIdentity?) {
        storage = .stored(stored)
        self.identity = identity
    }

    /// The cassette decoded at load, if it is in memory.
    package var inMemory: Cassette? {
        if case .decoded(let cassette, _) = storage { return cassette }
        return nil
    }

    /// The whole cassette: the one in memory, or its stored bytes decoded again (not kept: whoever
    /// asks keeps what it needs, so listing every cassette does not make them all resident).
    package func cassette() throws(CassetteContentError) -> Cassette {
        switch storage {
        case .decoded(let cassette, _): return cassette
        case .stored(let stored): return try stored.decode(identity: identity)
        }
    }

    /// Whether `bytes` are those the cassette was decoded from: compared in full when they are in
    /// memory, by length and checksum when they are kept in a snapshot (docs/ARCHITECTURE.md#start-up-snapshots).
    package func holds(_ bytes: [UInt8]) -> Bool {
        switch storage {
        case .decoded(_, let kept?): kept == bytes
        case .decoded(_, nil): false
        case .stored(let stored): stored.count == bytes.count && stored.checksum == SnapshotChecksum.of(bytes)
        }
    }

    /// The same cassette with its file's identity now `identity` (a file found to hold the same bytes
    /// after it was touched, copied or checked out again).
    package func with(identity: FileIdentity?) -> CassetteContent {
        switch storage {
        case .decoded(let cassette, let bytes): CassetteContent(decoded: cassette, bytes: bytes, identity: identity)
        case .stored(let stored): CassetteContent(stored: stored, identity: identity)
        }
    }

    /// The bytes the cassette was decoded from, for writing a snapshot; nil for a cassette built in code.
    package func bytes() throws(CassetteContentError) -> [UInt8]? {
        switch storage {
        case .decoded(_, let bytes): return bytes
        case .stored(let stored): return try stored.read(identity: identity)
        }
    }
}

/// Why a cassette kept in a start-up snapshot could not be read back when it was first asked for: the
/// snapshot was damaged or removed under the server and the cassette file has changed since.
package struct CassetteContentError: Error, Sendable, CustomStringConvertible {
    /// The cassette's file, relative to its directory.
    package var file: String
    /// What went wrong, for people.
    package var reason: String

    /// `cannot read openweathermap/current/seoul.json back: ...; reload the cassettes (POST /__admin/reload) or restart`.
    package var description: String {
        "cannot read the cassette \(file) back: \(reason); reload the cassettes (POST /__admin/reload) or restart"
    }
}
