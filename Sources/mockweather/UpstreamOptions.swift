import ArgumentParsing
import Foundation
import MockWeather

/// The options `serve --record`, `record` and `verify` share: how to reach the live API, and what to
/// scrub. The key is never echoed: not in help, not in errors.
enum UpstreamOptions {
    static let environmentVariable = "OPENWEATHERMAP_API_KEY"

    static let apiKey = OptionSpec.option(
        "--api-key", value: "KEY",
        help: "The OpenWeatherMap API key sent upstream in place of the client's. Never printed or written; "
            + "prefer the environment variable, which other users cannot see in the process list.",
        default: "$\(environmentVariable)")
    static let upstream = OptionSpec.option(
        "--upstream", value: "URL", help: "The API to forward to (http:// or https://).",
        default: "https://api.openweathermap.org")
    static let timeout = OptionSpec.option(
        "--upstream-timeout", value: "DURATION", help: "How long one upstream exchange may take ('10s', '500ms').",
        default: "10s")
    static let scrub = OptionSpec.option(
        "--scrub", value: "REGEX",
        help: "Also replace every match of this regular expression with *** in cassettes, logs and the journal "
            + "(repeatable). API keys are always scrubbed.",
        repeatable: true)

    /// The upstream options, in help order.
    static let all = [apiKey, upstream, timeout, scrub]

    /// The key from `--api-key`, else the environment; nil when neither gives one.
    ///
    /// - Throws: `UsageError` naming where a malformed key came from, never its value.
    static func key(_ arguments: ParsedArguments) throws(UsageError) -> UpstreamAPIKey? {
        let given: (value: String, origin: String)?
        if let value = arguments.value(apiKey) {
            given = (value, apiKey.name)
        } else if let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty {
            given = (value, environmentVariable)
        } else {
            given = nil
        }
        guard let given else { return nil }
        do {
            return try UpstreamAPIKey(given.value, origin: given.origin)
        } catch {
            throw .other(error.description)
        }
    }

    /// The text for a command that cannot run without a key.
    static func missingKeyMessage(_ what: String) -> String {
        "\(what) needs an OpenWeatherMap API key: give --api-key KEY or set \(environmentVariable) "
            + "(it is sent upstream only, and scrubbed from cassettes, logs and errors)"
    }

    /// Access to the upstream with `key`, from `--upstream` and `--upstream-timeout`.
    static func access(_ arguments: ParsedArguments, key: UpstreamAPIKey) throws(UsageError) -> UpstreamAccess {
        var access = UpstreamAccess(apiKey: key)
        if let text = arguments.value(upstream) {
            do {
                access.upstream = try UpstreamURL(text)
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
            return try KeyScrubber(secrets: [], patterns: arguments.values(scrub))
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
            bundled: current.appendingPathComponent("Cassettes"))
        if origin == "bundled" { origin = "./Cassettes" }
        do {
            if creating { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        } catch {
            throw .other("cannot create the cassette directory \(directory.path): \(error.localizedDescription)")
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
