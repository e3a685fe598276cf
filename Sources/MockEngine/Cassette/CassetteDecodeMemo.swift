import Locking

/// Decoded cassette files by their content, so a file read again unchanged is not decoded again.
///
/// Decoding is most of a load's cost (docs/ARCHITECTURE.md#cassettes), and the same files are loaded
/// over and over in one process: every `--watch` reload reads the whole directory, and a test suite
/// starts an in-process server or replayer per test over the same cassettes. Decoding is a pure
/// function of a file's relative path, its bytes and the provider set, so the memo keys on exactly
/// those: a 128-bit keyed digest of the bytes (with their count), the path, and the provider set's
/// identity. A file is still read every time; nothing is trusted from a size or a modification time,
/// so an edit is seen however fast it follows the last load. A file with problems is memoized with
/// its problems, and a load that meets it again reports them again: fail-closed is unchanged.
///
/// Memory: an entry shares its cassette's storage with the library built from it. Entries the latest
/// load did not use are kept while their files add up to at most ``retainedByteLimit`` bytes (so a
/// process alternating between a few directories keeps hitting), and dropped beyond it (so a file
/// edited a thousand times under `--watch` leaves no thousand versions behind).
package final class CassetteDecodeMemo: Sendable {
    /// The memo the loader uses unless told otherwise.
    package static let shared = CassetteDecodeMemo()

    /// What a memoized file decoded to, with the canonical keys of its interactions (the duplicate
    /// check needs them for every file, changed or not).
    package struct Decoded: Sendable {
        package var cassette: Cassette?
        package var problems: [CassetteProblem]
        package var keys: [RequestPattern.CanonicalKey]
    }

    /// How many files were decoded and how many were answered from the memo, since it was made.
    package struct Counts: Sendable, Equatable {
        package var decoded = 0
        package var reused = 0
    }

    private struct Key: Hashable, Sendable {
        var file: String
        var digest: ContentDigest
        var providers: ProviderSet.Identity
    }

    private struct Entry: Sendable {
        var decoded: Decoded
        var byteCount: Int
        /// The load that used it last (``beginLoad()``'s number).
        var lastLoad: Int
    }

    private struct State: Sendable {
        var entries: [Key: Entry] = [:]
        var loads = 0
        var counts = Counts()
    }

    /// Bytes of files that entries unused by the latest load may stand for before they are dropped.
    package let retainedByteLimit: Int
    private let state = Locked(State())

    /// An empty memo keeping up to `retainedByteLimit` bytes' worth of entries the latest load did
    /// not use.
    package init(retainedByteLimit: Int = 8 * 1024 * 1024) {
        self.retainedByteLimit = retainedByteLimit
    }

    /// The files decoded and reused so far.
    package var counts: Counts { state.withLock { $0.counts } }

    /// How many files the memo holds.
    package var entryCount: Int { state.withLock { $0.entries.count } }

    /// Starts a load: entries it uses are marked with the number returned, for ``endLoad(_:)``.
    package func beginLoad() -> Int {
        state.withLock { state in
            state.loads += 1
            return state.loads
        }
    }

    /// `file` with `bytes` decoded with `providers`, from the memo when the same path, bytes and
    /// providers were decoded before, else decoded now and remembered. `load` is ``beginLoad()``'s number.
    package func decode(file: String, bytes: [UInt8], providers: ProviderSet, load: Int) -> Decoded {
        let key = Key(file: file, digest: ContentDigest(bytes), providers: providers.identity)
        let remembered = state.withLock { state -> Decoded? in
            guard var entry = state.entries[key] else { return nil }
            entry.lastLoad = max(entry.lastLoad, load)
            state.entries[key] = entry
            state.counts.reused += 1
            return entry.decoded
        }
        if let remembered { return remembered }
        let result = CassetteDecoder.decode(file: file, bytes: bytes, providers: providers)
        let decoded = Decoded(
            cassette: result.cassette, problems: result.problems,
            keys: result.cassette?.interactions.map(\.request.canonicalKey) ?? [])
        state.withLock { state in
            state.entries[key] = Entry(decoded: decoded, byteCount: bytes.count, lastLoad: load)
            state.counts.decoded += 1
        }
        return decoded
    }

    /// Ends load number `load`: when the entries it did not use stand for more than
    /// ``retainedByteLimit`` bytes, they are dropped.
    package func endLoad(_ load: Int) {
        state.withLock { state in
            let unused = state.entries.values.reduce(0) { $0 + ($1.lastLoad < load ? $1.byteCount : 0) }
            guard unused > retainedByteLimit else { return }
            state.entries = state.entries.filter { $0.value.lastLoad >= load }
        }
    }
}

/// A 128-bit digest of some bytes and their count, from two independently seeded SipHash runs
/// (`Hasher` is seeded at random per process, so a file cannot be crafted to collide with another).
struct ContentDigest: Hashable, Sendable {
    private var low: Int
    private var high: Int
    private var count: Int

    init(_ bytes: [UInt8]) {
        var first = Hasher()
        var second = Hasher()
        first.combine(UInt8(0))
        second.combine(UInt8(1))
        bytes.withUnsafeBytes { raw in
            first.combine(bytes: raw)
            second.combine(bytes: raw)
        }
        low = first.finalize()
        high = second.finalize()
        count = bytes.count
    }
}
