package import Foundation
import Locking

/// The cassettes being served: one immutable `CassetteLibrary` at a time, swapped whole on reload,
/// `--watch`, or when record mode adds a cassette, so a request always sees one consistent set.
package final class CassetteStore: Sendable {
    /// The directory cassettes are loaded from.
    package let directory: URL
    /// The APIs the cassettes are read and answered for.
    package let providers: ProviderSet
    private let current: Locked<CassetteLibrary>
    private let latestReload = Locked<ReloadOutcome?>(nil)

    /// How the latest reload attempt (the admin API's, or `--watch`'s) went.
    struct ReloadOutcome: Sendable {
        /// When it ran, in milliseconds since 1970.
        var timestampMilliseconds: Int64
        /// Why the files were refused (the previous set stayed); nil when the new set is served.
        var error: CassetteLoadError?
    }

    /// Loads `directory` for `providers`; throws with every problem when any file is invalid.
    package init(directory: URL, providers: ProviderSet) throws(CassetteLoadError) {
        self.directory = directory
        self.providers = providers
        current = Locked(
            CassetteLibrary(
                cassettes: try CassetteLoader.load(directory: directory, providers: providers), providers: providers))
    }

    /// Serves `library` (tests, and cassettes built in code); `directory` is used for reloads.
    package init(library: CassetteLibrary, directory: URL) {
        self.directory = directory
        providers = library.providers
        current = Locked(library)
    }

    /// The library requests are matched against right now.
    package var library: CassetteLibrary { current.withLock { $0 } }

    /// Reads the directory again and serves the new set when it is valid; when it is not, the old set
    /// stays and the error says why. Sequence positions start over in the new set.
    @discardableResult
    package func reload() throws(CassetteLoadError) -> CassetteLibrary {
        let cassettes: [Cassette]
        do {
            cassettes = try CassetteLoader.load(directory: directory, providers: providers)
        } catch {
            latestReload.withLock {
                $0 = ReloadOutcome(timestampMilliseconds: Timestamp.nowMilliseconds(), error: error)
            }
            throw error
        }
        let library = CassetteLibrary(cassettes: cassettes, providers: providers)
        current.withLock { $0 = library }
        latestReload.withLock { $0 = ReloadOutcome(timestampMilliseconds: Timestamp.nowMilliseconds(), error: nil) }
        return library
    }

    /// The latest reload attempt, nil when there was none since start-up (whose problems stop the
    /// server before it serves).
    var lastReload: ReloadOutcome? { latestReload.withLock { $0 } }

    /// Adds a cassette built at run time (record mode), after the loaded ones; throws when it repeats
    /// a request already served.
    func add(_ cassette: Cassette) throws(CassetteValidationError) {
        let next = try library.adding(cassette)
        current.withLock { $0 = next }
    }

    /// Adds a recorded cassette, or replaces the one with the same name (`--record all` re-recording);
    /// throws when it repeats a request another cassette answers.
    package func addOrReplace(_ cassette: Cassette) throws(CassetteValidationError) {
        let next = try library.replacing(cassette)
        current.withLock { $0 = next }
    }
}
