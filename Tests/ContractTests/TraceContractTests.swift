import Foundation
import LocationPlayback
import LocationSimulator
import TestSupport
import Testing
import WeatherClient

/// The demo drive as a contract: the Seoul-to-Daegu trace played through `WeatherService` (with the trace
/// as its location source, as `replay-location --weather` does) against the real server and the bundled
/// `near` cassettes.
@Suite struct TraceContractTests {
    static let routeOrder = ["Seoul", "Suwon", "Cheonan", "Daejeon", "Gimcheon", "Gumi", "Daegu"]

    /// Scripts/traces/seoul-to-daegu.json with a 1,500 m distance filter names the places in route order.
    ///
    /// The time limit is a net for a hang, not a speed check. The drive's one server does not wait for a
    /// slot of `contractCaseLimit`: queued behind every cassette case under ThreadSanitizer, it finished
    /// only after 275 s, and the limit would have measured the queue instead of the drive.
    @Test(.timeLimit(.minutes(10)))
    func driveNamesThePlacesInRouteOrderAndTheDeniedStretchShowsTheDefaultLocation() async throws {
        let tracePath = PackageLayout.traces.appendingPathComponent("seoul-to-daegu.json").path
        let playback = try Playback(trace: try TraceLoader.load(path: tracePath))
        let fixes = Array(
            FixSampler(playback: playback, interval: 1, distanceFilter: DistanceFilter(minimumDistance: 1_500))
        )
        try #require(fixes.count > 100, "a 290 km drive filtered at 1.5 km delivers well over 100 fixes")

        let reports = try await withMock(.contractUnbounded, mode: .binary) { mock in

            let baseURL = try mock.baseURL
            let driver = WeatherDriver(
                client: OpenWeatherClient(apiKey: "", baseURL: baseURL),
                clock: RecordingClock(),
                retryPolicy: deterministicRetry,
                configuration: contractServiceConfiguration
            )
            var reports: [WeatherReport] = []
            for fix in fixes {
                reports.append(try await driver.report(for: fix, at: Date(timeIntervalSince1970: fix.time)))
            }
            return reports
        }

        var livePlaces: [String] = []
        var deniedStretch: [WeatherResult<CurrentWeather>] = []
        var placesAfterDenied: [String] = []
        for report in reports {
            let result: WeatherResult<CurrentWeather>
            switch report.outcome {
            case .success(let success): result = success
            case .failure(let error):
                Issue.record("fix at \(report.fix.coordinate) (trace time \(report.fix.time) s): \(error)")
                continue
            }
            switch result.origin {
            case .live:
                let name = result.value.name
                if livePlaces.last != name { livePlaces.append(name) }
                if !deniedStretch.isEmpty, placesAfterDenied.last != name { placesAfterDenied.append(name) }
            case .defaultLocation:
                deniedStretch.append(result)
            case .stale:
                Issue.record("fix at \(report.fix.coordinate): stale weather from a server that is up")
            }
        }

        #expect(livePlaces == Self.routeOrder, "the live answers, consecutive repeats collapsed")
        #expect(!deniedStretch.isEmpty, "the trace denies permission past Okcheon")
        for result in deniedStretch {
            #expect(result.origin == .defaultLocation(.denied))
            #expect(result.location.coordinate == DefaultLocation.sesacCampus.coordinate)
            #expect(WeatherDisplay(result).placeName == "Seoul")
        }
        #expect(placesAfterDenied.first == "Gimcheon", "live weather resumes on the road once permission is back")
    }
}
