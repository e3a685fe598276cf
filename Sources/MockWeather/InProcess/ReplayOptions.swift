public import Foundation
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
    /// Where the mock clock starts (``ReplayClock``): fixed at this instant, standing still until the
    /// test sets or advances it; nil follows real time. An instant before year 1 or after year 9999
    /// fails the start with ``MockWeatherSetupError/clockOutOfRange(_:)``.
    public var clock: Date?
    /// Move every time of a recorded answer whose provider knows its time fields (OpenWeatherMap's
    /// `dt`, sunrise, forecast items...) by one offset so its anchor lands on the clock's now, as
    /// `mockweather serve --shift-times` does; a cassette's `"shiftTimes": false` opts out.
    public var shiftTimes = false
    /// Switches providers document, by `<provider>.<setting>` (`"kma.gateway": "json"`), as
    /// `mockweather serve --provider-setting` takes them; a name that is no registered provider's
    /// setting, or a value the setting does not take, fails the start with
    /// ``MockWeatherSetupError/invalidProviderSetting(name:expected:)``.
    public var providerSettings: [String: String] = [:]
    /// Answer requests no cassette matches from the synthetic world (``Synthesis``), marked synthetic;
    /// nil (the default) fails them closed. An unknown scenario fails the start with
    /// ``MockWeatherSetupError/invalidScenario(reason:)``.
    public var synthesis: Synthesis?
    /// Intercept HTTPS for the in-process server (``HTTPSInterception``): `CONNECT` tunnels to the APIs'
    /// hosts served with the local CA's certificates; nil (the default) refuses `CONNECT`. The
    /// URLProtocol mode has no socket and ignores it.
    public var https: HTTPSInterception?

    /// Record mode's hook, set by MockWeatherTesting when the environment asks to record
    /// (`MOCKWEATHER_RECORD`); nil replays only. This module never reaches the recorder itself.
    package var recording: RecordingHook?

    /// The defaults of `mockweather serve`.
    public init() {}

    /// The replay stack these options make over `store`, with no socket and no log (URLProtocol mode).
    package func stack(over store: CassetteStore) throws(MockWeatherSetupError) -> ReplayStack {
        ReplayStack(
            options: try serveOptions(directory: store.directory), store: store, log: nil, diagnostics: NoLog())
    }

    /// `mockweather serve`'s options for these.
    ///
    /// - Throws: ``MockWeatherSetupError/invalidProviderSetting(name:expected:)`` for a provider
    ///   setting whose name is not `<provider>.<setting>` of a registered provider's setting, or whose
    ///   value that setting does not take;
    ///   ``MockWeatherSetupError/clockOutOfRange(_:)`` for a ``clock`` outside the mock clock's range.
    package func serveOptions(directory: URL) throws(MockWeatherSetupError) -> ServeOptions {
        var options = ServeOptions(cassetteDirectory: directory, providers: Providers.all)
        for (name, value) in providerSettings.sorted(by: { $0.key < $1.key }) {
            do {
                try Providers.all.checkSetting(name, value: value)
            } catch {
                throw .invalidProviderSetting(name: name, expected: error.expected)
            }
        }
        options.providerSettings = providerSettings
        if let clock, !ClockRange.contains(clock) { throw .clockOutOfRange(.outOfRange(clock)) }
        options.clock = clock.map(MockClock.Setting.fixed) ?? .real
        options.shiftTimes = shiftTimes
        options.requireKey = requireKey
        options.unmatchedStatus = unmatchedStatus
        options.journalCapacity = journalCapacity
        options.chaos = chaos
        options.synthesis = try Synthesis.options(synthesis)
        if !secrets.isEmpty || recording != nil {
            options.scrubber = KeyScrubber(secretParameters: Providers.all.secretParameters)
                .adding(secrets: secrets + (recording?.secrets ?? []))
        }
        options.recording = recording
        try https?.configure(&options)
        return options
    }
}
