import ArgumentParsing
import MockEngine
import MockProviders

/// Which API a `mockweather record` batch is for (`--api`), with the options and endpoints only it
/// takes: the command line says which places and calls, each API turns them into its own requests.
enum RecordAPI: String, CaseIterable {
    case openWeatherMap = "openweathermap"
    case kakaoLocal = "kakao-local"
    case kma

    /// How messages name it.
    var title: String {
        switch self {
        case .openWeatherMap: "OpenWeatherMap"
        case .kakaoLocal: "Kakao Local"
        case .kma: "KMA"
        }
    }

    /// The `--endpoint` names it takes, in help order.
    var endpointNames: [String] {
        switch self {
        case .openWeatherMap: RecordTarget.Endpoint.allCases.map(\.rawValue)
        case .kakaoLocal: KakaoLocalRecordTarget.Endpoint.allCases.map(\.rawValue)
        case .kma: KMARecordTarget.Endpoint.allCases.map(\.rawValue)
        }
    }

    /// The options only this API takes (`--at`, `--endpoint` and the upstream options are everyone's).
    var ownOptions: [OptionSpec] {
        switch self {
        case .openWeatherMap:
            [
                RecordCommand.city, RecordCommand.id, RecordCommand.zip, RecordCommand.units, RecordCommand.lang,
                RecordCommand.exclude, RecordCommand.dt, RecordCommand.date, RecordCommand.start, RecordCommand.end,
            ]
        case .kakaoLocal: [RecordCommand.query]
        case .kma: [RecordCommand.cell, RecordCommand.issuance]
        }
    }

    /// The environment variable its key is read from (its provider's `RecordingProfile`).
    var keyVariable: String {
        Providers.all.provider(named: rawValue)?.provider.recording?.keyVariable ?? ""
    }

    /// The API `--api` names (default OpenWeatherMap), refusing an option of another API's: a KMA
    /// `--cell` in a Kakao batch would otherwise be silently ignored.
    static func chosen(_ arguments: ParsedArguments) throws(UsageError) -> RecordAPI {
        let api = try arguments.choice(RecordCommand.api, as: RecordAPI.self) ?? .openWeatherMap
        for other in allCases where other != api {
            for option in other.ownOptions where arguments.contains(option) {
                let own = ([RecordCommand.at] + api.ownOptions).map(\.name).joined(separator: ", ")
                throw .other(
                    "'\(option.name)' is for --api \(other.rawValue) (\(other.title)); --api \(api.rawValue) takes "
                        + "\(own) and --endpoint")
            }
        }
        return api
    }

    /// The `--endpoint` values as this API's endpoints, each once, in the order given.
    ///
    /// - Throws: `UsageError` naming the value and this API's endpoints, and the API it belongs to
    ///   when it is another's (`village` with `--api kakao-local`).
    func endpoints<Endpoint: RawRepresentable<String> & CaseIterable & Equatable>(
        _ arguments: ParsedArguments, as _: Endpoint.Type
    ) throws(UsageError) -> [Endpoint] {
        var endpoints: [Endpoint] = []
        for text in arguments.values(RecordCommand.endpoint) {
            guard let parsed = Endpoint(rawValue: text) else {
                var expected =
                    "one of " + endpointNames.map { "'\($0)'" }.joined(separator: ", ") + " for --api \(rawValue)"
                if let owner = Self.allCases.first(where: { $0 != self && $0.endpointNames.contains(text) }) {
                    expected += " ('\(text)' is an endpoint of --api \(owner.rawValue))"
                }
                throw .invalidValue(option: RecordCommand.endpoint.name, value: text, expected: expected)
            }
            if !endpoints.contains(parsed) { endpoints.append(parsed) }
        }
        return endpoints
    }
}
