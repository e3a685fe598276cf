import ArgumentParsing
import Basics
import Foundation
import LocationSimulator

/// The command line of `replay-location`: its options, and how they become ``PlaybackOptions``.
enum ReplayLocationCommand {
    static let realtime = OptionSpec.flag(
        "--realtime", help: "Play in real time, scaled by the trace's playbackSpeed (1 if it has none).")
    static let speed = OptionSpec.option(
        "--speed", value: "N", help: "Play in real time, N times faster (0.5 = half speed, 60 = a minute per second).")
    static let instant = OptionSpec.flag(
        "--instant", help: "Emit every fix as fast as possible (the default when no pace is given).")
    static let interval = OptionSpec.option(
        "--interval", value: "S",
        help: "Seconds of trace time between fixes (bare number in seconds, or 250ms, 2m).",
        default: "the trace's intervalSeconds, else 1")
    static let duration = OptionSpec.option(
        "--duration", value: "S",
        help: "Stop after this much trace time (needed to emit a forever-looping trace instantly).")
    static let distanceFilter = OptionSpec.option(
        "--distance-filter", value: "M",
        help: "Deliver a fix only once it is M metres from the last delivered one (CoreLocation's distanceFilter).",
        default: "0, every fix")
    static let format = OptionSpec.option(
        "--format", value: "FORMAT", help: "Output format: jsonl, gpx, geojson, nmea, simctl or csv.", default: "jsonl")
    static let grid = OptionSpec.option(
        "--grid", value: "kma", help: "Add the KMA forecast grid cell (nx, ny) to each fix (jsonl, csv, geojson).")
    static let weather = OptionSpec.option(
        "--weather", value: "URL|kma",
        help: "Fetch the weather at each delivered fix from an OpenWeatherMap-compatible server (e.g. mockweather "
            + "serve) and print one line per fix instead of the fixes. With kma, ask the KMA village forecast at "
            + "--server for each new grid cell the trace enters (the key from KMA_SERVICE_KEY; mockweather serve "
            + "accepts any key) and print one line per cell. A mockweather server on this machine is first sent "
            + "the trace's route, for its dashboard's map.")
    static let server = OptionSpec.option(
        "--server", value: "URL", help: "With --weather kma, the server to ask.", default: "http://127.0.0.1:8080")
    static let placeNames = OptionSpec.flag(
        "--place-names",
        help: "With --weather, name each fix's district with Kakao Local at the same server (서울 중구 … 대구 중구), "
            + "the key from KAKAO_REST_API_KEY (mockweather serve accepts any key of its form).")
    static let followClock = OptionSpec.flag(
        "--follow-clock",
        help: "With --weather, fix the mockweather server's clock at each fix's time before asking its weather "
            + "(the trace's own start, else the clock's reading now, plus the fix's time), so a three-hour drive "
            + "gets three hours of weather and a scenario's events arrive on time. The clock stays at the last "
            + "fix's time.")
    static let exec = OptionSpec.option(
        "--exec", value: "TEMPLATE",
        help: "Run a shell command per delivered fix with {lat}, {lon}, {time}, {elapsed}, {speed}, {course} and "
            + "{accuracy} filled in. A failing command stops playback.")
    static let seed = OptionSpec.option(
        "--seed", value: "N", help: "Seed for the position noise.", default: "the trace's noise.seed, else 0")
    static let svg = OptionSpec.option(
        "--svg", value: "FILE", help: "Draw the route and the delivered fixes as an SVG map.")
    static let output = OptionSpec.option(
        "--output", short: "-o", value: "FILE", help: "Write fixes to FILE (atomically) instead of standard output.")
    static let stats = OptionSpec.flag(
        "--stats", help: "Print a summary on standard error: fixes, rate, and realtime lateness percentiles.")

    static let spec = CommandSpec(
        name: "replay-location",
        abstract: "Play a scripted location trace: fixes for simulators, apps and CI, optionally with the weather.",
        discussion: """
            EXAMPLES:
              replay-location Scripts/traces/seoul-to-daegu.json --interval 60 --format csv
              replay-location Scripts/traces/seoul-to-daegu.json --realtime --weather http://127.0.0.1:8080
              replay-location Scripts/traces/seoul-to-daegu.json --weather kma
              replay-location busan-to-gangneung.json --weather http://127.0.0.1:8080 --place-names --follow-clock
              replay-location walk.json --realtime --exec 'xcrun simctl location booted set {lat},{lon}'
              replay-location drive.gpx --speed 10 --exec 'adb emu geo fix {lon} {lat}'
              replay-location Scripts/traces/seoul-to-daegu.json --svg drive.svg --format geojson -o drive.geojson

            Traces are mockweather-trace/1 JSON files or GPX files. Progress is shown on standard error when it is
            a terminal. Ctrl-C stops cleanly: the output is completed with the fixes so far and the exit status is
            130. Exit status 64 means a usage error, 65 a bad trace, 69 a failing --exec command or output file.
            With --weather, a failed weather request is printed on its line and playback goes on.
            """,
        options: [
            realtime, speed, instant, interval, duration, distanceFilter, format, grid, weather, server, placeNames,
            followClock, exec, seed, svg,
            output,
            stats,
        ],
        positionals: [PositionalSpec("trace", help: "A mockweather-trace/1 JSON file or a GPX file.")]
    )

    /// The pace the command line asks for, given the trace's own playback speed.
    static func pace(_ arguments: ParsedArguments, tracePlaybackSpeed: Double) throws(UsageError) -> PlaybackPace {
        let given = [realtime, speed, instant].filter { arguments.contains($0) }
        if given.count > 1 { throw .conflictingOptions(given[0].name, given[1].name) }
        if let factor = try arguments.number(speed, in: 0.001...1_000_000) { return .realtime(speed: factor) }
        return arguments.flag(realtime) ? .realtime(speed: tracePlaybackSpeed) : .instant
    }

    /// The `--weather` drive: OpenWeatherMap at a URL, or the KMA forecast at `--server`; each URL must
    /// be http or https with a host.
    static func weatherDrive(_ arguments: ParsedArguments) throws(UsageError) -> WeatherDrive? {
        guard let text = arguments.value(weather) else {
            if arguments.contains(server) { throw .other("--server needs --weather kma") }
            return nil
        }
        if text.lowercased() == "kma" {
            return .kma(try serverURL(arguments.value(server) ?? "http://127.0.0.1:8080", option: server.name))
        }
        if arguments.contains(server) { throw .other("--server is for --weather kma; --weather URL names its server") }
        return .openWeatherMap(try serverURL(text, option: weather.name, orKMA: true))
    }

    private static func serverURL(_ text: String, option: String, orKMA: Bool = false) throws(UsageError) -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else {
            throw .invalidValue(
                option: option, value: text,
                expected: "an http or https URL such as http://127.0.0.1:8080" + (orKMA ? ", or kma" : ""))
        }
        return url
    }

    /// Whether `--follow-clock` was given; it needs `--weather`.
    static func followsClock(_ arguments: ParsedArguments) throws(UsageError) -> Bool {
        guard arguments.flag(followClock) else { return false }
        guard arguments.contains(weather) else { throw .other("--follow-clock needs --weather URL or --weather kma") }
        return true
    }

    /// Whether `--place-names` was given; it needs `--weather`.
    static func namesPlaces(_ arguments: ParsedArguments) throws(UsageError) -> Bool {
        guard arguments.flag(placeNames) else { return false }
        guard arguments.contains(weather) else { throw .other("--place-names needs --weather URL") }
        if arguments.value(weather)?.lowercased() == "kma" {
            throw .other("--place-names is for --weather URL (OpenWeatherMap); the KMA drive names grid cells")
        }
        return true
    }

    /// Refuses a run that would never end: instant playback of a trace that loops forever, without --duration.
    static func checkEnds(_ trace: Trace, path: String, options: PlaybackOptions) throws(UsageError) {
        if trace.loop == .forever, options.pace == .instant, options.limit == nil {
            throw .other(
                "\(path) loops forever, so instant playback would never end; "
                    + "give --duration, or play it with --realtime")
        }
    }

    /// Everything but the pace, checked: values in range, a known format, a parseable command template.
    static func options(_ arguments: ParsedArguments) throws(UsageError) -> PlaybackOptions {
        var options = PlaybackOptions()
        if let interval = try arguments.duration(interval, defaultUnit: .seconds) {
            let seconds = interval.inSeconds
            guard seconds >= 0.001 else {
                throw .invalidValue(
                    option: Self.interval.name, value: arguments.value(Self.interval) ?? "", expected: "at least 1ms")
            }
            options.interval = seconds
        }
        options.limit = try arguments.duration(duration, defaultUnit: .seconds)?.inSeconds
        options.distanceFilter = try arguments.number(distanceFilter, in: 0...20_000_000) ?? 0
        if let chosen = try arguments.choice(format, as: OutputFormat.self) {
            options.format = chosen
        }
        if try arguments.choice(grid, among: ["kma"]) != nil {
            guard options.format.carriesKMAGrid else {
                throw .other(
                    "--grid kma needs a format with room for it: jsonl, csv or geojson (not \(options.format.rawValue))"
                )
            }
            options.includesKMAGrid = true
        }
        if let seedText = arguments.value(seed) {
            guard let value = UInt64(seedText) else {
                throw .invalidValue(
                    option: seed.name, value: seedText, expected: "a whole number from 0 to \(UInt64.max)")
            }
            options.seed = value
        }
        if let template = arguments.value(exec) {
            do {
                options.command = try CommandTemplate(template)
            } catch {
                throw .invalidValue(option: exec.name, value: template, expected: "a command template: \(error)")
            }
        }
        options.svgPath = arguments.value(svg)
        options.outputPath = arguments.value(output)
        options.writesFixes = !arguments.contains(weather) || arguments.contains(output)
        return options
    }
}
