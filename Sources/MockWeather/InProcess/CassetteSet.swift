import BundledCassettes
public import Foundation
package import MockEngine
import MockProviders

/// Which cassettes an in-process replay serves: the package's bundled set, a directory, cassettes
/// built in code, or several of these together.
public struct CassetteSet: Sendable {
    enum Part: Sendable {
        case bundled
        case directory(URL)
        case inline([InlineCassette])
    }

    let parts: [Part]

    /// The cassettes shipped with mockweather (`Cassettes/` in its repository), found through the
    /// package's resource bundle.
    public static let bundled = CassetteSet(parts: [.bundled])

    /// Every cassette under `directory`, as `mockweather serve --cassettes DIR` reads it.
    public static func directory(_ directory: URL) -> CassetteSet { CassetteSet(parts: [.directory(directory)]) }

    /// Cassettes built in code.
    public static func cassettes(_ cassettes: [InlineCassette]) -> CassetteSet {
        CassetteSet(parts: [.inline(cassettes)])
    }

    /// This set and `other` served together (a request answered twice is a problem, as in one directory).
    public func adding(_ other: CassetteSet) -> CassetteSet { CassetteSet(parts: parts + other.parts) }

    /// The directory the bundled set is served from, or nil when the resource bundle is missing.
    public static var bundledDirectory: URL? { BundledCassettes.directory }

    /// Loads and validates every part; a fresh store each time, so sequences start at their first
    /// response and no two replays share a position.
    ///
    /// - Throws: every problem of every cassette, or where the bundled set was looked for.
    package func makeStore() throws(MockWeatherSetupError) -> CassetteStore {
        var cassettes: [Cassette] = []
        var problems: [CassetteProblem] = []
        var directoryName = "(cassettes built in code)"
        for part in parts {
            switch part {
            case .bundled:
                cassettes += try Self.bundledCassettes.get()
            case .directory(let directory):
                do {
                    cassettes += try CassetteLoader.load(directory: directory, providers: Providers.all)
                } catch {
                    throw .cassettes(error)
                }
                directoryName = directory.path
            case .inline(let inline):
                let decoded = CassetteLoader.decode(
                    inline.map { ("\($0.name).json", Array($0.json.utf8)) }, providers: Providers.all)
                cassettes += decoded.cassettes
                problems += decoded.problems
            }
        }
        if problems.isEmpty, parts.count > 1 { problems = CassetteLoader.duplicateRequests(in: cassettes) }
        guard problems.isEmpty else {
            throw .cassettes(.invalid(CassetteValidationError(directory: directoryName, problems: problems)))
        }
        let directory = parts.lazy.compactMap { part -> URL? in
            switch part {
            case .bundled: BundledCassettes.directory
            case .directory(let directory): directory
            case .inline: nil
            }
        }.first
        return CassetteStore(
            library: CassetteLibrary(cassettes: cassettes, providers: Providers.all),
            directory: directory ?? URL(fileURLWithPath: "/dev/null/cassettes-built-in-code"))
    }

    /// The bundled set, read once per process (a library made from it is fresh for every replay).
    private static let bundledCassettes: Result<[Cassette], MockWeatherSetupError> = {
        guard let directory = BundledCassettes.directory else {
            return .failure(.bundledCassettesNotFound(searched: BundledCassettes.searchedLocations.map(\.path)))
        }
        return Result { () throws(CassetteLoadError) in
            try CassetteLoader.load(directory: directory, providers: Providers.all)
        }
        .mapError { .cassettes($0) }
    }()
}

/// Why an in-process replay could not start.
public enum MockWeatherSetupError: Error, Sendable, CustomStringConvertible {
    /// The cassettes did not load: a directory is missing, or files have problems (every one is listed).
    case cassettes(CassetteLoadError)
    /// The package's resource bundle is not where the running program looked for it.
    case bundledCassettesNotFound(searched: [String])
    /// The in-process server could not bind or start.
    case serverDidNotStart(reason: String)

    /// A message naming what was wrong and where.
    public var description: String {
        switch self {
        case .cassettes(let error): error.description
        case .bundledCassettesNotFound(let searched):
            "the bundled cassettes were not found (looked for \(searched.joined(separator: ", "))); "
                + "give a directory with CassetteSet.directory(_:) or install the resource bundle beside the program"
        case .serverDidNotStart(let reason): "the in-process mock server did not start: \(reason)"
        }
    }
}
