/// The fallback chain an app's weather screen needs (docs/ARCHITECTURE.md#the-client-library), as one
/// concurrency-safe actor.
///
/// For each request:
/// 1. **Location.** `denied` or `restricted` → the default location (SeSAC campus, shown as
///    "Seoul"). Otherwise the first valid fix from the ``LocationSource`` within
///    ``Configuration/fixTimeout``; no fix in time, an ended source or a failing source → the
///    default location too. The result's ``ResolvedLocation`` says which and why.
/// 2. **Request with retry.** Transport failures, 429 and 5xx (not 501) are retried under the
///    ``RetryPolicy`` (backoff with jitter, `Retry-After` honoured), waiting on the injected clock.
/// 3. **Stale fallback.** When retries run out on a retryable error, the last good weather near
///    that location (see ``Configuration/staleRadiusMeters`` and ``Configuration/maxStaleAge``)
///    is returned marked `.stale(age:lastError:)`. With nothing cached, the error is thrown.
/// 4. **Errors that must surface** (401, 404, 400, decoding, 501, cancellation) are thrown at
///    once and never hidden behind stale data.
///
/// Results report their origin (live, default location, stale) and how many attempts were made.
public actor WeatherService {
    /// Tunables of the fallback chain.
    public struct Configuration: Sendable {
        /// Used when the device's location is unavailable; default ``DefaultLocation/sesacCampus``.
        public var defaultLocation: DefaultLocation
        /// How long to wait for a valid fix before using the default location; default 10 s.
        public var fixTimeout: Duration
        /// How far from the requested location cached weather may be to stand in for it, in
        /// metres; default 20 km; `nil` accepts any location.
        public var staleRadiusMeters: Double?
        /// The oldest cached weather that may stand in; default 24 hours; `nil` accepts any age.
        public var maxStaleAge: Duration?

        /// A configuration; every parameter has the default documented on its property.
        public init(
            defaultLocation: DefaultLocation = .sesacCampus,
            fixTimeout: Duration = .seconds(10),
            staleRadiusMeters: Double? = 20_000,
            maxStaleAge: Duration? = .seconds(24 * 3600)
        ) {
            self.defaultLocation = defaultLocation
            self.fixTimeout = fixTimeout
            self.staleRadiusMeters = staleRadiusMeters
            self.maxStaleAge = maxStaleAge
        }
    }

    /// The client requests go through.
    public nonisolated let client: OpenWeatherClient
    /// Where the device's location comes from.
    public nonisolated let locationSource: any LocationSource
    /// The clock backoff waits and stale ages use.
    public nonisolated let clock: any WeatherClock
    /// How failed requests are retried.
    public nonisolated let retryPolicy: RetryPolicy
    /// The fallback tunables.
    public nonisolated let configuration: Configuration

    private var currentCache = StaleCache<CurrentWeather>()
    private var forecastCache = StaleCache<Forecast>()

    /// A service; only `client` and `locationSource` are required.
    public init(
        client: OpenWeatherClient,
        locationSource: any LocationSource,
        clock: any WeatherClock = SystemWeatherClock(),
        retryPolicy: RetryPolicy = .standard,
        configuration: Configuration = Configuration()
    ) {
        self.client = client
        self.locationSource = locationSource
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.configuration = configuration
    }

    /// The current weather where the device is (or at the default location), with fallback.
    /// - Throws: ``WeatherError`` that must surface (see the type's documentation), a retryable
    ///   error when nothing is cached near the location, or `.cancelled`.
    public func currentWeather() async throws(WeatherError) -> WeatherResult<CurrentWeather> {
        try await currentWeather(at: try await resolveLocation())
    }

    /// The current weather at an already resolved location, with retry and stale fallback.
    public func currentWeather(at location: ResolvedLocation) async throws(WeatherError)
        -> WeatherResult<CurrentWeather>
    {
        let client = self.client
        let coordinate = location.coordinate
        let (outcome, attempts) = await withRetries { () async throws(WeatherError) -> CurrentWeather in
            try await client.currentWeather(at: coordinate)
        }
        switch outcome {
        case .success(let weather):
            currentCache.store(weather, for: coordinate, at: clock.now)
            return WeatherResult(value: weather, location: location, freshness: .live, attempts: attempts)
        case .failure(let error):
            return try stale(from: currentCache, error: error, location: location, attempts: attempts)
        }
    }

    /// The forecast where the device is (or at the default location), with fallback; `count`
    /// (1...40) limits the number of 3-hour steps.
    /// - Throws: as ``currentWeather()``; a count outside 1...40 is `invalidRequest`.
    public func forecast(count: Int? = nil) async throws(WeatherError) -> WeatherResult<Forecast> {
        try await forecast(at: try await resolveLocation(), count: count)
    }

    /// The forecast at an already resolved location, with retry and stale fallback.
    public func forecast(at location: ResolvedLocation, count: Int? = nil) async throws(WeatherError)
        -> WeatherResult<Forecast>
    {
        let client = self.client
        let coordinate = location.coordinate
        let (outcome, attempts) = await withRetries { () async throws(WeatherError) -> Forecast in
            try await client.forecast(at: coordinate, count: count)
        }
        switch outcome {
        case .success(let forecast):
            forecastCache.store(forecast, for: coordinate, at: clock.now)
            return WeatherResult(value: forecast, location: location, freshness: .live, attempts: attempts)
        case .failure(let error):
            return try stale(from: forecastCache, error: error, location: location, attempts: attempts)
        }
    }

    /// Where the next request would go: a device fix, or the default location and why.
    /// - Throws: `.cancelled` when the task is cancelled while waiting for a fix.
    public func resolveLocation() async throws(WeatherError) -> ResolvedLocation {
        switch await locationSource.authorization {
        case .denied:
            return defaultLocation(.denied)
        case .restricted:
            return defaultLocation(.restricted)
        case .authorized, .notDetermined:
            let outcome = await firstValidFix(
                from: locationSource,
                clock: clock,
                timeout: configuration.fixTimeout
            )
            switch outcome {
            case .fix(let fix):
                return ResolvedLocation(coordinate: fix.coordinate, displayName: nil, source: .device(fix))
            case .timedOut:
                return defaultLocation(.noFixWithinTimeout)
            case .ended:
                return defaultLocation(.sourceEnded)
            case .failed(let message):
                return defaultLocation(.sourceFailed(message))
            case .cancelled:
                throw .cancelled
            }
        }
    }

    /// Forgets every cached weather, so the next failure cannot fall back to it.
    public func clearCache() {
        currentCache.removeAll()
        forecastCache.removeAll()
    }

    // MARK: Implementation

    private func defaultLocation(_ reason: DefaultLocationReason) -> ResolvedLocation {
        ResolvedLocation(
            coordinate: configuration.defaultLocation.coordinate,
            displayName: configuration.defaultLocation.displayName,
            source: .defaultLocation(reason)
        )
    }

    /// Runs `operation` until it succeeds, fails with an error the policy will not retry, or the
    /// attempts run out; waits between attempts on the injected clock.
    private func withRetries<Value: Sendable>(
        _ operation: @Sendable () async throws(WeatherError) -> Value
    ) async -> (Result<Value, WeatherError>, attempts: Int) {
        var attempts = 0
        while true {
            guard !Task.isCancelled else { return (.failure(.cancelled), attempts) }
            attempts += 1
            do {
                return (.success(try await operation()), attempts)
            } catch {
                guard let delay = retryPolicy.delay(afterAttempt: attempts, failingWith: error) else {
                    return (.failure(error), attempts)
                }
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return (.failure(.cancelled), attempts)
                }
            }
        }
    }

    /// The stale result for a failed request, or the error when it must surface or nothing fits.
    private func stale<Value: Sendable>(
        from cache: StaleCache<Value>,
        error: WeatherError,
        location: ResolvedLocation,
        attempts: Int
    ) throws(WeatherError) -> WeatherResult<Value> {
        guard error.isRetryable,
            let cached = cache.lookup(
                near: location.coordinate,
                radiusMeters: configuration.staleRadiusMeters,
                maxAge: configuration.maxStaleAge,
                now: clock.now
            )
        else { throw error }
        return WeatherResult(
            value: cached.value,
            location: location,
            freshness: .stale(age: cached.age, lastError: error),
            attempts: attempts
        )
    }
}

extension WeatherDisplay {
    /// The display text for a service result; the default location shows its display name
    /// ("Seoul") rather than whatever place the API reports for the coordinate.
    public init(_ result: WeatherResult<CurrentWeather>) {
        self.init(result.value, placeName: result.location.displayName)
    }
}
