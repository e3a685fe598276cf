import Testing
import WeatherClient

/// RetryPolicy delays.
@Suite struct RetryPolicyTests {
    private let timeout = WeatherError.transport(kind: .timeout, message: "")

    /// Without jitter, delays double from the base delay up to the maximum.
    @Test func delaysDoubleFromTheBaseUpToTheMaximum() {
        let policy = RetryPolicy(
            maxAttempts: 10, baseDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(5), jitter: 0)

        let delays = (1...5).map { policy.delay(afterAttempt: $0, failingWith: timeout) }

        #expect(delays == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
    }

    /// Jitter spreads the delay by the random source: 0 gives the low end, 0.5 the middle, 1 the high end.
    @Test func jitterFollowsTheRandomSource() {
        func delay(random: Double) -> Duration? {
            RetryPolicy(baseDelay: .seconds(2), jitter: 0.25, random: { random })
                .delay(afterAttempt: 1, failingWith: timeout)
        }
        #expect(delay(random: 0) == .milliseconds(1500))
        #expect(delay(random: 0.5) == .seconds(2))
        #expect(delay(random: 0.999_999) == .milliseconds(2500))
    }

    /// Jitter never pushes a delay past the maximum.
    @Test func jitterIsClampedToMaximum() {
        let policy = RetryPolicy(
            maxAttempts: 5, baseDelay: .seconds(8), maxDelay: .seconds(8), jitter: 0.5, random: { 0.99 })
        #expect(policy.delay(afterAttempt: 1, failingWith: timeout) == .seconds(8))
    }

    /// No further attempt once maxAttempts are used.
    @Test func noAttemptAfterMaxAttempts() {
        let policy = RetryPolicy(maxAttempts: 3, jitter: 0)
        #expect(policy.delay(afterAttempt: 2, failingWith: timeout) != nil)
        #expect(policy.delay(afterAttempt: 3, failingWith: timeout) == nil)
        #expect(RetryPolicy.never.delay(afterAttempt: 1, failingWith: timeout) == nil)
        #expect(RetryPolicy(maxAttempts: 0).delay(afterAttempt: 1, failingWith: timeout) == nil)
    }

    /// Errors that are not retryable get no retry.
    @Test func nonRetryableErrorsAreNotRetried() {
        let policy = RetryPolicy(maxAttempts: 5)
        for error in [
            WeatherError.cityNotFound(message: "city not found"), .unauthorized(message: "bad key"),
            .invalidRequest(message: "wrong latitude"), .decoding(path: "main", expected: "x", found: "y"),
            .server(status: 501, message: "no cassette", retryAfter: nil), .cancelled,
        ] {
            #expect(policy.delay(afterAttempt: 1, failingWith: error) == nil)
        }
    }

    /// Retry-After longer than the backoff is waited for.
    @Test func longerRetryAfterIsWaitedFor() {
        let policy = RetryPolicy(baseDelay: .seconds(1), jitter: 0)
        let limited = WeatherError.rateLimited(retryAfter: .seconds(7), message: "")
        #expect(policy.delay(afterAttempt: 1, failingWith: limited) == .seconds(7))
    }

    /// Retry-After shorter than the backoff does not shorten it.
    @Test func shorterRetryAfterDoesNotShortenTheBackoff() {
        let policy = RetryPolicy(baseDelay: .seconds(4), jitter: 0)
        let unavailable = WeatherError.server(status: 503, message: "", retryAfter: .seconds(1))
        #expect(policy.delay(afterAttempt: 1, failingWith: unavailable) == .seconds(4))
    }

    /// Retry-After beyond the cap ends the retries instead of retrying early.
    @Test func retryAfterBeyondCapStopsRetrying() {
        let policy = RetryPolicy(maxRetryAfter: .seconds(60))
        let limited = WeatherError.rateLimited(retryAfter: .seconds(3600), message: "")
        #expect(policy.delay(afterAttempt: 1, failingWith: limited) == nil)
    }
}
