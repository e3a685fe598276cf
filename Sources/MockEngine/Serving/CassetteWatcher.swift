import Basics
import HTTPServer
import Locking
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--watch`: notices when cassette files are added, removed or changed, and reloads.
///
/// Polls the directory's fingerprint (paths and file identities) every `interval` (250 ms by
/// default, so a change is served within a second). When the new set is invalid the old one stays and
/// the event says why. `checkForChanges()` does one poll, so tests drive it without waiting.
package final class CassetteWatcher: Sendable {
    enum Event: Sendable, Equatable {
        case reloaded(cassettes: Int, interactions: Int)
        case refused(String)

        /// Whether the new files are served (rather than refused).
        var isReload: Bool {
            if case .reloaded = self { return true }
            return false
        }
    }

    private let store: CassetteStore
    private let interval: Duration
    private let onEvent: @Sendable (Event) -> Void
    private let lastFingerprint: Locked<CassetteFiles.Fingerprint>
    private let running = Atomic<Bool>(false)

    init(store: CassetteStore, interval: Duration = .milliseconds(250), onEvent: @escaping @Sendable (Event) -> Void) {
        self.store = store
        self.interval = interval
        self.onEvent = onEvent
        lastFingerprint = Locked(CassetteFiles.fingerprint(of: store.directory))
    }

    /// Polls once; reloads and reports when the files changed since the last poll.
    @discardableResult
    func checkForChanges() -> Event? {
        let fingerprint = CassetteFiles.fingerprint(of: store.directory)
        let changed = lastFingerprint.withLock { last in
            defer { last = fingerprint }
            return last != fingerprint
        }
        guard changed else { return nil }
        let event: Event
        do {
            let library = try store.reload()
            event = .reloaded(cassettes: library.cassettes.count, interactions: library.interactionCount)
        } catch {
            event = .refused(error.description)
        }
        onEvent(event)
        return event
    }

    func start() {
        guard !running.exchange(true, ordering: .relaxed) else { return }
        let microseconds = UInt32(interval.inMicroseconds)
        do {
            try startThread(name: "mockweather-watch") { [self] in
                while running.load(ordering: .relaxed) {
                    usleep(microseconds)
                    if running.load(ordering: .relaxed) { checkForChanges() }
                }
            }
        } catch {
            running.store(false, ordering: .relaxed)
            onEvent(.refused("--watch cannot poll the cassettes: \(error.description)"))
        }
    }

    func stop() { running.store(false, ordering: .relaxed) }
}
