import LocationSimulator

/// The JSON trace loader: any input is a trace or an error that says what is wrong, never a crash,
/// a hang or an empty message.
enum TraceLoaderTarget {
    static let target = FuzzTarget(
        name: "trace",
        summary: "trace loader (JSON): a trace, or an error naming the problem"
    ) { bytes in
        do throws(TraceLoadError) {
            _ = try TraceLoader.decode(bytes, fileName: "fuzz.json")
            return nil
        } catch {
            return error.description.isEmpty ? "a refusal with no message" : nil
        }
    }
}
