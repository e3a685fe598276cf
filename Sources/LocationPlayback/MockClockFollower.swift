import Basics
public import Foundation
import Locking

/// Moves a mockweather server's clock along a drive (`replay-location --follow-clock`): before each
/// fix's weather is asked, the mock clock is fixed at the fix's own time, so a three-hour drive gets
/// three hours of weather and a scenario's typhoon or front arrives when the drive reaches it.
///
/// The drive's time starts at the trace's own start when it has one (a GPX track's first `<time>`),
/// else at the mock clock's reading when the drive begins (`GET /__admin/clock`), which is where a
/// scenario's relative times count from when the server has just started. The clock is left fixed at
/// the last fix's time when the drive ends, so the dashboard shows the weather where the drive
/// stopped; `PUT /__admin/clock {"real": true}` puts it back. Only a server on this machine: the admin
/// API answers loopback clients only.
public final class MockClockFollower: Sendable {
    /// The server whose clock is moved.
    public let server: URL
    /// The drive's time at its first fix.
    public let start: Date
    /// How long each admin request may wait.
    let timeout: TimeInterval
    private let current: Locked<Date>

    private init(server: URL, start: Date, timeout: TimeInterval) {
        self.server = server
        self.start = start
        self.timeout = timeout
        current = Locked(start)
    }

    /// The drive's time the clock was last moved to (its start before the first move): the clock a
    /// client choosing the latest KMA issuance reads.
    public var now: Date { current.withLock { $0 } }

    /// A follower of the server at `server`, the drive starting at `traceStart` or, when nil, at the
    /// mock clock's reading now.
    ///
    /// - Throws: ``MockClockFollowerError`` when the server is not on this machine, not a mockweather
    ///   server, or not answering.
    public static func begin(server: URL, traceStart: Date?, timeout: TimeInterval = 3)
        async throws(MockClockFollowerError) -> MockClockFollower
    {
        guard RouteAnnouncement.isLoopback(server) else { throw .notLoopback(server) }
        if let traceStart { return MockClockFollower(server: server, start: traceStart, timeout: timeout) }
        let (status, body) = try await call("GET", body: nil, server: server, timeout: timeout)
        guard status == 200 else { throw .refused(status: status, message: AdminCall.message(of: body)) }
        guard let reading = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["now"] as? String,
            let milliseconds = ISO8601Time.milliseconds(reading)
        else {
            throw .refused(status: status, message: "GET /__admin/clock answered no \"now\" reading")
        }
        return MockClockFollower(
            server: server, start: Date(timeIntervalSince1970: Double(milliseconds) / 1_000), timeout: timeout)
    }

    /// The drive's time `elapsed` seconds after its start.
    public func instant(afterSeconds elapsed: TimeInterval) -> Date {
        start.addingTimeInterval(elapsed)
    }

    /// Fixes the mock clock at the drive's time `elapsed` seconds after its start, and returns it.
    @discardableResult
    public func move(afterSeconds elapsed: TimeInterval) async throws(MockClockFollowerError) -> Date {
        let instant = instant(afterSeconds: elapsed)
        let body = Data("{\"fixedAt\":\"\(Self.iso8601(instant))\"}".utf8)
        let (status, answer) = try await Self.call("PUT", body: body, server: server, timeout: timeout)
        guard status == 200 else { throw .refused(status: status, message: AdminCall.message(of: answer)) }
        current.withLock { $0 = instant }
        return instant
    }

    /// `instant` to the second in UTC (`2026-12-06T05:00:00Z`), as `PUT /__admin/clock` reads it.
    static func iso8601(_ instant: Date) -> String {
        let seconds = Int64(instant.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = CivilCalendar.date(daysSince1970: Int(days))
        let second = Int(seconds - days * 86_400)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-\(two(month))-\(two(day))T"
            + "\(two(second / 3_600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }

    private static func call(_ method: String, body: Data?, server: URL, timeout: TimeInterval)
        async throws(MockClockFollowerError) -> (Int, Data)
    {
        switch await AdminCall.send(method, "/__admin/clock", body: body, to: server, timeout: timeout) {
        case .success(let answer): return answer
        case .failure(let failure): throw .unreachable(server, failure.message)
        }
    }
}

/// Why the mock clock cannot follow the drive.
public enum MockClockFollowerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server is not on this machine, where its admin API answers.
    case notLoopback(URL)
    /// The server answered the clock request with an error (not a mockweather server: 404).
    case refused(status: Int, message: String)
    /// Nothing answered.
    case unreachable(URL, String)

    /// What went wrong and what to do, for the command line.
    public var description: String {
        switch self {
        case .notLoopback(let url):
            "--follow-clock moves a mockweather server's clock through its admin API, which answers only on this "
                + "machine; \(url.absoluteString) is not a loopback address"
        case .refused(let status, let message):
            "the server refused to move its clock (\(status)): \(message)"
                + (status == 404 ? "; --follow-clock needs a mockweather server" : "")
        case .unreachable(let url, let message):
            "no answer from \(url.absoluteString)/__admin/clock: \(message)"
        }
    }
}
