import ArgumentParsing
import Foundation
import MockWeather

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
    static let endpoint = OptionSpec.option(
        "--endpoint", value: "NAME",
        help: "What to record for each location: 'current', 'forecast' or 'geocoding' (repeatable).",
        default: "current", repeatable: true)
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

            EXIT STATUS: 0 when everything was recorded, 1 when any request failed or was not recorded, 64 usage \\
            (also no key).
            """,
        options: [city, id, at, endpoint, units, lang, cassettes, keepExisting] + UpstreamOptions.all
    )

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let targets = try self.targets(arguments)
        let scrubber = try UpstreamOptions.scrubber(arguments)
        guard let key = try UpstreamOptions.key(arguments) else {
            throw .other(UpstreamOptions.missingKeyMessage("'record'"))
        }
        let access = try UpstreamOptions.access(arguments, key: key)
        let (directory, _) = try UpstreamOptions.recordingDirectory(arguments.value(cassettes))
        var options = BatchRecordingOptions(directory: directory, access: access)
        options.scrubber = scrubber
        options.replacesExisting = !arguments.flag(keepExisting)
        Console.standardError.writeLine(
            "mockweather record: \(targets.count) \(targets.count == 1 ? "request" : "requests") to \(access.upstream), "
                + "writing under \(directory.appendingPathComponent("recorded").path)/")
        let report = await BatchRecorder(options: options).run(targets, progress: UpstreamOptions.progressLine)
        UpstreamOptions.endProgress()
        Console.standardOutput.write(report.description)
        return report.failures > 0 ? .failure : .success
    }

    /// Every location for every endpoint, locations in the order given (cities, ids, coordinates).
    private static func targets(_ arguments: ParsedArguments) throws(UsageError) -> [RecordTarget] {
        var locations: [RecordTarget.Location] = arguments.values(city).map { .city($0) }
        for text in arguments.values(id) {
            guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else {
                throw .invalidValue(option: id.name, value: text, expected: "a numeric city id such as 1835848")
            }
            locations.append(.cityID(text))
        }
        for text in arguments.values(at) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingCharacters(in: .whitespaces))
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
        guard !locations.isEmpty else { throw .other("nothing to record: give at least one --city, --id or --at") }
        var endpoints: [RecordTarget.Endpoint] = []
        for text in arguments.values(endpoint) {
            guard let parsed = RecordTarget.Endpoint(rawValue: text) else {
                throw .invalidValue(
                    option: endpoint.name, value: text, expected: "one of 'current', 'forecast', 'geocoding'")
            }
            if !endpoints.contains(parsed) { endpoints.append(parsed) }
        }
        if endpoints.isEmpty { endpoints = [.current] }
        let unitsValue = try arguments.choice(units, among: ["standard", "metric", "imperial"])
        let language = arguments.value(lang)
        return locations.flatMap { location in
            endpoints.map { RecordTarget(location: location, endpoint: $0, units: unitsValue, language: language) }
        }
    }
}
