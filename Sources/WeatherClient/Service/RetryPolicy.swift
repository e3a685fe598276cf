internal import Foundation

/// How ``WeatherService`` retries a failed request: bounded attempts, exponential backoff with
/// jitter, and the server's `Retry-After` honoured up to a cap.
///
/// Only retryable failures are retried (``WeatherError/isRetryable``: transport failures, 429 and
/// 5xx other than 501/505). The delay before retry *n* (n = 1 after the first attempt) is
/// `min(maxDelay, baseDelay × multiplier^(n-1))`, scaled by a random factor in
/// `1 - jitter ... 1 + jitter` and clamped to `maxDelay` again. When the server sent `Retry-After`,
/// the delay is at least that long; a `Retry-After` longer than ``maxRetryAfter`` ends the
/// retries at once, because retrying earlier than the server asked is futile and waiting that long
/// would hold the caller for too long.
public struct RetryPolicy: Sendable {
    /// Total attempts including the first, at least 1 (values below 1 count as 1).
    public var maxAttempts: Int
    /// The delay before the first retry, before jitter.
    public var baseDelay: Duration
    /// The growth factor from one delay to the next (values below 1 count as 1).
    public var multiplier: Double
    /// The longest backoff delay, jitter included.
    public var maxDelay: Duration
    /// The jitter fraction, 0...1: 0.2 spreads each delay over ±20 %. Clamped to 0...1.
    public var jitter: Double
    /// The longest `Retry-After` the service will wait for; longer ones end the retries.
    public var maxRetryAfter: Duration
    /// Returns a number in `0..<1` for jitter; inject a fixed sequence for deterministic tests.
    /// Values outside 0...1 are clamped.
    public var random: @Sendable () -> Double

    /// A policy; defaults are 3 attempts, 0.5 s doubling up to 8 s, ±20 % jitter, and
    /// `Retry-After` honoured up to 60 s.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(500),
        multiplier: Double = 2,
        maxDelay: Duration = .seconds(8),
        jitter: Double = 0.2,
        maxRetryAfter: Duration = .seconds(60),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
        self.random = random
    }

    /// The default policy.
    public static var standard: RetryPolicy { RetryPolicy() }

    /// One attempt, no retries.
    public static var never: RetryPolicy { RetryPolicy(maxAttempts: 1) }

    /// The wait before the next attempt after `attempt` attempts failed with `error`, or `nil`
    /// when there should be no further attempt (not retryable, attempts used up, or a
    /// `Retry-After` beyond ``maxRetryAfter``).
    public func delay(afterAttempt attempt: Int, failingWith error: WeatherError) -> Duration? {
        guard error.isRetryable, attempt < max(1, maxAttempts) else { return nil }
        if let retryAfter = error.retryAfter, retryAfter > maxRetryAfter { return nil }
        let backoff = backoffDelay(afterAttempt: attempt)
        guard let retryAfter = error.retryAfter else { return backoff }
        return max(backoff, retryAfter)
    }

    /// The jittered exponential backoff alone, for `attempt` ≥ 1 failed attempts.
    public func backoffDelay(afterAttempt attempt: Int) -> Duration {
        let growth = pow(max(1, multiplier), Double(max(0, attempt - 1)))
        let ceiling = maxDelay.timeInterval
        let nominal = min(ceiling, baseDelay.timeInterval * growth)
        let spread = min(1, max(0, jitter))
        let unit = min(max(random(), 0), 1)
        let jittered = nominal * (1 - spread + 2 * spread * unit)
        return .milliseconds(Int64((max(0, min(ceiling, jittered)) * 1000).rounded()))
    }
}
