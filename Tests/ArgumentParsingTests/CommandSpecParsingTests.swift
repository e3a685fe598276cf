import ArgumentParsing
import Testing

private enum Serve {
    static let port = OptionSpec.option("--port", short: "-p", value: "PORT", help: "Port to bind.", default: "8080")
    static let host = OptionSpec.option("--host", value: "HOST", help: "Address to bind.")
    static let watch = OptionSpec.flag("--watch", help: "Reload cassettes when they change.")
    static let scrub = OptionSpec.option("--scrub", value: "REGEX", help: "Also remove this.", repeatable: true)
    static let at = OptionSpec.option("--at", value: "LAT,LON", help: "A coordinate.")
    static let command = CommandSpec(
        name: "mockweather serve",
        abstract: "Replay cassettes.",
        options: [port, host, watch, scrub, at],
        positionals: [PositionalSpec("DIR", help: "Cassette directory.", optional: true)]
    )
}

@Suite struct CommandSpecParsingTests {
    @Test func optionValueIsReadFromTheNextArgumentOrAfterAnEqualsSign() throws {
        let spaced = try Serve.command.parse(["--port", "9000"])
        let joined = try Serve.command.parse(["--port=9001"])
        let short = try Serve.command.parse(["-p", "9002"])

        #expect(try spaced.integer(Serve.port) == 9000)
        #expect(try joined.integer(Serve.port) == 9001)
        #expect(try short.integer(Serve.port) == 9002)
    }

    @Test func flagsAndPositionalsMayBeInterleaved() throws {
        let parsed = try Serve.command.parse(["--watch", "Cassettes", "--host", "0.0.0.0"])

        #expect(parsed.flag(Serve.watch))
        #expect(parsed.positional(0) == "Cassettes")
        #expect(parsed.value(Serve.host) == "0.0.0.0")
        #expect(!parsed.contains(Serve.port))
    }

    @Test func repeatableOptionKeepsEveryValueInOrder() throws {
        let parsed = try Serve.command.parse(["--scrub", "a+", "--scrub=b.*"])

        #expect(parsed.values(Serve.scrub) == ["a+", "b.*"])
    }

    @Test func valueStartingWithADashIsTakenAsGiven() throws {
        let parsed = try Serve.command.parse(["--at", "-33.86,151.21"])

        #expect(parsed.value(Serve.at) == "-33.86,151.21")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try Serve.command.parse(["--", "--watch"])

        #expect(!parsed.flag(Serve.watch))
        #expect(parsed.positionals == ["--watch"])
    }

    @Test func unknownOptionSuggestsTheClosestKnownOne() {
        #expect(throws: UsageError.unknownOption("--prot", suggestion: "--port")) {
            try Serve.command.parse(["--prot", "80"])
        }
        #expect(throws: UsageError.unknownOption("--zzzzzz", suggestion: nil)) {
            try Serve.command.parse(["--zzzzzz"])
        }
    }

    @Test func unknownOptionMessageNamesTheOptionAndTheSuggestion() {
        let error = UsageError.unknownOption("--prot", suggestion: "--port")

        #expect(error.description == "unknown option '--prot'; did you mean '--port'?")
        #expect(
            error.report(command: "mockweather serve")
                == "mockweather serve: unknown option '--prot'; did you mean '--port'?\n"
                + "Run 'mockweather serve --help' for usage.\n"
        )
    }

    @Test func optionWithoutItsValueIsAUsageError() {
        #expect(throws: UsageError.missingValue(option: "--port", valueName: "PORT")) {
            try Serve.command.parse(["--port"])
        }
        #expect(throws: UsageError.missingValue(option: "--port", valueName: "PORT")) {
            try Serve.command.parse(["--port="])
        }
    }

    @Test func flagGivenAValueIsAUsageError() {
        #expect(throws: UsageError.unexpectedValue(option: "--watch", value: "yes")) {
            try Serve.command.parse(["--watch=yes"])
        }
    }

    @Test func nonRepeatableOptionGivenTwiceIsAUsageError() {
        #expect(throws: UsageError.duplicateOption("--port")) {
            try Serve.command.parse(["--port", "1", "-p", "2"])
        }
    }

    @Test func extraPositionalIsAUsageError() {
        #expect(throws: UsageError.unexpectedArgument("two")) {
            try Serve.command.parse(["one", "two"])
        }
    }

    @Test func missingRequiredPositionalIsAUsageError() {
        let command = CommandSpec(
            name: "replay-location",
            abstract: "Replay a trace.",
            positionals: [PositionalSpec("trace.json", help: "The trace.")]
        )

        #expect(throws: UsageError.missingArgument("trace.json")) {
            try command.parse([])
        }
    }

    @Test func helpWinsOverOtherwiseInvalidArguments() throws {
        let parsed = try Serve.command.parse(["--prot", "--help"])

        #expect(parsed.isHelpRequested)
    }

    @Test func integerOutsideItsRangeNamesTheOptionAndTheRange() throws {
        let parsed = try Serve.command.parse(["--port", "70000"])

        #expect(
            throws: UsageError.invalidValue(option: "--port", value: "70000", expected: "an integer from 0 to 65535")
        ) {
            try parsed.integer(Serve.port, in: 0...65_535)
        }
    }

    @Test func nonNumericIntegerIsRejected() throws {
        let parsed = try Serve.command.parse(["--port", "eighty"])

        #expect(throws: UsageError.invalidValue(option: "--port", value: "eighty", expected: "an integer")) {
            try parsed.integer(Serve.port)
        }
    }

    @Test func choiceOutsideTheListNamesTheChoices() throws {
        let format = OptionSpec.option("--log-format", value: "FORMAT", help: "Log format.")
        let command = CommandSpec(name: "mockweather serve", abstract: "Serve.", options: [format])
        let parsed = try command.parse(["--log-format", "xml"])

        #expect(
            throws: UsageError.invalidValue(option: "--log-format", value: "xml", expected: "one of 'text', 'json'")
        ) {
            try parsed.choice(format, among: ["text", "json"])
        }
    }

    @Test func numberRejectsNonFiniteValues() throws {
        let rate = OptionSpec.option("--fault-rate", value: "P", help: "Fault probability.")
        let command = CommandSpec(name: "mockweather serve", abstract: "Serve.", options: [rate])

        #expect(try command.parse(["--fault-rate", "0.25"]).number(rate, in: 0...1) == 0.25)
        #expect(throws: UsageError.self) { try command.parse(["--fault-rate", "nan"]).number(rate) }
        #expect(throws: UsageError.self) { try command.parse(["--fault-rate", "1.5"]).number(rate, in: 0...1) }
    }
}
