import ArgumentParsing
import Foundation
import LocationPlayback
import LocationSimulator
import Locking

/// Which weather `--weather` fetches, and from where.
enum WeatherDrive {
    /// OpenWeatherMap's current weather at every fix (`--weather URL`).
    case openWeatherMap(URL)
    /// The KMA village forecast for every new grid cell (`--weather kma`, `--server URL`).
    case kma(URL)

    /// The server asked.
    var server: URL {
        switch self {
        case .openWeatherMap(let url), .kma(let url): url
        }
    }
}

/// Runs the session; with a weather drive, its driver is the per-fix consumer and prints one line per
/// delivered fix (OpenWeatherMap) or per grid cell entered (KMA), and the map gets a temperature label per
/// place. A weather server on this machine is first told the trace's route, so a mockweather dashboard
/// draws the drive as it happens. With `namesPlaces`, each fix is also named by Kakao Local at the same
/// server.
func runPlayback(
    _ session: PlaybackSession, trace: Trace, weather: WeatherDrive?, namesPlaces: Bool = false,
    clock: MockClockFollower? = nil
) async throws(PlaybackError) -> PlaybackOutcome {
    guard let weather else { return try await session.run() }
    await announceRoute(of: trace, to: weather.server)
    let environment = ProcessInfo.processInfo.environment
    let startDate = session.context.startDate
    // The fix's time: with --follow-clock the mock clock is first fixed there; a failure is said once
    // on standard error and the drive goes on at the clock's own time.
    let clockFailure = Locked(false)
    let time: @Sendable (LocationFix) async -> Date = { fix in
        guard let clock else { return startDate.addingTimeInterval(fix.time) }
        do {
            return try await clock.move(afterSeconds: fix.time)
        } catch {
            let isFirst = clockFailure.withLock { failed in
                defer { failed = true }
                return !failed
            }
            if isFirst {
                Console.standardError.write("replay-location: \(error)\n")
            }
            return clock.instant(afterSeconds: fix.time)
        }
    }
    let standardOutput = Console.standardOutput
    switch weather {
    case .openWeatherMap(let url):
        let driver = WeatherDriver(
            baseURL: url, apiKey: environment["OPENWEATHERMAP_API_KEY"],
            placeNamesKey: namesPlaces ? environment["KAKAO_REST_API_KEY"] ?? WeatherDriver.mockKakaoKey : nil)
        defer { driver.finish() }
        return try await session.run(
            consumer: { fix in
                let report = try await driver.report(for: fix, at: await time(fix))
                standardOutput.writeLine(report.line)
            },
            mapLabels: { driver.mapLabels })
    case .kma(let url):
        let driver = KMAWeatherDriver(
            baseURL: url, serviceKey: environment["KMA_SERVICE_KEY"], now: { clock?.now ?? Date() })
        return try await session.run(
            consumer: { fix in
                if let report = try await driver.report(for: fix, at: await time(fix)) {
                    standardOutput.writeLine(report.line)
                }
            },
            mapLabels: { [] })
    }
}

/// Tells a mockweather server on this machine the trace's route for its dashboard; says on a terminal
/// where to look, and why when the server refuses.
private func announceRoute(of trace: Trace, to server: URL) async {
    guard RouteAnnouncement.isLoopback(server) else { return }
    switch await RouteAnnouncement(trace: trace).send(to: server) {
    case .shown(let dashboard):
        if Console.standardError.isTerminal {
            Console.standardError.write("replay-location: the route is on the dashboard: \(dashboard.absoluteString)\n")
        }
    case .refused(let status, let message):
        Console.standardError.write("replay-location: the server refused the route (\(status)): \(message)\n")
    case .notSupported, .unreachable:
        break  // not a mockweather server, or none there: the weather lines say what happens
    }
}
