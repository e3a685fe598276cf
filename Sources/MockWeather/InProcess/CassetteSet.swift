import BundledCassettes
public import Foundation
package import MockEngine
import MockProviders

/// Which cassettes an in-process replay serves: the package's bundled set, a directory, cassettes
/// built in code, or several of these together, side by side (``adding(_:)``) or one over another
/// (``overridden(by:)``).
public struct CassetteSet: Sendable {
    enum Source: Sendable {
        case bundled
        case directory(URL)
        case inline([InlineCassette])
    }

    /// A source and how it ranks: a part of higher precedence answers every request it matches.
    struct Part: Sendable {
        var source: Source
        var precedence = 0
    }

    let parts: [Part]

    private init(_ source: Source) { parts = [Part(source: source)] }
    private init(parts: [Part]) { self.parts = parts }

    /// The cassettes shipped with mockweather (`Cassettes/` in its repository), found through the
    /// package's resource bundle.
    public static let bundled = CassetteSet(.bundled)

    /// Every cassette under `directory`, as `mockweather serve --cassettes DIR` reads it. A relative
    /// URL is resolved against the working directory, which differs between `swift test` and Xcode:
    /// prefer ``directory(relativeTo:_:)`` for cassettes kept beside the tests.
    public static func directory(_ directory: URL) -> CassetteSet { CassetteSet(.directory(directory)) }

    /// Every cassette under `path`, taken relative to the folder of the source file `sourceFile`
    /// (pass `#filePath`), so a test finds the cassettes beside it whatever the working directory:
    /// `.directory(relativeTo: #filePath, "Cassettes")` in `Tests/MyAppTests/ShowsSeoul.swift` reads
    /// `Tests/MyAppTests/Cassettes/`. The source tree must be on the machine that runs the tests (as
    /// it is for `swift test`, and for Xcode with a simulator; not on a physical device). An absolute
    /// `path` is taken as it is.
    public static func directory(relativeTo sourceFile: String, _ path: String) -> CassetteSet {
        let folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        return CassetteSet(.directory(url.standardizedFileURL))
    }

    /// Cassettes built in code.
    public static func cassettes(_ cassettes: [InlineCassette]) -> CassetteSet { CassetteSet(.inline(cassettes)) }

    /// This set and `other` served together, side by side: the same request pattern in both is a
    /// problem that fails the start, as it is in one directory (use ``overridden(by:)`` to replace
    /// some of a set's answers).
    public func adding(_ other: CassetteSet) -> CassetteSet { CassetteSet(parts: parts + other.parts) }

    /// This set with `overrides` put over it: a request any cassette of `overrides` matches is
    /// answered by it, whatever this set has for it (even a more specific or nearer match), and the
    /// rest as this set answers them. Changing what the bundled set says for Seoul is
    /// `CassetteSet.bundled.overridden(by: .cassettes([mySeoul]))`. Each request answered this way
    /// names the interaction it overrode in the journal (``ReplayedRequest/overridden``), so a test
    /// that meant to override nothing can tell. Within `overrides`, a request answered twice is still
    /// a problem.
    public func overridden(by overrides: CassetteSet) -> CassetteSet {
        let top = (parts.map(\.precedence).max() ?? 0) + 1
        return CassetteSet(
            parts: parts + overrides.parts.map { Part(source: $0.source, precedence: $0.precedence + top) })
    }

    /// The directories this set reads, in order (the bundled set's not included), as they will be read.
    public var directories: [URL] {
        parts.compactMap { part in
            if case .directory(let url) = part.source { return url }
            return nil
        }
    }

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
            var loaded: [Cassette]
            switch part.source {
            case .bundled:
                loaded = try Self.bundledCassettes.get()
            case .directory(let directory):
                do {
                    loaded = try CassetteLoader.load(directory: directory, providers: Providers.all)
                } catch {
                    throw .cassettes(error)
                }
                directoryName = directory.path
            case .inline(let inline):
                let decoded = CassetteLoader.decode(
                    inline.map { ("\($0.name).json", Array($0.json.utf8)) }, providers: Providers.all)
                loaded = decoded.cassettes
                problems += decoded.problems
            }
            for index in loaded.indices { loaded[index].precedence = part.precedence }
            cassettes += loaded
        }
        if problems.isEmpty, parts.count > 1 {
            // Side by side, a request answered twice is a problem; one over another, it is the point.
            let levels = Set(cassettes.map(\.precedence)).sorted()
            problems = levels.flatMap { level in
                CassetteLoader.duplicateRequests(in: cassettes.filter { $0.precedence == level })
            }
        }
        guard problems.isEmpty else {
            throw .cassettes(.invalid(CassetteValidationError(directory: directoryName, problems: problems)))
        }
        let directory = parts.lazy.compactMap { part -> URL? in
            switch part.source {
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
    /// A ``ReplayOptions/providerSettings`` entry that is not `<provider>.<setting>` of a registered
    /// provider's setting, or a value that setting does not take; `expected` says what is.
    case invalidProviderSetting(name: String, expected: String)
    /// ``ReplayOptions/clock`` is outside the mock clock's range (``ReplayClockError``).
    case clockOutOfRange(ReplayClockError)
    /// ``ReplayOptions/synthesis`` names a scenario that is no bundled preset, or a file that does not
    /// load; `reason` says which and why (file, line and JSON path for a file's problems).
    case invalidScenario(reason: String)
    /// ``ReplayOptions/https`` cannot be served: no CA folder can be named, OpenSSL 3 is missing, or the
    /// CA's files were refused; `reason` says which, with the fix.
    case httpsUnavailable(reason: String)

    /// A message naming what was wrong and where.
    public var description: String {
        switch self {
        case .cassettes(let error): error.description
        case .bundledCassettesNotFound(let searched):
            "the bundled cassettes were not found (looked for \(searched.joined(separator: ", "))); "
                + "give a directory with CassetteSet.directory(_:) or install the resource bundle beside the program"
        case .serverDidNotStart(let reason): "the in-process mock server did not start: \(reason)"
        case .invalidProviderSetting(let name, let expected):
            "the provider setting \(name) is not one the providers take: expected \(expected)"
        case .clockOutOfRange(let error): "ReplayOptions.clock: \(error.description)"
        case .invalidScenario(let reason): "ReplayOptions.synthesis: \(reason)"
        case .httpsUnavailable(let reason): "ReplayOptions.https: \(reason)"
        }
    }
}
