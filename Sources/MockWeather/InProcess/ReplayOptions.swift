import Foundation

/// How an in-process replay behaves (the in-process server and the URLProtocol mode): the subset of
/// `mockweather serve`'s options that mean something without a command line or a socket.
public struct ReplayOptions: Sendable {
    /// Answer requests without `appid`/`APPID` with the API's own 401, before any location check.
    public var requireKey = false
    /// The status of the fail-closed answer to an unmatched request.
    public var unmatchedStatus = 501
    /// How many requests the journal keeps (a ring buffer); 0 keeps none, counters still count.
    public var journalCapacity = 1_000
    /// Extra latency and random faults for every replayed response, reproducible from the seed.
    public var chaos = ChaosConfiguration()
    /// Secrets masked in the journal and in unmatched answers beyond the key parameters.
    public var scrubber = KeyScrubber()

    /// The defaults of `mockweather serve`.
    public init() {}

    func serveOptions(directory: URL) -> ServeOptions {
        var options = ServeOptions(cassetteDirectory: directory)
        options.requireKey = requireKey
        options.unmatchedStatus = unmatchedStatus
        options.journalCapacity = journalCapacity
        options.chaos = chaos
        options.scrubber = scrubber
        return options
    }
}
