import MockRecording
import Testing

/// The fixes `mockweather synthesize --fixes` reads: `replay-location`'s JSON lines, or an error naming
/// the file, the line and the field.
@Suite struct FrozenFixesTests {
    @Test func eachLineIsAFixWithItsElapsedTime() throws {
        let text = """
            {"time":"2026-12-06T04:55:27.056Z","elapsed":0.000,"lat":35.1796000,"lon":129.0756000,"accuracy":0.0}

            {"time":"2026-12-06T05:25:27.056Z","elapsed":1800.000,"lat":35.4966838,"lon":129.2838610}
            """
        let fixes = try FrozenFixes.read(Array(text.utf8), file: "fixes.jsonl")
        #expect(
            fixes == [
                .init(latitude: 35.1796, longitude: 129.0756, elapsedSeconds: 0),
                .init(latitude: 35.4966838, longitude: 129.283861, elapsedSeconds: 1800),
            ])
    }

    @Test(arguments: [
        (#"{"lat": 95, "lon": 0, "elapsed": 0}"#, "fixes.jsonl:2: lat: expected a number from -90.0 to 90.0"),
        (#"{"lat": 35, "elapsed": 0}"#, "fixes.jsonl:2: lon: expected a number from -180.0 to 180.0"),
        (#"{"lat": 35, "lon": 129, "elapsed": -1}"#, "fixes.jsonl:2: elapsed: expected a number"),
        ("lat=35", "fixes.jsonl:2: not JSON"),
    ])
    func aLineThatIsNoFixIsNamedWithItsFileLineAndField(line: String, message: String) {
        let text = #"{"lat": 35, "lon": 129, "elapsed": 0}"# + "\n" + line
        #expect {
            try FrozenFixes.read(Array(text.utf8), file: "fixes.jsonl")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
