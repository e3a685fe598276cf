package import Foundation
import Locking

/// The cassettes being served: one immutable `CassetteLibrary` at a time, swapped whole on reload,
/// `--watch`, or when record mode adds a cassette, so a request always sees one consistent set.
package final class CassetteStore: Sendable {
    /// The directory cassettes are loaded from.
    package let directory: URL
    /// The APIs the cassettes are read and answered for.
    package let providers: ProviderSet
    /// The library and what its reading of the directory left out, swapped together so the admin
    /// API never shows one set's cassettes with another's skipped entries.
    private let current: Locked<(library: CassetteLibrary, skipped: [SkippedEntry])>
    private let latestReload = Locked<ReloadOutcome?>(nil)

    /// How the latest reload attempt (the admin API's, or `--watch`'s) went.
    struct ReloadOutcome: Sendable {
        /// When it ran, in milliseconds since 1970.
        var timestampMilliseconds: Int64
        /// Why the files were refused (the previous set stayed); nil when the new set is served.
        var error: CassetteLoadError?
        /// What that reading of the directory left out and why, refused or not.
        var skipped: [SkippedEntry] = []
    }

    /// Loads `directory` for `providers`; throws with every problem when any file is invalid.
    package init(directory: URL, providers: ProviderSet) throws(CassetteLoadError) {
        self.directory = directory
        self.providers = providers
        let report = CassetteLoader.loadReporting(directory: directory, providers: providers)
        current = Locked((CassetteLibrary(cassettes: try report.result.get(), providers: providers), report.skipped))
    }

    /// Serves `library` (tests, and cassettes built in code); `directory` is used for reloads.
    package init(library: CassetteLibrary, directory: URL) {
        self.directory = directory
        providers = library.providers
        current = Locked((library, []))
    }

    /// The library requests are matched against right now.
    package var library: CassetteLibrary { current.withLock { $0.library } }

    /// What the reading of the directory behind ``library`` left out and why (directory cycles,
    /// dangling links, FIFOs, devices), in the order met; empty for a library built in code.
    package var skipped: [SkippedEntry] { current.withLock { $0.skipped } }

    /// Reads the directory again and serves the new set when it is valid; when it is not, the old set
    /// stays and the error says why. Sequence positions start over in the new set.
    /// What it left out is in ``lastReload`` (and, once served, ``skipped``).
    @discardableResult
    package func reload() throws(CassetteLoadError) -> CassetteLibrary {
        let report = CassetteLoader.loadReporting(directory: directory, providers: providers)
        let cassettes: [Cassette]
        do {
            cassettes = try report.result.get()
        } catch {
            latestReload.withLock {
                $0 = ReloadOutcome(
                    timestampMilliseconds: Timestamp.nowMilliseconds(), error: error, skipped: report.skipped)
            }
            throw error
        }
        let library = CassetteLibrary(cassettes: cassettes, providers: providers)
        current.withLock { $0 = (library, report.skipped) }
        latestReload.withLock {
            $0 = ReloadOutcome(timestampMilliseconds: Timestamp.nowMilliseconds(), error: nil, skipped: report.skipped)
        }
        return library
    }

    /// The latest reload attempt, nil when there was none since start-up (whose problems stop the
    /// server before it serves).
    var lastReload: ReloadOutcome? { latestReload.withLock { $0 } }

    /// Adds a cassette built at run time (record mode), after the loaded ones; throws when it repeats
    /// a request already served.
    func add(_ cassette: Cassette) throws(CassetteValidationError) {
        let next = try library.adding(cassette)
        current.withLock { $0.library = next }
    }

    /// Adds a recorded cassette, or replaces the one with the same name (`--record all` re-recording);
    /// throws when it repeats a request another cassette answers.
    package func addOrReplace(_ cassette: Cassette) throws(CassetteValidationError) {
        let next = try library.replacing(cassette)
        current.withLock { $0.library = next }
    }
}
