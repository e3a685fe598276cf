import Locking
import WeatherClient

/// A clock the test owns: `sleep` returns at once and records how long it was asked to wait (so backoff
/// and Retry-After are checked without waiting for them), and `advance` moves time on.
///
/// A sleep of ``endless`` or longer never ends (until its task is cancelled): the service races its
/// fix timeout against the location source, and a timeout that expired at once would win that race.
/// Services under test use ``fixTimeout``, so a fix that is at hand always arrives first.
final class RecordingClock: WeatherClock {
    static let endless = Duration.seconds(3_600)
    static let fixTimeout = endless
    private struct State {
        var now: Duration = .zero
        var sleeps: [Duration] = []
    }
    private let state = Locked(State())

    var now: Duration { state.withLock { $0.now } }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        if duration >= Self.endless {
            let never = AsyncStream<Void> { _ in }
            for await _ in never {}
            throw CancellationError()
        }
        state.withLock { state in
            state.sleeps.append(duration)
            state.now += duration
        }
    }

    func advance(by duration: Duration) {
        state.withLock { $0.now += duration }
    }
}

/// A location source with a fixed authorisation and, when authorised, one fix.
struct FixedLocation: LocationSource {
    let authorizationState: LocationAuthorization
    let coordinate: Coordinate?

    static let denied = FixedLocation(authorizationState: .denied, coordinate: nil)

    static func at(_ coordinate: Coordinate) -> FixedLocation {
        FixedLocation(authorizationState: .authorized, coordinate: coordinate)
    }

    var authorization: LocationAuthorization { authorizationState }

    func nextFix() async throws -> LocationFix? {
        coordinate.map { LocationFix(coordinate: $0, horizontalAccuracy: 10) }
    }
}

/// A service configuration whose fix timeout cannot expire before a fix at hand arrives (see
/// ``RecordingClock``).
let contractServiceConfiguration = WeatherService.Configuration(fixTimeout: RecordingClock.fixTimeout)

/// Retries without jitter, so the waits a test sees are exactly the policy's.
let deterministicRetry = RetryPolicy(
    maxAttempts: 3,
    baseDelay: .milliseconds(500),
    multiplier: 2,
    maxDelay: .seconds(8),
    jitter: 0,
    maxRetryAfter: .seconds(60),
    random: { 0.5 }
)
