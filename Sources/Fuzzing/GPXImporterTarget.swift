import LocationSimulator

/// The GPX importer: any input is a trace or an error that says what is wrong.
enum GPXImporterTarget {
    static let target = FuzzTarget(
        name: "gpx",
        summary: "GPX importer: a trace, or an error naming the problem"
    ) { bytes in
        do throws(TraceLoadError) {
            _ = try GPXImporter.importTrace(bytes, fileName: "fuzz.gpx")
            return nil
        } catch {
            return error.description.isEmpty ? "a refusal with no message" : nil
        }
    }
}
