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

/// The options `serve --record`, `record` and `verify` share: how to reach the live APIs, and what to
/// scrub. A key is never echoed: not in help, not in errors.
enum UpstreamOptions {
    /// The API `--api-key KEY` and `--upstream URL` are for when they name none.
    static let defaultProvider = "openweathermap"

    /// The recordable providers with the environment variable each reads its key from.
    static var keyVariables: [(provider: String, variable: String)] {
        Providers.all.registered.compactMap { entry in entry.provider.recording.map { (entry.name, $0.keyVariable) } }
    }

    static let apiKey = OptionSpec.option(
        "--api-key", value: "[API=]KEY",
        help: "A key sent upstream in place of the client's: for OpenWeatherMap, or for the API named "
            + "(\(Providers.all.registered.map(\.name).joined(separator: ", "))). Repeatable. Never printed or "
            + "written; prefer the environment variables (\(keyVariables.map(\.variable).joined(separator: ", "))), "
            + "which other users cannot see in the process list.",
        repeatable: true)
    static let upstream = OptionSpec.option(
        "--upstream", value: "[API=]URL",
        help: "Where an API's requests are forwarded (http:// or https://): OpenWeatherMap's, or the API named's. "
            + "Repeatable.",
        default: "each API's live host", repeatable: true)
    static let timeout = OptionSpec.option(
        "--upstream-timeout", value: "DURATION", help: "How long one upstream exchange may take ('10s', '500ms').",
        default: "10s")
    static let scrub = OptionSpec.option(
        "--scrub", value: "REGEX",
        help: "Also replace every match of this regular expression (Swift Regex syntax) with *** in cassettes, "
            + "logs and the journal (repeatable). API keys are always scrubbed.",
        repeatable: true)

    /// The upstream options, in help order.
    static let all = [apiKey, upstream, timeout, scrub]

    /// The keys from `--api-key`, else the environment, by provider name; empty when none is given.
    ///
    /// - Throws: `UsageError` naming where a malformed key came from, never its value.
    static func keys(_ arguments: ParsedArguments) throws(UsageError) -> [String: UpstreamAPIKey] {
        var keys: [String: UpstreamAPIKey] = [:]
        let environment = ProcessInfo.processInfo.environment
        for (provider, variable) in keyVariables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            do {
                keys[provider] = try UpstreamAPIKey(value, origin: variable)
            } catch {
                throw .other(error.description)
            }
        }
        var given: Set<String> = []
        for text in arguments.values(apiKey) {
            let (provider, value) = split(text)
            guard given.insert(provider).inserted else {
                throw .other("'\(apiKey.name)' gives the \(provider) key twice; give each API's key once")
            }
            do {
                keys[provider] = try UpstreamAPIKey(value, origin: apiKey.name)
            } catch {
                throw .other(error.description)
            }
        }
        return keys
    }

    /// `API=VALUE` as the API and the value when API is a provider's name, else the default API.
    private static func split(_ given: String) -> (provider: String, value: String) {
        if let equals = given.firstIndex(of: "="), Providers.all.provider(named: String(given[..<equals])) != nil {
            return (String(given[..<equals]), String(given[given.index(after: equals)...]))
        }
        return (defaultProvider, given)
    }

    /// The text for a command that cannot run without a key.
    static func missingKeyMessage(_ what: String) -> String {
        "\(what) needs an API key: give --api-key KEY (OpenWeatherMap) or --api-key API=KEY, or set "
            + "\(keyVariables.map(\.variable).joined(separator: " or ")) (a key is sent upstream only, and scrubbed "
            + "from cassettes, logs and errors)"
    }

    /// Access to the upstreams with `keys`, from `--upstream` and `--upstream-timeout`.
    static func access(_ arguments: ParsedArguments, keys: [String: UpstreamAPIKey]) throws(UsageError)
        -> UpstreamAccess
    {
        var access = UpstreamAccess(keys: keys)
        var named: Set<String> = []
        for given in arguments.values(upstream) {
            let (provider, text) = split(given)
            guard named.insert(provider).inserted else {
                throw .other("'\(upstream.name)' names the \(provider) upstream twice; give each API's once")
            }
            do {
                access.upstreams[provider] = try UpstreamURL(text)
            } catch {
                throw .invalidValue(option: upstream.name, value: error.text, expected: error.problem)
            }
        }
        if let duration = try arguments.duration(timeout, defaultUnit: .seconds) {
            guard duration > .zero else {
                throw .invalidValue(
                    option: timeout.name, value: arguments.value(timeout) ?? "", expected: "more than 0")
            }
            access.timeout = duration
        }
        return access
    }

    /// The `--scrub` patterns, compiled.
    static func scrubber(_ arguments: ParsedArguments) throws(UsageError) -> KeyScrubber {
        do {
            return try KeyScrubber(
                secretParameters: Providers.all.secretParameters, secrets: [], patterns: arguments.values(scrub))
        } catch {
            throw .invalidValue(
                option: scrub.name, value: error.pattern, expected: "a regular expression (\(error.reason))")
        }
    }

    /// Where recordings (and imports) go: `--cassettes`, else `$MOCKWEATHER_CASSETTES`, else `./Cassettes`,
    /// created when missing unless `creating` is false (a dry run). Never the package's bundled set, which
    /// may be a dependency's checkout.
    static func recordingDirectory(_ explicit: String?, creating: Bool = true) throws(UsageError) -> (
        directory: URL, origin: String
    ) {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var (directory, origin) = CassetteDirectory.resolve(
            explicit: explicit, environment: ProcessInfo.processInfo.environment, currentDirectory: current,
            bundled: { current.appendingPathComponent("Cassettes") })
        if origin == "bundled" { origin = "./Cassettes" }
        do {
            if creating { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        } catch {
            throw .other("cannot create the cassette directory \(directory.path): \(FileSystemFacts.describe(error))")
        }
        directory = directory.standardizedFileURL
        return (directory, origin)
    }

    /// Progress on standard error, only when it is a terminal: one line, rewritten in place.
    static func progressLine(_ position: Int, _ count: Int, _ text: String) {
        guard Console.standardError.isTerminal else { return }
        Console.standardError.write("\r\u{1B}[2K[\(position)/\(count)] \(text)")
    }

    /// Clears the progress line.
    static func endProgress() {
        guard Console.standardError.isTerminal else { return }
        Console.standardError.write("\r\u{1B}[2K")
    }
}
