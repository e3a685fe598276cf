package import Foundation
package import HTTPServer
import Locking
package import MockEngine
import MockProviders

/// In-memory cassettes that did not decode: every problem, as the loader states it.
package struct CassetteFixtureError: Error, CustomStringConvertible {
    package var problems: [CassetteProblem]
    package var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Log lines kept in memory.
package final class CollectedLog: LogSink, Sendable {
    private let stored = Locked<[String]>([])
    package init() {}
    package func write(line: String) { stored.withLock { $0.append(line) } }
    package func flush() {}
    /// Every line so far.
    package var lines: [String] { stored.withLock { $0 } }
}

/// A cassette document around the given interactions, as a test writes it by hand.
package func cassetteJSON(source: String = "synthetic", _ interactions: String...) -> String {
    """
    {"format": "mockweather-cassette/1", "source": "\(source)", "interactions": [\(interactions.joined(separator: ","))]}
    """
}

/// An interaction answering GET `path` with `query` by a 200 JSON body.
package func interaction(
    path: String = "/data/2.5/weather", query: String = "{}", near: String? = nil,
    body: String = #"{"name":"Seoul","cod":200}"#, extra: String = ""
) -> String {
    let nearPart = near.map { #", "near": \#($0)"# } ?? ""
    return """
        {"request": {"method": "GET", "path": "\(path)", "query": \(query)\(nearPart)},
         "response": {"status": 200, "json": \(body)}\(extra)}
        """
}

/// Decodes in-memory cassette files with `providers`; throws with every problem.
package func library(_ files: [(String, String)], providers: ProviderSet = Providers.all) throws -> CassetteLibrary {
    let result = CassetteLoader.decode(files.map { ($0.0, Array($0.1.utf8)) }, providers: providers)
    guard result.problems.isEmpty else { throw CassetteFixtureError(problems: result.problems) }
    return CassetteLibrary(cassettes: result.cassettes, providers: providers)
}

/// The problems the loader reports for in-memory files.
package func problems(_ files: [(String, String)], providers: ProviderSet = Providers.all) -> [CassetteProblem] {
    CassetteLoader.decode(files.map { ($0.0, Array($0.1.utf8)) }, providers: providers).problems
}

extension HTTPResponse {
    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed with Foundation, for assertions on fields.
    package var jsonObject: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
}

extension KeyScrubber {
    /// A scrubber for the registered providers' secret parameters, as every server has.
    package init() {
        self.init(secretParameters: Providers.all.secretParameters)
    }

    /// A scrubber for the registered providers' secret parameters, `secrets` and `patterns`.
    package init(secrets: [String], patterns: [String]) throws(KeyScrubberError) {
        try self.init(secretParameters: Providers.all.secretParameters, secrets: secrets, patterns: patterns)
    }
}

extension ServeOptions {
    /// `mockweather serve`'s defaults over `directory`, for the registered providers.
    package init(cassetteDirectory: URL) {
        self.init(cassetteDirectory: cassetteDirectory, providers: Providers.all)
    }
}

/// The bundled cassette files as (relative path, text), for harnesses over the whole bundled set.
package func bundledFiles() throws -> [(String, String)] {
    try CassetteFiles.list(in: PackageLayout.bundledCassettes).map { file in
        (file.relativePath, String(decoding: try CassetteFiles.read(file.path).get(), as: UTF8.self))
    }
}

extension Expectation {
    /// The `name` detail (OpenWeatherMap's place name), when stated.
    package var name: String? {
        if case .text(let text)? = detail("name") { return text }
        return nil
    }

    /// The `celsius` detail, when stated.
    package var celsius: Double? {
        switch detail("celsius") {
        case .number(let value)?: value
        case .integer(let value)?: Double(value)
        default: nil
        }
    }
}

extension Expectation {
    /// A success expectation of OpenWeatherMap's current weather: the place and its temperature.
    package init(name: String, celsius: Double) {
        self.init(details: [.init(name: "name", value: .text(name)), .init(name: "celsius", value: .number(celsius))])
    }
}
