public import Foundation

/// Everything `mockweather serve` can be told (docs/ARCHITECTURE.md#serving), with the documented defaults.
public struct ServeOptions: Sendable {
    /// The cassette directory (see `CassetteDirectory.resolve`).
    public var cassetteDirectory: URL
    /// The address to bind; loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port = 8080
    /// Request log format.
    public var logFormat = LogFormat.text
    /// At shutdown, list every unmatched request and report failure when there was any.
    public var failOnUnmatched = false
    /// Answer requests without `appid`/`APPID` with the API's own 401, before any location check.
    public var requireKey = false
    /// Reload when cassette files change.
    public var watch = false
    /// The status of the fail-closed answer to an unmatched request.
    public var unmatchedStatus = 501
    /// How many requests the journal keeps (a ring buffer); 0 keeps none.
    public var journalCapacity = 1_000
    /// Global latency and random faults.
    public var chaos = ChaosConfiguration()
    /// Event loops for the HTTP server; nil uses the server's default (one per core).
    public var eventLoopCount: Int?
    /// `--record new|all`: forward to the live API and write what comes back; nil replays only.
    public var recording: RecordingOptions?
    /// Secrets masked in logs, the journal and error bodies beyond key parameters (`--scrub`); record
    /// mode adds its key.
    public var scrubber = KeyScrubber()

    /// Options with every default and the given directory.
    public init(cassetteDirectory: URL) {
        self.cassetteDirectory = cassetteDirectory
    }
}

/// How `mockweather` finds its cassettes when not told: `--cassettes`, else `MOCKWEATHER_CASSETTES`,
/// else `./Cassettes` when present, else the package's own bundled `Cassettes/`.
public enum CassetteDirectory {
    /// The directory to use and why (for the start-up line).
    public static func resolve(
        explicit: String?, environment: [String: String], currentDirectory: URL, bundled: URL
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
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: local.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (local.standardizedFileURL, "./Cassettes")
        }
        return (bundled.standardizedFileURL, "bundled")
    }
}

/// The version `mockweather --version` prints.
public enum MockWeatherVersion {
    /// Semantic version of the mock server and cassette tooling.
    public static let current = "0.1.0"
}
