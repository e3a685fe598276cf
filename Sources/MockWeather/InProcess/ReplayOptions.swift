package import Foundation
package import MockEngine
import MockProviders

/// How an in-process replay behaves (the in-process server and the URLProtocol mode): the subset of
/// `mockweather serve`'s options that mean something without a command line or a socket.
public struct ReplayOptions: Sendable {
    /// Answer requests that carry no key with each API's own answer to that (OpenWeatherMap's 401),
    /// before any location check.
    public var requireKey = false
    /// The status of the fail-closed answer to an unmatched request.
    public var unmatchedStatus = 501
    /// How many requests the journal keeps (a ring buffer); 0 keeps none, counters still count.
    public var journalCapacity = 1_000
    /// Extra latency and random faults for every replayed response, reproducible from the seed.
    public var chaos = ChaosConfiguration()
    /// Secrets masked in the journal and in unmatched answers wherever they appear, in every encoded
    /// form (key parameters are masked anyway).
    public var secrets: [String] = []

    /// The defaults of `mockweather serve`.
    public init() {}

    /// The replay stack these options make over `store`, with no socket and no log (URLProtocol mode).
    package func stack(over store: CassetteStore) -> ReplayStack {
        ReplayStack(
            options: serveOptions(directory: store.directory), store: store, log: nil, diagnostics: NoLog())
    }

    /// `mockweather serve`'s options for these.
    package func serveOptions(directory: URL) -> ServeOptions {
        var options = ServeOptions(cassetteDirectory: directory, providers: Providers.all)
        options.requireKey = requireKey
        options.unmatchedStatus = unmatchedStatus
        options.journalCapacity = journalCapacity
        options.chaos = chaos
        if !secrets.isEmpty {
            options.scrubber = KeyScrubber(secretParameters: Providers.all.secretParameters).adding(secrets: secrets)
        }
        return options
    }
}
