import Basics
import Dispatch
import HTTPServer
import Locking

/// `GET /__admin/events`: the admin API's news as server-sent events, for the dashboard and for any
/// script that wants to follow a run live.
///
/// Events (each `data` is one line of JSON):
/// - `request`, `id` = the entry's sequence number: a journal entry, exactly as `/__admin/requests`
///   lists it.
/// - `missed`: entries were recorded faster than they could be sent (or a reset forgot them); the
///   client should fetch `/__admin/requests` again.
/// - `reset` (also sent first to a client that resumes after a number this server never gave out: it
///   saw an earlier run), `cassettes` (after a reload attempt, successful or not), `route` (the route
///   was set or cleared): re-read the matching endpoint.
///
/// Nothing here runs per request while no one is subscribed: the journal's observer is set only
/// while there are subscribers. With subscribers, recording an entry only wakes a delivery task if
/// none is running; the task sends every entry recorded meanwhile in one write per subscriber, so a
/// burst of requests costs one task, not one per request (docs/ARCHITECTURE.md#dashboard-and-live-events).
package final class AdminEventFeed: Sendable {
    private struct Subscriber {
        let stream: HTTPResponseStream
        /// The sequence number of the last entry sent to it.
        var cursor: Int
    }

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextIdentifier = 0
        var isDelivering = false
        var deliverAgain = false
    }

    /// What a subscriber is sent every so often while nothing happens (a comment line, which
    /// `EventSource` ignores), so a vanished browser is noticed and idle proxies keep the stream open.
    static let heartbeat = HTTPResponseStream.Heartbeat(interval: .seconds(15), bytes: Array(": keep-alive\n\n".utf8))

    private let journal: RequestJournal
    /// Where entries are sent from: a queue of its own, not the Swift concurrency pool, so a pool kept
    /// busy by the process that embeds the mock (a test suite's blocking calls) never holds back the
    /// dashboard's events.
    private let deliveryQueue = DispatchQueue(label: "mockweather.admin-events")
    private let describe: @Sendable (JournalEntry) -> JSONValue
    private let state = Locked(State())

    /// A feed of `journal`'s entries, each described by `describe` (the admin API's own description).
    init(journal: RequestJournal, describe: @escaping @Sendable (JournalEntry) -> JSONValue) {
        self.journal = journal
        self.describe = describe
    }

    /// How many streams are open now.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// A new event stream that first replays the retained entries numbered after `sequenceNumber`,
    /// then follows live until the client goes away or the server stops.
    func subscribe(after sequenceNumber: Int) -> HTTPResponseStream {
        let stream = HTTPResponseStream(heartbeat: Self.heartbeat)
        // The retry hint makes a browser reconnect within a second after a restart of the mock.
        stream.write(Array("retry: 1000\n\n".utf8))
        var cursor = max(0, sequenceNumber)
        if cursor > journal.counts.total {
            // Numbers this server never gave out: the client saw an earlier run of the mock (it
            // reconnected with that run's Last-Event-ID). Everything here is news to it.
            stream.write(Self.event(name: "reset", id: nil, data: .object(["restarted": .bool(true)])))
            cursor = 0
        }
        let identifier = state.withLock { state in
            defer { state.nextIdentifier += 1 }
            state.subscribers[state.nextIdentifier] = Subscriber(stream: stream, cursor: cursor)
            return state.nextIdentifier
        }
        stream.onClose { [weak self] in self?.unsubscribe(identifier) }
        journal.setObserver { [weak self] in self?.entriesRecorded() }
        entriesRecorded()  // the backlog
        return stream
    }

    /// Sends `name` with `data` to every subscriber (admin actions: reset, reload, route).
    func publish(_ name: String, data: JSONValue) {
        let bytes = Self.event(name: name, id: nil, data: data)
        let streams = state.withLock { $0.subscribers.values.map(\.stream) }
        for stream in streams { stream.write(bytes) }
    }

    private func unsubscribe(_ identifier: Int) {
        let isLast = state.withLock { state in
            state.subscribers[identifier] = nil
            return state.subscribers.isEmpty
        }
        // Back to costing nothing per request. A subscriber arriving meanwhile sets the observer again
        // after this (its `subscribe` runs after it added itself), so it is never left without one.
        if isLast {
            journal.setObserver(nil)
            if subscriberCount > 0 { journal.setObserver { [weak self] in self?.entriesRecorded() } }
        }
    }

    private func entriesRecorded() {
        let startsDelivery = state.withLock { state -> Bool in
            if state.isDelivering {
                state.deliverAgain = true
                return false
            }
            state.isDelivering = true
            return true
        }
        guard startsDelivery else { return }
        deliveryQueue.async { [self] in
            repeat {
                deliver()
            } while state.withLock { state in
                if state.deliverAgain {
                    state.deliverAgain = false
                    return true
                }
                state.isDelivering = false
                return false
            }
        }
    }

    /// Sends each subscriber the entries after its cursor, in one write.
    private func deliver() {
        let subscribers = state.withLock { $0.subscribers }
        var encoded: [Int: [UInt8]] = [:]  // an entry is described once for all subscribers
        for (identifier, subscriber) in subscribers {
            let (entries, missedSome) = journal.entries(after: subscriber.cursor)
            var bytes: [UInt8] = []
            if missedSome {
                bytes += Self.event(name: "missed", id: nil, data: .object(["after": .number(subscriber.cursor)]))
            }
            for entry in entries {
                if encoded[entry.sequenceNumber] == nil {
                    encoded[entry.sequenceNumber] = Self.event(
                        name: "request", id: String(entry.sequenceNumber), data: describe(entry))
                }
                bytes += encoded[entry.sequenceNumber]!
            }
            guard let last = entries.last?.sequenceNumber else { continue }
            subscriber.stream.write(bytes)
            state.withLock { state in
                if state.subscribers[identifier] != nil { state.subscribers[identifier]!.cursor = last }
            }
        }
    }

    /// One event in the `text/event-stream` format: `event:`, `id:` and one `data:` line.
    static func event(name: String, id: String?, data: JSONValue) -> [UInt8] {
        var bytes = Array("event: \(name)\n".utf8)
        if let id { bytes += Array("id: \(id)\n".utf8) }
        bytes += Array("data: ".utf8)
        bytes += data.compactBytes  // compact JSON has no raw newline, so one data line holds it all
        bytes += Array("\n\n".utf8)
        return bytes
    }
}
