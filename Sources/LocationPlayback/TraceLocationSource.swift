public import Foundation
public import LocationSimulator
import Locking
public import WeatherClient

/// A played-back trace as WeatherClient's ``WeatherClient/LocationSource``: what `WeatherService` sees as
/// the device's location and permission while `replay-location --weather` drives it.
///
/// The playback pushes each delivered fix with ``deliver(_:at:)``; the service reads the permission of the
/// latest fix and gets that fix from ``nextFix()``, at once when it has not seen it yet, otherwise after
/// waiting for the next one. ``finish()`` ends the source: waiting and later calls return `nil`, which the
/// service treats as "no location" (the default location). Cancelling a waiting call throws
/// `CancellationError` at once.
public final class TraceLocationSource: WeatherClient.LocationSource {
    private struct State {
        var latest: WeatherClient.LocationFix?
        var isLatestSeen = false
        var authorization = WeatherClient.LocationAuthorization.notDetermined
        var isFinished = false
        var waiters: [UInt64: CheckedContinuation<WeatherClient.LocationFix?, any Error>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Locked(State())

    /// A source with no fix yet, permission not determined.
    public init() {}

    /// Makes `fix` the device's current location and permission; `date` is its wall-clock time.
    public func deliver(_ fix: LocationSimulator.LocationFix, at date: Date) {
        let converted = WeatherClient.LocationFix(
            coordinate: Coordinate(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude),
            horizontalAccuracy: fix.horizontalAccuracy, timestamp: date)
        let waiters = state.withLock { state in
            state.authorization = WeatherClient.LocationAuthorization(fix.authorization)
            state.latest = converted
            let waiting = state.waiters
            state.waiters = [:]
            state.isLatestSeen = !waiting.isEmpty
            return waiting
        }
        for waiter in waiters.values { waiter.resume(returning: converted) }
    }

    /// Ends the source: every waiting and later ``nextFix()`` returns `nil`.
    public func finish() {
        let waiters = state.withLock { state in
            state.isFinished = true
            let waiting = state.waiters
            state.waiters = [:]
            return waiting
        }
        for waiter in waiters.values { waiter.resume(returning: nil) }
    }

    /// The permission of the latest delivered fix (`notDetermined` before the first).
    public var authorization: WeatherClient.LocationAuthorization {
        get async { state.withLock { $0.authorization } }
    }

    /// The latest fix if the caller has not had it yet, otherwise the next one delivered; `nil` once finished.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting.
    public func nextFix() async throws -> WeatherClient.LocationFix? {
        let immediate: WeatherClient.LocationFix?? = state.withLock { state in
            if state.isFinished { return .some(nil) }
            guard let latest = state.latest, !state.isLatestSeen else { return nil }
            state.isLatestSeen = true
            return .some(latest)
        }
        if let immediate { return immediate }
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let resumeNow: Result<WeatherClient.LocationFix?, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.isFinished { return .success(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}

extension WeatherClient.LocationAuthorization {
    /// The client's reading of a simulated permission: both CoreLocation "authorised" states are `authorized`.
    public init(_ simulated: LocationSimulator.LocationAuthorization) {
        switch simulated {
        case .authorizedAlways, .authorizedWhenInUse: self = .authorized
        case .denied: self = .denied
        case .restricted: self = .restricted
        case .notDetermined: self = .notDetermined
        }
    }
}
