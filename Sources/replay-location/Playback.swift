import ArgumentParsing
import Foundation
import LocationReplay
import LocationSimulator

/// Runs the session; with `--weather`, the weather driver is its per-fix consumer and prints one line per
/// delivered fix, and the map gets a temperature label per place. A weather server on this machine is
/// first told the trace's route, so a mockweather dashboard draws the drive as it happens.
/// With `namesPlaces`, each fix is also named by Kakao Local at the same server.
func runPlayback(_ session: ReplaySession, trace: Trace, weatherURL: URL?, namesPlaces: Bool = false)
    async throws(ReplayError) -> ReplayOutcome
{
    guard let weatherURL else { return try await session.run() }
    if RouteAnnouncement.isLoopback(weatherURL) {
        switch await RouteAnnouncement(trace: trace).send(to: weatherURL) {
        case .shown(let dashboard):
            if Console.standardError.isTerminal {
                Console.standardError.write(
                    "replay-location: the route is on the dashboard: \(dashboard.absoluteString)\n")
            }
        case .refused(let status, let message):
            Console.standardError.write("replay-location: the server refused the route (\(status)): \(message)\n")
        case .notSupported, .unreachable:
            break  // not a mockweather server, or none there: the weather lines say what happens
        }
    }
    let environment = ProcessInfo.processInfo.environment
    let driver = WeatherDriver(
        baseURL: weatherURL, apiKey: environment["OPENWEATHERMAP_API_KEY"],
        placeNamesKey: namesPlaces ? environment["KAKAO_REST_API_KEY"] ?? WeatherDriver.mockKakaoKey : nil)
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
