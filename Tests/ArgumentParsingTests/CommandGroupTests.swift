import ArgumentParsing
import Testing

private let serve = CommandSpec(
    name: "mockweather serve",
    abstract: "Replay cassettes as a mock OpenWeatherMap server.",
    options: [.option("--port", value: "PORT", help: "Port to bind; 0 picks a free one.", default: "8080")]
)
private let validate = CommandSpec(name: "mockweather validate", abstract: "Check cassettes.")
private let program = CommandGroup(
    name: "mockweather",
    abstract: "A mock OpenWeatherMap server.",
    version: "0.1.0",
    subcommands: [serve, validate]
)

@Suite struct CommandGroupTests {
    @Test func subcommandReceivesTheRemainingArguments() throws {
        guard case .run(let command, let parsed) = try program.resolve(["serve", "--port", "0"]) else {
            Issue.record("expected a command to run")
            return
        }

        #expect(command.name == "mockweather serve")
        #expect(try parsed.integer(serve.options[0]) == 0)
    }

    @Test func unknownSubcommandSuggestsTheClosestOne() {
        #expect(throws: UsageError.unknownSubcommand("serv", suggestion: "serve")) {
            try program.resolve(["serv"])
        }
    }

    @Test func usageErrorsAreReportedAgainstTheSubcommandTheyBelongTo() {
        #expect(program.commandName(for: ["serve", "--prot", "80"]) == "mockweather serve")
        #expect(program.commandName(for: ["serv"]) == "mockweather")
        #expect(program.commandName(for: []) == "mockweather")
    }

    @Test func missingSubcommandListsTheAvailableOnes() {
        #expect(throws: UsageError.missingSubcommand(available: ["serve", "validate"])) {
            try program.resolve([])
        }
    }

    @Test func versionAndHelpAreAnswered() throws {
        guard case .version(let version) = try program.resolve(["--version"]) else {
            Issue.record("expected the version")
            return
        }
        #expect(version == "0.1.0")

        guard case .help(let text) = try program.resolve(["--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(text.contains("serve"))
        #expect(text.contains("Replay cassettes as a mock OpenWeatherMap server."))
    }

    @Test func subcommandHelpListsItsOptionsWithDefaults() throws {
        for arguments in [["serve", "--help"], ["help", "serve"], ["serve", "-h"]] {
            guard case .help(let text) = try program.resolve(arguments) else {
                Issue.record("expected help for \(arguments)")
                continue
            }
            #expect(text.contains("USAGE: mockweather serve [--port PORT]"))
            #expect(text.contains("--port PORT"))
            #expect(text.contains("(default: 8080)"))
        }
    }

    @Test func longHelpIsWrappedWithinTheHelpWidth() {
        let long = CommandSpec(
            name: "mockweather serve",
            abstract: "Serve.",
            options: [.option("--cassettes", value: "DIR", help: String(repeating: "word ", count: 60))]
        )

        let lines = long.helpText.split(separator: "\n")

        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.count > 6)
    }
}
