import ArgumentParsing
import Foundation
import LocationReplay
import LocationSimulator

/// Runs the session; with `--weather`, the weather driver is its per-fix consumer and prints one line per
/// delivered fix, and the map gets a temperature label per place.
func runPlayback(_ session: ReplaySession, weatherURL: URL?) async throws(ReplayError) -> ReplayOutcome {
    guard let weatherURL else { return try await session.run() }
    let driver = WeatherDriver(
        baseURL: weatherURL, apiKey: ProcessInfo.processInfo.environment["OPENWEATHERMAP_API_KEY"])
    let startDate = session.context.startDate
    let standardOutput = Console.standardOutput
    defer { driver.finish() }
    return try await session.run(
        consumer: { fix in
            let report = try await driver.report(for: fix, at: startDate.addingTimeInterval(fix.time))
            standardOutput.writeLine(report.line)
        },
        mapLabels: { driver.mapLabels })
}
