import ArgumentParsing
import Testing

@Suite struct DurationOptionTests {
    @Test func durationOptionErrorSaysWhatIsAccepted() throws {
        let maxAge = OptionSpec.option("--max-age", value: "AGE", help: "Oldest allowed.")
        let command = CommandSpec(name: "mockweather validate", abstract: "Validate.", options: [maxAge])
        let parsed = try command.parse(["--max-age", "ninety"])

        #expect(
            throws: UsageError.invalidValue(
                option: "--max-age",
                value: "ninety",
                expected: "a duration such as 250ms, 3s, 5m, 2h or 90d"
            )
        ) {
            try parsed.duration(maxAge)
        }
    }
}
