import Basics
package import HTTPServer

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Everything `mockweather serve` can be told (docs/ARCHITECTURE.md#serving), with the documented defaults.
package struct ServeOptions: Sendable {
    /// The cassette directory (see `CassetteDirectory.resolve`).
    package var cassetteDirectory: URL
    /// The directory as the user named it (``CassetteDirectory/asGiven(origin:explicit:environment:)``),
    /// shown by `/__admin/health`; nil shows the directory's last component.
    package var cassetteDirectoryAsGiven: String?
    /// The address to bind; loopback unless told otherwise.
    package var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    package var port = 8080
    /// Request log format.
    package var logFormat = LogFormat.text
    /// At shutdown, list every unmatched request and report failure when there was any.
    package var failOnUnmatched = false
    /// Answer requests that carry no key with the API's own answer to that (each provider's rule).
    package var requireKey = false
    /// Reload when cassette files change.
    package var watch = false
    /// The status of the fail-closed answer to an unmatched request.
    package var unmatchedStatus = 501
    /// How many requests the journal keeps (a ring buffer); 0 keeps none.
    package var journalCapacity = 1_000
    /// Global latency and random faults.
    package var chaos = ChaosConfiguration()
    /// Event loops for the HTTP server; nil uses the server's default (one per core).
    package var eventLoopCount: Int?
    /// The certificates HTTPS is served with (`CONNECT` tunnels and ``servesTLSDirectly``), from the
    /// local CA; nil refuses `CONNECT` with 501.
    package var interception: (any TLSContextProvider)?
    /// `--tls-host`: hosts beyond the providers' that a tunnel may be opened for.
    package var tunnelHosts: [String] = []
    /// `--tls`: also serve HTTPS on the same port, to connections that open with a TLS handshake.
    package var servesTLSDirectly = false
    /// `--record new|all`: forward to the live API and write what comes back; nil replays only.
    package var recording: RecordingHook?
    /// Secrets and `--scrub` patterns masked in logs, the journal and error bodies beyond the secret
    /// parameters; record mode adds its keys. Nil masks the secret parameters only.
    package var scrubber: KeyScrubber?
    /// The APIs served.
    package var providers: ProviderSet
    /// `--allow-host`: names besides loopback and the bound address that the admin API and record
    /// mode accept in `Host` (a container's service name).
    package var allowedHosts: [String] = []
    /// `--clock`: where the mock clock starts (``MockClock``); real time by default.
    package var clock = MockClock.Setting.real
    /// `--provider-setting NAME=VALUE`: switches providers document (`kma.gateway=json`).
    package var providerSettings: [String: String] = [:]
    /// `--shift-times`: every answer whose provider knows its time fields has them moved so its anchor
    /// time is the clock's now, unless its cassette says `"shiftTimes": false` (Cassettes/README.md).
    package var shiftTimes = false
    /// `--no-answer-memo` sets it false: every request is matched and shaped anew, none answered from
    /// the ``AnswerMemo`` (to measure matching, or to rule the memo out).
    package var keepsAnswers = true
    /// `--allow-origin`: web origins allowed to drive the admin API and record mode (a web app the
    /// user develops).
    package var allowedOrigins: [String] = []
    /// `--snapshot-dir`: where the cassette directory's start-up snapshot is kept, so a restart reads
    /// only the files that changed (docs/ARCHITECTURE.md#start-up-snapshots); nil keeps none.
    package var snapshots: SnapshotFolder?
    /// `--synthesize`, `--scenario`, `--seed`: whether requests no cassette matches are answered from
    /// the synthetic world, and the gazetteer that names places (docs/ARCHITECTURE.md#the-world).
    package var synthesis = SynthesisOptions()

    /// Options with every default, the given directory and `providers`.
    package init(cassetteDirectory: URL, providers: ProviderSet) {
        self.cassetteDirectory = cassetteDirectory
        self.providers = providers
    }
}

/// How `mockweather` finds its cassettes when not told: `--cassettes`, else `MOCKWEATHER_CASSETTES`,
/// else `./Cassettes` when present, else the package's own bundled `Cassettes/`.
package enum CassetteDirectory {
    /// The directory to use and why (for the start-up line). `bundled` is asked only when it is the
    /// answer: finding the resource bundle costs a start that names its directory for nothing.
    package static func resolve(
        explicit: String?, environment: [String: String], currentDirectory: URL, bundled: () -> URL
    ) -> (directory: URL, origin: String) {
        if let explicit {
            return (URL(fileURLWithPath: explicit, relativeTo: currentDirectory).standardizedFileURL, "--cassettes")
        }
        if let fromEnvironment = environment["MOCKWEATHER_CASSETTES"], !fromEnvironment.isEmpty {
            return (
                URL(fileURLWithPath: fromEnvironment, relativeTo: currentDirectory).standardizedFileURL,
                "MOCKWEATHER_CASSETTES"
            )
        }
        let local = currentDirectory.appendingPathComponent("Cassettes")
        if FileSystemFacts.isDirectory(atPath: local.path) {
            return (local.standardizedFileURL, "./Cassettes")
        }
        return (bundled().standardizedFileURL, "bundled")
    }

    /// The directory as the user named it, for `/__admin/health`: what `--cassettes` or
    /// `MOCKWEATHER_CASSETTES` said, `Cassettes`, or `(bundled)`; never an absolute path the user did
    /// not type (it names their home folder to anything that reads the health endpoint).
    package static func asGiven(origin: String, explicit: String?, environment: [String: String]) -> String {
        switch origin {
        case "--cassettes": explicit ?? "Cassettes"
        case "MOCKWEATHER_CASSETTES": environment["MOCKWEATHER_CASSETTES"] ?? "Cassettes"
        case "bundled": "(bundled)"
        default: "Cassettes"
        }
    }
}
