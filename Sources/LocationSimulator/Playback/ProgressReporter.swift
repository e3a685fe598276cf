/// A one-line progress display for a terminal, rewritten in place (carriage return) at most ten times a
/// second: trace time, share done, nearest place, position, permission and fixes so far.
///
/// The caller decides whether to show it (only when standard error is a terminal), so redirected output
/// never fills with progress lines.
final class ProgressReporter {
    private let total: Double?
    private let clock: any PlaybackClock
    private let sink: @Sendable (String) -> Void
    private var lastUpdate = -Double.infinity
    private var delivered = 0
    private var lastLength = 0

    init(playback: Playback, limit: Double?, clock: any PlaybackClock, sink: @escaping @Sendable (String) -> Void) {
        switch (playback.duration, limit) {
        case (let duration?, let limit?): total = Swift.min(duration, limit)
        case (let duration?, nil): total = duration
        case (nil, let limit): total = limit
        }
        self.clock = clock
        self.sink = sink
    }

    func update(_ fix: LocationFix) {
        delivered += 1
        let now = clock.now()
        guard now - lastUpdate >= 0.1 else { return }
        lastUpdate = now
        var line = "  \(formatClock(fix.time))"
        if let total, total > 0 {
            line += " / \(formatClock(total)) (\(Int((100 * fix.time / total).rounded(.down)))%)"
        }
        if let name = fix.nearestWaypointName { line += "  near \(name)" }
        line += "  \(fix.coordinate)  \(fix.authorization.rawValue)  \(delivered) fixes"
        let padding = String(repeating: " ", count: Swift.max(0, lastLength - line.count))
        lastLength = line.count
        sink("\r" + line + padding)
    }

    func finish() {
        guard lastLength > 0 else { return }
        sink("\r" + String(repeating: " ", count: lastLength) + "\r")
    }
}
