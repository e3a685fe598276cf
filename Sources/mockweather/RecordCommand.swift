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
/// (docs/ARCHITECTURE.md#recording), for one API (`--api`).
enum RecordCommand {
    static let api = OptionSpec.option(
        "--api", value: "API",
        help: "Which API to record: "
            + RecordAPI.allCases.map { "'\($0.rawValue)' (\($0.title))" }.joined(separator: ", ") + ".",
        default: RecordAPI.openWeatherMap.rawValue)
    static let city = OptionSpec.option(
        "--city", value: "NAME", help: "openweathermap: a city name (q=NAME), e.g. 'Seoul' or 'Seoul,KR'.",
        repeatable: true)
    static let id = OptionSpec.option("--id", value: "N", help: "openweathermap: a city id (id=N).", repeatable: true)
    static let at = OptionSpec.option(
        "--at", value: "LAT,LON",
        help: "Coordinates, e.g. 35.87,128.60: lat=LAT&lon=LON (openweathermap), x=LON&y=LAT (kakao-local), the "
            + "grid cell holding the point (kma).",
        repeatable: true)
    static let zip = OptionSpec.option(
        "--zip", value: "CODE,COUNTRY", help: "openweathermap: a zip code (zip=CODE,COUNTRY), e.g. 04524,KR.",
        repeatable: true)
    static let query = OptionSpec.option(
        "--query", value: "ADDRESS",
        help: "kakao-local: an address to search for (query=ADDRESS), e.g. "
            + "'서울 중구 세종대로 110'.",
        repeatable: true)
    static let cell = OptionSpec.option(
        "--cell", value: "NX,NY", help: "kma: a grid cell (nx=NX&ny=NY), e.g. 60,127.", repeatable: true)
    static let issuance = OptionSpec.option(
        "--issuance", value: "YYYYMMDDTHHMM",
        help: "kma: record each operation's latest issuance at or before this KST time (base_date, base_time), "
            + "e.g. 20261206T0500 (the village forecast's and nowcast's 0500, the ultra-short forecast's 0430).",
        default: "each operation's latest issuance published now, as KMA's client asks for")
    static let endpoint = OptionSpec.option(
        "--endpoint", value: "NAME",
        help: "What to record for each place. openweathermap: "
            + RecordTarget.Endpoint.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            + " (One Call and air pollution take coordinates only; 'icons' needs no location). kakao-local: "
            + KakaoLocalRecordTarget.Endpoint.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            + " (coordinates, coordinates, --query). kma: "
            + KMARecordTarget.Endpoint.allCases.map { "'\($0.rawValue)' (\($0.operationName))" }.joined(
                separator: ", ")
            + "; 'version' needs no cell and records each product (ODAM, VSRT, SHRT) once.",
        default: "openweathermap: current; kakao-local: every endpoint that takes the place; kma: village, "
            + "ultra-forecast and nowcast",
        repeatable: true)
    static let exclude = OptionSpec.option(
        "--exclude", value: "BLOCKS", help: "openweathermap onecall: send exclude=BLOCKS, e.g. 'minutely,alerts'.",
        default: "not sent (the full answer, which replays every combination)")
    static let dt = OptionSpec.option(
        "--dt", value: "UNIX", help: "openweathermap timemachine: the moment to record (dt=UNIX, seconds since 1970).")
    static let date = OptionSpec.option(
        "--date", value: "YYYY-MM-DD",
        help: "openweathermap day-summary (required) and overview: the date to record.")
    static let start = OptionSpec.option(
        "--start", value: "UNIX", help: "openweathermap air-history: the start of the period (seconds since 1970).")
    static let end = OptionSpec.option(
        "--end", value: "UNIX", help: "openweathermap air-history: the end of the period (seconds since 1970).")
    static let units = OptionSpec.option(
        "--units", value: "UNITS", help: "openweathermap: send units=UNITS: 'standard', 'metric' or 'imperial'.",
        default: "not sent")
    static let lang = OptionSpec.option(
        "--lang", value: "LANG", help: "openweathermap: send lang=LANG, e.g. 'kr'.", default: "not sent")
    static let cassettes = OptionSpec.option(
        "--cassettes", value: "DIR", help: "Write under DIR/recorded/.",
        default: "$MOCKWEATHER_CASSETTES, else ./Cassettes (created)")
    static let keepExisting = OptionSpec.flag(
        "--keep-existing", help: "Leave a cassette that already exists for a request alone instead of refreshing it.")

    static let spec = CommandSpec(
        name: "mockweather record",
        abstract: "Record live API answers as cassettes for a batch of places.",
        discussion: """
            Sends each request to the live API one after the other and writes the answer under DIR/recorded/, \
            named as record mode names it (recorded/current/q-seoul.json, recorded/coord2address/\
            lat37.57_lon126.98.json, recorded/vilage/nx60-ny127-t0500.json), replacing the cassette of the same \
            request atomically. API keys are scrubbed from every file and message. A progress line goes to \
            standard error on a terminal, a summary table to standard output. A 401 stops the batch.

            Each API's key comes from --api-key API=KEY or its variable: OPENWEATHERMAP_API_KEY, \
            KAKAO_REST_API_KEY (sent as Authorization: KakaoAK KEY), KMA_SERVICE_KEY (sent as serviceKey, \
            encoded once). --upstream API=URL sends that API's requests elsewhere.

            EXAMPLE: mockweather record --city Seoul --city Daegu --at 35.87,128.60 --units metric
            EXAMPLE: mockweather record --at 37.5683,126.9778 --endpoint onecall --endpoint air --endpoint icons
            EXAMPLE: mockweather record --api kakao-local --at 37.5663,126.9779 --query '서울 중구 세종대로 110'
            EXAMPLE: mockweather record --api kma --cell 60,127 --at 35.87,128.60 --endpoint village \
            --endpoint nowcast --issuance 20261206T0500

            EXIT STATUS: 0 when everything was recorded, 1 when any request failed or was not recorded, 64 usage \
            (also no key).
            """,
        options: [api, city, id, zip, at, query, cell, endpoint, issuance, units, lang, exclude, dt, date, start, end]
            + [cassettes, keepExisting] + UpstreamOptions.all
    )

    static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
        let api = try RecordAPI.chosen(arguments)
        var notes: [String] = []
        let items: [BatchItem]
        switch api {
        case .openWeatherMap: items = try targets(arguments).map { $0.item(providers: Providers.all) }
        case .kakaoLocal: items = try kakaoItems(arguments)
        case .kma: items = try kmaItems(arguments, now: Date(), note: { notes.append($0) })
        }
        let scrubber = try UpstreamOptions.scrubber(arguments)
        let keys = try UpstreamOptions.keys(arguments)
        guard keys[api.rawValue] != nil else {
            if api == .openWeatherMap { throw .other(UpstreamOptions.missingKeyMessage("'record' (OpenWeatherMap)")) }
            throw .other(
                "'record --api \(api.rawValue)' needs the \(api.title) key: give --api-key \(api.rawValue)=KEY or set "
                    + "\(api.keyVariable) (a key is sent upstream only, and scrubbed from cassettes, logs and errors)")
        }
        let access = try UpstreamOptions.access(arguments, keys: keys)
        if api != .openWeatherMap, access.upstreams[api.rawValue] == nil,
            access.upstreams[UpstreamOptions.defaultProvider] != nil
        {
            // An unqualified --upstream is OpenWeatherMap's: this batch would go to the live API instead.
            throw .other(
                "'\(UpstreamOptions.upstream.name)' without API= is OpenWeatherMap's; for --api \(api.rawValue) give "
                    + "\(UpstreamOptions.upstream.name) \(api.rawValue)=URL")
        }
        let (directory, _) = try UpstreamOptions.recordingDirectory(arguments.value(cassettes))
        var options = BatchRecordingOptions(directory: directory, access: access, providers: Providers.all)
        options.scrubber = scrubber
        options.replacesExisting = !arguments.flag(keepExisting)
        let upstream =
            access.upstreams[api.rawValue]?.description
            ?? Providers.all.provider(named: api.rawValue)?.provider.recording?.upstream ?? ""
        for note in notes { Console.standardError.writeLine("mockweather record: \(note)") }
        Console.standardError.writeLine(
            "mockweather record: \(items.count) \(items.count == 1 ? "request" : "requests") to \(upstream), "
                + "writing under \(directory.appendingPathComponent("recorded").path)/")
        let report = await BatchRecorder(options: options).run(items, progress: UpstreamOptions.progressLine)
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
        locations += try coordinates(arguments).map { .coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        var endpoints = try RecordAPI.openWeatherMap.endpoints(arguments, as: RecordTarget.Endpoint.self)
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
