import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decoded cassette files by their content, so a file read again unchanged is not decoded again.
///
/// Decoding is most of a load's cost (docs/ARCHITECTURE.md#cassettes), and the same files are loaded
/// over and over in one process: every `--watch` reload reads the whole directory, and a test suite
/// starts an in-process server or replayer per test over the same cassettes. Decoding is a pure
/// function of a file's relative path, its bytes and the provider set, so the memo files each result
/// under the path and the provider set's identity, with the bytes it came from, and reuses it only
/// for the same bytes, compared in full. A file is still read every time; nothing is trusted from a
/// size or a modification time, so an edit is seen however fast it follows the last load. A file with
/// problems is memoized with its problems, and a load that meets it again reports them again:
/// fail-closed is unchanged.
///
/// Memory: the bytes kept are the array the cassette's deferred bodies already point into, so an
/// entry usually costs no copy of the file. Entries the latest load did not use are kept while their
/// files add up to at most ``retainedByteLimit`` bytes (so a process alternating between a few
/// directories keeps hitting), and dropped beyond it (so a file edited a thousand times under
/// `--watch` leaves no thousand versions behind).
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
        var providers: ProviderSet.Identity
    }

    private struct Entry: Sendable {
        var bytes: [UInt8]
        var decoded: Decoded
        /// The load that used it last (``beginLoad()``'s number).
        var lastLoad: Int
    }

    private struct State: Sendable {
        /// Every remembered version of a file, oldest first (a few at most: see ``endLoad(_:)``).
        var entries: [Key: [Entry]] = [:]
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
    package var entryCount: Int { state.withLock { $0.entries.values.reduce(0) { $0 + $1.count } } }

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
        // No digest: a path seen for the first time (every file of a fresh process) costs one lookup,
        // and a path seen before is compared with its remembered bytes, which no file can collide with.
        let key = Key(file: file, providers: providers.identity)
        let remembered = state.withLock { state -> Decoded? in
            guard let versions = state.entries[key],
                let position = versions.firstIndex(where: { Self.same($0.bytes, bytes) })
            else { return nil }
            state.entries[key]![position].lastLoad = max(versions[position].lastLoad, load)
            state.counts.reused += 1
            return versions[position].decoded
        }
        if let remembered { return remembered }
        let result = CassetteDecoder.decode(file: file, bytes: bytes, providers: providers)
        let decoded = Decoded(
            cassette: result.cassette, problems: result.problems,
            keys: result.cassette?.interactions.map(\.request.canonicalKey) ?? [])
        state.withLock { state in
            // Two loads at once may both have decoded these bytes: one version is kept.
            if state.entries[key]?.contains(where: { Self.same($0.bytes, bytes) }) != true {
                state.entries[key, default: []].append(Entry(bytes: bytes, decoded: decoded, lastLoad: load))
            }
            state.counts.decoded += 1
        }
        return decoded
    }

    /// Ends load number `load`: when the entries it did not use stand for more than
    /// ``retainedByteLimit`` bytes, they are dropped.
    package func endLoad(_ load: Int) {
        state.withLock { state in
            var unused = 0
            for versions in state.entries.values {
                for entry in versions where entry.lastLoad < load { unused += entry.bytes.count }
            }
            guard unused > retainedByteLimit else { return }
            state.entries = state.entries.compactMapValues { versions in
                let kept = versions.filter { $0.lastLoad >= load }
                return kept.isEmpty ? nil : kept
            }
        }
    }

    private static func same(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        return left.withUnsafeBytes { left in
            right.withUnsafeBytes { right in
                left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }
}
