import ArgumentParsing
import Basics
import MockEngine
import MockProviders
import MockRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mockweather record`: capture a batch of live answers as cassettes, without a client
/// (docs/ARCHITECTURE.md#recording).
enum RecordCommand {
    static let city = OptionSpec.option(
        "--city", value: "NAME", help: "A city name (q=NAME), e.g. 'Seoul' or 'Seoul,KR' (repeatable).",
        repeatable: true)
    static let id = OptionSpec.option("--id", value: "N", help: "A city id (id=N) (repeatable).", repeatable: true)
    static let at = OptionSpec.option(
        "--at", value: "LAT,LON", help: "Coordinates (lat=LAT&lon=LON), e.g. 35.87,128.60 (repeatable).",
        repeatable: true)
    static let zip = OptionSpec.option(
        "--zip", value: "CODE,COUNTRY", help: "A zip code (zip=CODE,COUNTRY), e.g. 04524,KR (repeatable).",
        repeatable: true)
    static let endpoint = OptionSpec.option(
        "--endpoint", value: "NAME",
        help: "What to record for each location: "
            + RecordTarget.Endpoint.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            + " (repeatable). One Call and air pollution take coordinates only; 'icons' needs no location.",
        default: "current", repeatable: true)
    static let exclude = OptionSpec.option(
        "--exclude", value: "BLOCKS", help: "onecall: send exclude=BLOCKS, e.g. 'minutely,alerts'.",
        default: "not sent (the full answer, which replays every combination)")
    static let dt = OptionSpec.option(
        "--dt", value: "UNIX", help: "timemachine: the moment to record (dt=UNIX, seconds since 1970).")
    static let date = OptionSpec.option(
        "--date", value: "YYYY-MM-DD", help: "day-summary (required) and overview: the date to record.")
    static let start = OptionSpec.option(
        "--start", value: "UNIX", help: "air-history: the start of the period (seconds since 1970).")
    static let end = OptionSpec.option(
        "--end", value: "UNIX", help: "air-history: the end of the period (seconds since 1970).")
    static let units = OptionSpec.option(
        "--units", value: "UNITS", help: "Send units=UNITS: 'standard', 'metric' or 'imperial'.", default: "not sent")
    static let lang = OptionSpec.option(
        "--lang", value: "LANG", help: "Send lang=LANG, e.g. 'kr'.", default: "not sent")
    static let cassettes = OptionSpec.option(
        "--cassettes", value: "DIR", help: "Write under DIR/recorded/.",
        default: "$MOCKWEATHER_CASSETTES, else ./Cassettes (created)")
    static let keepExisting = OptionSpec.flag(
        "--keep-existing", help: "Leave a cassette that already exists for a request alone instead of refreshing it.")

    static let spec = CommandSpec(
        name: "mockweather record",
        abstract: "Record live API answers as cassettes for a batch of cities and coordinates.",
        discussion: """
            Sends each request to the live API one after the other and writes the answer under DIR/recorded/ \\
            (e.g. recorded/current/q-seoul.json, recorded/current/lat35.87_lon128.60-metric.json), replacing the \\
            cassette of the same request atomically. API keys are scrubbed from every file and message. A progress \\
            line goes to standard error on a terminal, a summary table to standard output. A 401 stops the batch.

            EXAMPLE: mockweather record --city Seoul --city Daegu --at 35.87,128.60 --units metric
            EXAMPLE: mockweather record --at 37.5683,126.9778 --endpoint onecall --endpoint air --endpoint icons

            EXIT STATUS: 0 when everything was recorded, 1 when any request failed or was not recorded, 64 usage \\
            (also no key).
            """,
        options: [city, id, zip, at, endpoint, units, lang, exclude, dt, date, start, end, cassettes, keepExisting]
            + UpstreamOptions.all
    )

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let targets = try self.targets(arguments)
        let scrubber = try UpstreamOptions.scrubber(arguments)
        let keys = try UpstreamOptions.keys(arguments)
        guard keys[UpstreamOptions.defaultProvider] != nil else {
            throw .other(UpstreamOptions.missingKeyMessage("'record' (OpenWeatherMap)"))
        }
        let access = try UpstreamOptions.access(arguments, keys: keys)
        let (directory, _) = try UpstreamOptions.recordingDirectory(arguments.value(cassettes))
        var options = BatchRecordingOptions(directory: directory, access: access, providers: Providers.all)
        options.scrubber = scrubber
        options.replacesExisting = !arguments.flag(keepExisting)
        let upstream =
            access.upstreams[UpstreamOptions.defaultProvider]?.description
            ?? Providers.all.provider(named: UpstreamOptions.defaultProvider)?.provider.recording?.upstream ?? ""
        Console.standardError.writeLine(
            "mockweather record: \(targets.count) \(targets.count == 1 ? "request" : "requests") to \(upstream), "
                + "writing under \(directory.appendingPathComponent("recorded").path)/")
        let report = await BatchRecorder(options: options).run(
            targets.map { $0.item(providers: Providers.all) }, progress: UpstreamOptions.progressLine)
        UpstreamOptions.endProgress()
        Console.standardOutput.write(report.description)
        return report.failures > 0 ? .failure : .success
    }

    /// Every location for every endpoint, locations in the order given (cities, ids, zips, coordinates);
    /// `icons` adds every icon once.
    private static func targets(_ arguments: ParsedArguments) throws(UsageError) -> [RecordTarget] {
        var locations: [RecordTarget.Location] = arguments.values(city).map { .city($0) }
        for text in arguments.values(id) {
            guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else {
                throw .invalidValue(option: id.name, value: text, expected: "a numeric city id such as 1835848")
            }
            locations.append(.cityID(text))
        }
        for text in arguments.values(zip) {
            guard !text.trimmingWhitespace().isEmpty else {
                throw .invalidValue(option: zip.name, value: text, expected: "CODE,COUNTRY such as 04524,KR")
            }
            locations.append(.zip(text))
        }
        for text in arguments.values(at) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingWhitespace())
            }
            guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], (-90...90).contains(latitude),
                (-180...180).contains(longitude)
            else {
                throw .invalidValue(
                    option: at.name, value: text,
                    expected: "LAT,LON such as 35.87,128.60 (latitude -90...90, longitude -180...180)")
            }
            locations.append(.coordinate(latitude: latitude, longitude: longitude))
        }
        var endpoints: [RecordTarget.Endpoint] = []
        for text in arguments.values(endpoint) {
            guard let parsed = RecordTarget.Endpoint(rawValue: text) else {
                let names = RecordTarget.Endpoint.allCases.map { "'\($0.rawValue)'" }
                throw .invalidValue(
                    option: endpoint.name, value: text, expected: "one of \(names.joined(separator: ", "))")
            }
            if !endpoints.contains(parsed) { endpoints.append(parsed) }
        }
        if endpoints.isEmpty { endpoints = [.current] }
        guard !locations.isEmpty || endpoints == [.icons] else {
            throw .other("nothing to record: give at least one --city, --id, --zip or --at")
        }
        let unitsValue = try arguments.choice(units, among: ["standard", "metric", "imperial"])
        let language = arguments.value(lang)
        let time = try integer(dt, arguments)
        let period = (try integer(start, arguments), try integer(end, arguments))
        if (period.0 == nil) != (period.1 == nil) {
            throw .other("air-history needs both --start and --end")
        }
        if let day = arguments.value(date), !isDate(day) {
            throw .invalidValue(option: date.name, value: day, expected: "a date such as 2022-12-05")
        }
        var targets: [RecordTarget] = []
        for location in locations {
            for endpoint in endpoints where endpoint != .icons {
                var target = RecordTarget(location: location, endpoint: endpoint, units: unitsValue, language: language)
                target.exclude = arguments.value(exclude)
                target.time = time
                target.date = arguments.value(date)
                if let first = period.0, let last = period.1 { target.period = (first, last) }
                targets.append(target)
            }
        }
        if endpoints.contains(.icons) {
            targets += RecordTarget.iconNames.map { RecordTarget(location: .icon($0), endpoint: .icons) }
        }
        return targets
    }

    private static func integer(_ option: OptionSpec, _ arguments: ParsedArguments) throws(UsageError) -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw .invalidValue(
                option: option.name, value: text, expected: "whole seconds since 1970 such as 1670120043")
        }
        return value
    }

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
