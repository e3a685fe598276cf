/// Weather from ``WeatherService`` together with where it came from.
public struct WeatherResult<Value: Sendable>: Sendable {
    /// Whether the value is fresh or recovered from the cache.
    public enum Freshness: Sendable, Hashable {
        /// Fetched just now.
        case live
        /// Retries ran out; this is the last good weather near the location, `age` old (measured
        /// on the service's clock), and `lastError` is the failure that made the service use it.
        case stale(age: Duration, lastError: WeatherError)
    }

    /// Where the result came from, the most important fact first: stale beats default location.
    public enum Origin: Sendable, Hashable {
        /// Fetched just now for the device's location.
        case live
        /// Fetched just now for the default location, because of the reason given.
        case defaultLocation(DefaultLocationReason)
        /// The last good weather, `age` old, because the request failed with `lastError`.
        case stale(age: Duration, lastError: WeatherError)
    }

    /// The weather.
    public var value: Value
    /// The location the weather was asked for.
    public var location: ResolvedLocation
    /// Live or stale.
    public var freshness: Freshness
    /// How many requests this call made: 1 when the first succeeded, and for a stale result
    /// the number of attempts that failed.
    public var attempts: Int
    /// What naming the place came to, when the service has a ``PlaceNamer``; `nil` when it has none.
    public var placeNaming: PlaceNaming?

    /// A result; the service makes these, tests and previews may too.
    public init(
        value: Value, location: ResolvedLocation, freshness: Freshness, attempts: Int, placeNaming: PlaceNaming? = nil
    ) {
        self.value = value
        self.location = location
        self.freshness = freshness
        self.attempts = attempts
        self.placeNaming = placeNaming
    }

    /// The name to show for the place: the namer's (fresh or last known, "서울 문래동3가"), else the
    /// location's own display name ("Seoul" for the default location), else `nil` (the weather's
    /// own name applies).
    public var displayName: String? { placeNaming?.name?.full ?? location.displayName }

    /// Where the result came from. A stale result reports `.stale` even at the default location
    /// (``location`` still says which location it was).
    public var origin: Origin {
        switch (freshness, location.source) {
        case (.stale(let age, let error), _): .stale(age: age, lastError: error)
        case (.live, .defaultLocation(let reason)): .defaultLocation(reason)
        case (.live, .device): .live
        }
    }

    /// True when the value came from the cache.
    public var isStale: Bool {
        if case .stale = freshness { return true }
        return false
    }
}

extension WeatherResult: Equatable where Value: Equatable {}

/// The location ``WeatherService`` asked for weather at, and why.
public struct ResolvedLocation: Sendable, Hashable {
    /// Where the location came from.
    public enum Source: Sendable, Hashable {
        /// A fix from the ``LocationSource``.
        case device(LocationFix)
        /// The service's default location, for the reason given.
        case defaultLocation(DefaultLocationReason)
    }

    /// The coordinate the request was made for.
    public var coordinate: Coordinate
    /// The name to show instead of the API's for this location ("Seoul" for the default
    /// location); `nil` for a device fix, whose weather names itself.
    public var displayName: String?
    /// Device fix or default location.
    public var source: Source

    /// A resolved location.
    public init(coordinate: Coordinate, displayName: String?, source: Source) {
        self.coordinate = coordinate
        self.displayName = displayName
        self.source = source
    }

    /// True when this is the default location.
    public var isDefault: Bool {
        if case .defaultLocation = source { return true }
        return false
    }
}

/// Why ``WeatherService`` used its default location.
public enum DefaultLocationReason: Sendable, Hashable, CustomStringConvertible {
    /// The user denied location access.
    case denied
    /// Location access is restricted by policy.
    case restricted
    /// No valid fix arrived within the timeout.
    case noFixWithinTimeout
    /// The source ended (returned `nil`) without a valid fix.
    case sourceEnded
    /// The source threw; the message is its error's description.
    case sourceFailed(String)

    /// A short phrase, e.g. "location access denied".
    public var description: String {
        switch self {
        case .denied: "location access denied"
        case .restricted: "location access restricted"
        case .noFixWithinTimeout: "no location fix in time"
        case .sourceEnded: "the location source ended"
        case .sourceFailed(let message): "the location source failed: \(message)"
        }
    }
}
