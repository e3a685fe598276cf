import ArgumentParsing
import Basics
import MockEngine
import MockProviders
import MockRecording
import WeatherWorld

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mockweather synthesize`: freezes what the synthetic world answers into ordinary cassettes
/// (``WorldFreezer``), so a test pins a synthetic case and a reviewer reads it in a diff.
enum SynthesizeCommand {
    static let at = OptionSpec.option(
        "--at", value: "TIME",
        help: "The instant the world is asked at, ISO 8601 with a UTC offset or Z; scenario times count from it.",
        default: "now")
    static let city = OptionSpec.option(
        "--city", value: "NAME", help: "Current weather and the forecast for a city by name (q=NAME).",
        repeatable: true)
    static let place = OptionSpec.option(
        "--place", value: "LAT,LON", help: "Current weather, the forecast, One Call and the air at a point.",
        repeatable: true)
    static let request = OptionSpec.option(
        "--request", value: "PATH?QUERY", help: "Any request the world answers (/data/2.5/forecast?q=Jeju&cnt=8).",
        repeatable: true)
    static let fixes = OptionSpec.option(
        "--fixes", value: "FILE",
        help: "Current weather at every fix of a drive, each at --at plus its elapsed time: the JSON lines "
            + "'replay-location TRACE' prints (lat, lon, elapsed).")
    static let out = OptionSpec.option(
        "--out", value: "DIR", help: "The cassette directory to write into (under DIR/synthesized/).")

    static let spec = CommandSpec(
        name: "mockweather synthesize",
        abstract: "Write what the synthetic world answers as cassettes that replay it byte for byte.",
        discussion: """
            Asks the world (--scenario, --seed) at --at for each --city, --place, --request and fix of --fixes, as 'mockweather \
            serve --synthesize' would answer them, and writes each answer as a cassette under DIR/synthesized/ \
            (source: synthetic, the scenario and seed in its notes, an expect block), replacing the cassette of \
            the same request. Replayed, each answers exactly what the world answered.

            EXIT STATUS: 0 every request written, 1 a request was not answered or not written, 64 usage.
            """,
        options: [WorldOptions.scenario, ServeCommand.seed, at, city, place, request, fixes, out]
    )

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        guard let output = arguments.value(out) else {
            throw .other("'--out DIR' is required: the cassette directory to write the cassettes into")
        }
        var instant = Date()
        if let text = arguments.value(at) {
            guard let parsed = MockClock.instant(fromISO8601: text) else {
                throw .invalidValue(option: at.name, value: text, expected: MockClock.instantForm)
            }
            instant = parsed
        }
        var targets = arguments.values(city).flatMap(WorldFreezer.cityTargets)
        for text in arguments.values(place) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
                CoordinateRange.point(latitude: latitude, longitude: longitude) != nil
            else {
                throw .invalidValue(
                    option: place.name, value: text, expected: "LAT,LON in degrees (35.1796,129.0756)")
            }
            targets += WorldFreezer.placeTargets(latitude: latitude, longitude: longitude)
        }
        for target in arguments.values(request) {
            guard target.hasPrefix("/") else {
                throw .invalidValue(option: request.name, value: target, expected: "a path and query starting with /")
            }
            targets.append(target)
        }
        var requests = targets.map { WorldFreezer.Request(target: $0, instant: instant) }
        if let file = arguments.value(fixes) {
            requests += try fixRequests(file, from: instant)
        }
        guard !requests.isEmpty else { throw .other("give at least one --city, --place, --request or --fixes") }
        let synthesis = try WorldOptions.synthesis(
            arguments, seed: try ServeCommand.explicitSeed(arguments), isOn: true)
        let choice = synthesis.choice ?? WorldChoice()
        let world = World(
            seed: choice.seed, scenario: choice.scenario,
            clockStart: Int64(instant.timeIntervalSince1970.rounded(.down)))
        let rows = WorldFreezer.freeze(
            requests, world: world,
            context: SynthesisContext(world: world, gazetteer: synthesis.gazetteer, korea: synthesis.korea),
            directory: URL(fileURLWithPath: output, isDirectory: true), providers: Providers.all)
        var failed = false
        for row in rows {
            let written = row.result.hasSuffix(".json")
            failed = failed || !written
            Console.standardOutput.writeLine(
                "\(row.status == 0 ? "-" : String(row.status))  \(row.target)  \(written ? "→ " : "")\(row.result)")
        }
        Console.standardError.writeLine(
            "mockweather synthesize: \(rows.filter { $0.result.hasSuffix(".json") }.count) of \(rows.count) answers "
                + "of the synthetic world (\(world.label)) at \(MockClock.iso8601(instant)) written under \(output)/"
                + "\(WorldFreezer.folder)/")
        return failed ? .failure : .success
    }

    /// Current weather at each fix of `file`, asked at `start` plus the fix's elapsed time.
    private static func fixRequests(_ file: String, from start: Date) throws(UsageError) -> [WorldFreezer.Request] {
        let bytes: [UInt8]
        switch CassetteFiles.read(file, atMost: CassetteFiles.maximumFileSize, kind: "a fixes file") {
        case .success(let read): bytes = read
        case .failure(let error): throw .other("cannot read --fixes \(file): \(error)")
        }
        do {
            return try FrozenFixes.read(bytes, file: file).map { fix in
                WorldFreezer.Request(
                    target: "/data/2.5/weather?lat=\(fix.latitude)&lon=\(fix.longitude)",
                    instant: start.addingTimeInterval(fix.elapsedSeconds.rounded(.down)))
            }
        } catch {
            throw .other(error.description)
        }
    }
}
