import Locking
import WeatherClient

/// A ``LocationSource`` that plays a script: an authorisation state, then fixes in order, then
/// what happens when they run out.
final class ScriptedLocationSource: LocationSource {
    enum WhenExhausted: Sendable {
        /// Wait forever (until cancelled), like a device indoors.
        case waitForever
        /// Return `nil`: the source has ended.
        case end
        /// Throw this error.
        case fail(String)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private struct State {
        var fixes: [LocationFix]
        var fixRequests = 0
    }

    private let state: Locked<State>
    private let authorizationState: LocationAuthorization
    private let whenExhausted: WhenExhausted

    init(_ authorization: LocationAuthorization, fixes: [LocationFix] = [], whenExhausted: WhenExhausted = .waitForever)
    {
        authorizationState = authorization
        self.whenExhausted = whenExhausted
        state = Locked(State(fixes: fixes))
    }

    /// How many times the service asked for a fix.
    var fixRequests: Int { state.withLock { $0.fixRequests } }

    var authorization: LocationAuthorization {
        get async { authorizationState }
    }

    func nextFix() async throws -> LocationFix? {
        let next = state.withLock { state -> LocationFix? in
            state.fixRequests += 1
            return state.fixes.isEmpty ? nil : state.fixes.removeFirst()
        }
        if let next { return next }
        switch whenExhausted {
        case .end:
            return nil
        case .fail(let message):
            throw Failure(description: message)
        case .waitForever:
            // An AsyncStream that never yields: iteration ends only when the task is cancelled.
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            for await _ in stream {}
            continuation.finish()  // also keeps the continuation, and so the stream, alive until here
            throw CancellationError()
        }
    }
}
