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
/// 5. **Place name** (only with a ``PlaceNamer``, such as ``KakaoLocalClient``). The requested
///    coordinate is named while the weather is fetched: the district of a live fix, the default
///    location's district (the SeSAC campus's) when location is unavailable. When naming fails, the
///    last name got near that location (same radius and age limits as stale weather) stands in,
///    marked ``PlaceNaming/lastKnown(_:age:failure:)``, or the result says ``PlaceNaming/failed(_:)``;
///    either way the weather is returned and the failure is in ``WeatherResult/placeNaming``. Naming
///    is tried once per request, never retried, and never makes a request fail.
///
/// Results report their origin (live, default location, stale), how many attempts were made and,
/// with a namer, what naming the place came to.
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
    /// Names the place of each result ("서울 문래동3가"), or `nil` to name none.
    public nonisolated let placeNamer: (any PlaceNamer)?

    private var currentCache = StaleCache<CurrentWeather>()
    private var forecastCache = StaleCache<Forecast>()
    private var placeNames = StaleCache<PlaceName>()

    /// A service; only `client` and `locationSource` are required. With a `placeNamer` (e.g. a
    /// ``KakaoLocalClient``) every result says what naming its place came to.
    public init(
        client: OpenWeatherClient,
        locationSource: any LocationSource,
        clock: any WeatherClock = SystemWeatherClock(),
        retryPolicy: RetryPolicy = .standard,
        configuration: Configuration = Configuration(),
        placeNamer: (any PlaceNamer)? = nil
    ) {
        self.client = client
        self.locationSource = locationSource
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.configuration = configuration
        self.placeNamer = placeNamer
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
        async let naming = Self.name(coordinate, with: placeNamer)
        let (outcome, attempts) = await withRetries { () async throws(WeatherError) -> CurrentWeather in
            try await client.currentWeather(at: coordinate)
        }
        var result: WeatherResult<CurrentWeather>
        switch outcome {
        case .success(let weather):
            currentCache.store(weather, for: coordinate, at: clock.now)
            result = WeatherResult(value: weather, location: location, freshness: .live, attempts: attempts)
        case .failure(let error):
            result = try stale(from: currentCache, error: error, location: location, attempts: attempts)
        }
        result.placeNaming = placeNaming(await naming, at: coordinate)
        return result
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
        async let naming = Self.name(coordinate, with: placeNamer)
        let (outcome, attempts) = await withRetries { () async throws(WeatherError) -> Forecast in
            try await client.forecast(at: coordinate, count: count)
        }
        var result: WeatherResult<Forecast>
        switch outcome {
        case .success(let forecast):
            forecastCache.store(forecast, for: coordinate, at: clock.now)
            result = WeatherResult(value: forecast, location: location, freshness: .live, attempts: attempts)
        case .failure(let error):
            result = try stale(from: forecastCache, error: error, location: location, attempts: attempts)
        }
        result.placeNaming = placeNaming(await naming, at: coordinate)
        return result
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

    /// Forgets every cached weather and place name, so the next failure cannot fall back to them.
    public func clearCache() {
        currentCache.removeAll()
        forecastCache.removeAll()
        placeNames.removeAll()
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

    /// Asks `namer` for the name at `coordinate`; `nil` without a namer. Runs beside the weather
    /// request, off the actor.
    private static func name(_ coordinate: Coordinate, with namer: (any PlaceNamer)?) async
        -> Result<PlaceName?, KakaoLocalError>?
    {
        guard let namer else { return nil }
        do {
            return .success(try await namer.placeName(at: coordinate))
        } catch {
            return .failure(error)
        }
    }

    /// What a naming attempt came to: a fresh name is remembered for `coordinate`; a failure falls
    /// back to the newest name remembered near it, within the stale-weather limits.
    private func placeNaming(_ attempt: Result<PlaceName?, KakaoLocalError>?, at coordinate: Coordinate)
        -> PlaceNaming?
    {
        switch attempt {
        case nil:
            return nil
        case .success(let name?):
            placeNames.store(name, for: coordinate, at: clock.now)
            return .named(name)
        case .success(nil):
            return .noPlace
        case .failure(let error):
            guard
                let known = placeNames.lookup(
                    near: coordinate,
                    radiusMeters: configuration.staleRadiusMeters,
                    maxAge: configuration.maxStaleAge,
                    now: clock.now
                )
            else { return .failed(error) }
            return .lastKnown(known.value, age: known.age, failure: error)
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
    /// The display text for a service result, named by ``WeatherResult/displayName``: the place
    /// namer's name when there is one ("서울 문래동3가", fresh or last known), else the default
    /// location's display name ("Seoul"), else whatever place the API reports.
    public init(_ result: WeatherResult<CurrentWeather>) {
        self.init(result.value, placeName: result.displayName)
    }
}
