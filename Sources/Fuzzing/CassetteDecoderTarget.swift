import MockEngine
import MockProviders

/// The cassette decoder on arbitrary bytes: a cassette, or every problem named with its place, never a
/// crash or a hang, and the same answer each time.
enum CassetteDecoderTarget {
    static let target = FuzzTarget(
        name: "cassette",
        summary: "cassette decoder: a cassette or named problems at real positions, the same each time"
    ) { bytes in
        CassetteDecoderCheck.brokenPromise(file: "fuzz/input.json", bytes: bytes, providers: Providers.all)
    }
}
