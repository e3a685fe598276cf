import MockEngine
public import MockWeather

// URLSession is in FoundationNetworking on Linux and in Foundation on Apple platforms.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// Replays cassettes to one URLSession with no socket at all: a URLProtocol attached to the
/// session's configuration (never registered globally), answering with the same matching, units
/// conversion, sequences, delays, faults and near-miss diagnosis as `mockweather serve`. Tests running
/// in parallel each make their own replayer and see only their own cassettes.
///
/// ```swift
/// let replayer = try MockWeatherReplayer(.bundled)
/// let session = replayer.makeSession()
/// let (data, _) = try await session.data(from: URL(string: "https://api.openweathermap.org/data/2.5/weather?q=Seoul")!)
/// ```
///
/// Every http and https request of the session is answered here, whatever its host; one no cassette
/// matches gets the 501 with its diagnosis. Keep the replayer as long as the session is used: once it
/// is gone, the session's requests fail with an error saying so.
public final class MockWeatherReplayer: Sendable {
    let stack: ReplayStack
    private let token: UInt64

    /// Loads `cassettes` for a session to replay.
    ///
    /// - Throws: ``MockWeatherSetupError`` naming every cassette problem, or an invalid provider setting.
    public init(_ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions())
        throws(MockWeatherSetupError)
    {
        stack = try options.stack(over: try cassettes.makeStore())
        token = ReplayerRegistry.register(stack)
    }

    deinit {
        ReplayerRegistry.remove(token)
    }

    /// Puts this replayer's protocol first in `configuration.protocolClasses`, so every http(s)
    /// request of a session made from it is replayed. Other configurations are untouched.
    public func attach(to configuration: URLSessionConfiguration) {
        let ours: AnyClass = ReplayerSlots.protocolClass(for: token)
        let others = (configuration.protocolClasses ?? []).filter { ObjectIdentifier($0) != ObjectIdentifier(ours) }
        configuration.protocolClasses = [ours] + others
    }

    /// A session that replays, made from `configuration` (ephemeral by default: no cookies or cache
    /// carry over between tests).
    public func makeSession(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        attach(to: configuration)
        return URLSession(configuration: configuration)
    }

    /// The requests answered so far (keys masked), and those no cassette matched.
    public var journal: ReplayJournal { ReplayJournal(stack.requestJournal) }

    /// Sequences back to their first response and the journal emptied (`POST /__admin/reset`).
    public func reset() { stack.reset() }

    /// The replayer's mock clock, to set or advance while its sessions run (``ReplayClock``).
    public var clock: ReplayClock { ReplayClock(stack.clock) }
}
