import ArgumentParsing
import MockEngine

/// The options of `mockweather serve`, each declared once, beside its help text: `--help` lists them in
/// the order they are declared here (``all``), and `ServeCommand` reads each by its property.
struct ServeCommandOptions: Sendable {
    let cassettes = OptionSpec.option(
        "--cassettes", value: "DIR", help: "The cassette directory.", default: "see CASSETTE DIRECTORY")
    let host = OptionSpec.option(
        "--host", value: "HOST", help: "The address to bind. Anything but loopback exposes the mock.",
        default: "127.0.0.1")
    let port = OptionSpec.option(
        "--port", short: "-p", value: "PORT", help: "The port to bind; 0 picks a free one.", default: "8080")
    let allowHost = OptionSpec.option(
        "--allow-host", value: "NAME",
        help: "Also accept this name in Host for the admin API and record mode (a container's service name); "
            + "loopback names and the bound address always are.",
        repeatable: true)
    let allowOrigin = OptionSpec.option(
        "--allow-origin", value: "ORIGIN",
        help: "Let web pages of this origin (http://localhost:3000) drive the admin API and record mode; "
            + "pages of other origins never can.",
        repeatable: true)
    let portFile = OptionSpec.option(
        "--port-file", value: "FILE", help: "Write the bound port to FILE (atomically) for scripts.")
    let logFormat = OptionSpec.option(
        "--log-format", value: "FORMAT", help: "Request log lines: 'text' or 'json' (JSON Lines).", default: "text")
    let failOnUnmatched = OptionSpec.flag(
        "--fail-on-unmatched",
        help: "At shutdown, list every unmatched request and exit 1 if there was any (for CI).")
    let requireKey = OptionSpec.flag(
        "--require-key",
        help: "Answer requests that carry no key with each API's own answer to that (OpenWeatherMap's 401), before "
            + "any location check.")
    let watch = OptionSpec.flag(
        "--watch", help: "Reload when cassette files change (keeps the old set if invalid).")
    let unmatchedStatus = OptionSpec.option(
        "--unmatched-status", value: "STATUS", help: "Status of the fail-closed answer to an unmatched request.",
        default: "501")
    let journalSize = OptionSpec.option(
        "--journal-size", value: "N", help: "Requests kept for GET /__admin/requests (a ring buffer; 0 keeps none).",
        default: "1000")
    let latency = OptionSpec.option(
        "--latency", value: "MS",
        help: "Extra delay for every replayed response: '200' or a uniform range '100-500' (ms).")
    let faultRate = OptionSpec.option(
        "--fault-rate", value: "P",
        help: "Probability (0 to 1) that a replayed response is replaced by a random fault.",
        default: "0")
    let faultKinds = OptionSpec.option(
        "--fault-kinds", value: "LIST", help: "Faults --fault-rate picks from: reset,empty,truncate,drip,hang.",
        default: "reset,empty,truncate")
    let seed = OptionSpec.option(
        "--seed", value: "N",
        help: "Seed for the synthetic world's weather (--synthesize; 1 when not given), --latency ranges, "
            + "--fault-rate and uniformMs delays.",
        default: "random for delays and faults, printed at start-up")
    let eventLoops = OptionSpec.option(
        "--event-loops", value: "N", help: "HTTP event-loop threads.", default: "one per core")
    let exitOnStandardInputEOF = OptionSpec.flag(
        "--exit-on-stdin-eof",
        help: "Shut down gracefully when standard input is closed: a test harness that holds the pipe open "
            + "can never leave an orphan server behind, even if it is killed.")
    let clock = OptionSpec.option(
        "--clock", value: "TIME",
        help: "Fix the mock clock at TIME, an ISO 8601 date-time with a UTC offset or Z (2026-12-01T02:05+09:00). "
            + "It stands still there until PUT /__admin/clock sets it or POST /__admin/clock/advance moves it; "
            + "answers that depend on now (KMA issuances, --shift-times) read it.",
        default: "real time")
    let shiftTimes = OptionSpec.flag(
        "--shift-times",
        help: "Move every time of a recorded OpenWeatherMap answer by one offset so it looks current: its anchor "
            + "(dt) lands on the clock's now. A cassette's \"shiftTimes\": false opts out (Cassettes/README.md).")
    let noAnswerMemo = OptionSpec.flag(
        "--no-answer-memo",
        help: "Match and shape every request anew instead of answering a request seen before as it was "
            + "answered then (docs/ARCHITECTURE.md#the-answer-memo): for measuring matching, or ruling the memo out.")
    let providerSetting = OptionSpec.option(
        "--provider-setting", value: "NAME=VALUE",
        help: "A switch a provider documents, NAME as <provider>.<setting> (kma.gateway=json).", repeatable: true)
    let snapshotDirectory = OptionSpec.option(
        "--snapshot-dir", value: "DIR",
        help: "Where the cassette directory's start-up snapshot is kept, so a restart reads only the files that "
            + "changed; 'off' keeps none.",
        default: "$\(SnapshotFolder.environmentVariable), else ~/.cache/mockweather")
    let record = OptionSpec.option(
        "--record", value: "MODE",
        help: "'new': replay what matches, forward the rest to the live API and record it under DIR/recorded/ "
            + "(never overwriting); 'all': forward and re-record everything; 'none': replay only. Needs a key.",
        default: "none")
    let tls = OptionSpec.flag(
        "--tls",
        help: "Also serve HTTPS on the same port, for apps given https://127.0.0.1:PORT: a connection that opens "
            + "with a TLS handshake gets a certificate from the local CA (mockweather ca) for localhost, 127.0.0.1, "
            + "::1, the APIs' hosts and each --tls-host.")
    let tlsHost = OptionSpec.option(
        "--tls-host", value: "NAME",
        help: "Also intercept HTTPS tunnels (CONNECT NAME:443) to this host, beside the APIs' own; any other host "
            + "is refused, never tunnelled to the internet.",
        repeatable: true)
    let caDirectory = OptionSpec.option(
        "--ca-dir", value: "DIR", help: "Where the local CA lives (made there on first use; see mockweather ca).",
        default: "$MOCKWEATHER_CA_DIR, else the user's data folder")
    let synthesize = WorldOptions.synthesize
    let scenario = WorldOptions.scenario

    /// Every option in declaration order, then the upstream options record mode shares with `record`
    /// and `verify`. Read from the stored properties (as swift-argument-parser finds a command's
    /// options), so an option declared above cannot be left out of `--help` or the parser.
    var all: [OptionSpec] {
        Mirror(reflecting: self).children.compactMap { $0.value as? OptionSpec } + UpstreamOptions.all
    }
}
