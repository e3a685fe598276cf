public import Foundation

/// A scripted drive or walk: waypoints to move through, how fast, and what happens on the way.
///
/// This is the in-memory form of a `mockweather-trace/1` file (docs/ARCHITECTURE.md#the-location-simulator) or an
/// imported GPX file. It holds what the file says, already range-checked by ``TraceLoader``; ``Timeline`` turns it
/// into motion. Times (`Waypoint.arrival`, `TraceEvent.time`) are seconds after the start of the trace.
public struct Trace: Sendable, Hashable {
    /// The identifier of the JSON trace format this type reads.
    public static let formatIdentifier = "mockweather-trace/1"
    /// The speed used for legs that state neither a speed nor an arrival time: 72 km/h, which is
    /// `simctl location start`'s default of 20 m/s.
    public static let defaultSpeedKmh = 72.0
    /// The emission interval when the trace states none: one second, as CoreLocation delivers while driving.
    public static let defaultIntervalSeconds = 1.0

    /// A human name for the trace, shown in GPX and SVG output.
    public var name: String
    /// The wall-clock time the trace starts at; `nil` means "when playback begins".
    public var start: Date?
    /// The default speed in km/h for legs without their own speed or arrival time.
    public var speedKmh: Double
    /// Seconds between emitted fixes (the command line may override it).
    public var intervalSeconds: Double
    /// How many times faster than real time `--realtime` plays (1 = real time).
    public var playbackSpeed: Double
    /// Whether and how often the route repeats.
    public var loop: LoopMode
    /// The noise model; `nil` means exact positions (accuracy 0) until an event says otherwise.
    public var noise: NoiseSettings?
    /// The route, in order; never empty in a loaded trace.
    public var waypoints: [Waypoint]
    /// Changes of permission or signal quality, in time order.
    public var events: [TraceEvent]

    /// Creates a trace; defaults match what a file that leaves the field out gets.
    public init(
        name: String,
        start: Date? = nil,
        speedKmh: Double = Trace.defaultSpeedKmh,
        intervalSeconds: Double = Trace.defaultIntervalSeconds,
        playbackSpeed: Double = 1,
        loop: LoopMode = .once,
        noise: NoiseSettings? = nil,
        waypoints: [Waypoint],
        events: [TraceEvent] = []
    ) {
        self.name = name
        self.start = start
        self.speedKmh = speedKmh
        self.intervalSeconds = intervalSeconds
        self.playbackSpeed = playbackSpeed
        self.loop = loop
        self.noise = noise
        self.waypoints = waypoints
        self.events = events
    }
}

/// Whether a trace's route repeats after its last waypoint.
public enum LoopMode: Sendable, Hashable {
    /// The route is travelled once and playback ends at the last waypoint.
    case once
    /// The route is travelled this many times (at least 1), returning from the last waypoint to the first
    /// between laps.
    case laps(Int)
    /// The route repeats until playback is stopped (a duration limit or Ctrl-C).
    case forever
}

/// A point of the route.
public struct Waypoint: Sendable, Hashable {
    /// Where the waypoint is.
    public var point: GeoPoint
    /// A place name, reported as the nearest waypoint of nearby fixes and drawn on the SVG.
    public var name: String?
    /// Seconds after the trace start at which the device arrives here; legs leading here are then driven at
    /// the constant speed that makes it so. `nil` lets the speed decide.
    public var arrival: Double?
    /// The speed in km/h of the leg that leaves this waypoint; `nil` uses the trace's ``Trace/speedKmh``.
    public var speedKmh: Double?
    /// Seconds the device stands still here before leaving (0 = drive through).
    public var pauseSeconds: Double

    /// Creates a waypoint.
    public init(
        _ point: GeoPoint,
        name: String? = nil,
        arrival: Double? = nil,
        speedKmh: Double? = nil,
        pauseSeconds: Double = 0
    ) {
        self.point = point
        self.name = name
        self.arrival = arrival
        self.speedKmh = speedKmh
        self.pauseSeconds = pauseSeconds
    }
}

/// Something that changes at a moment of the trace and stays changed until the next event says otherwise.
public struct TraceEvent: Sendable, Hashable {
    /// Seconds after the trace start.
    public var time: Double
    /// The permission from this moment on, or `nil` to leave it unchanged.
    public var authorization: LocationAuthorization?
    /// The reported horizontal accuracy (and so the noise) from this moment on, in metres; a negative
    /// value means no fix at all (a tunnel), or `nil` to leave it unchanged.
    public var accuracyMeters: Double?

    /// Creates an event.
    public init(time: Double, authorization: LocationAuthorization? = nil, accuracyMeters: Double? = nil) {
        self.time = time
        self.authorization = authorization
        self.accuracyMeters = accuracyMeters
    }
}

/// Position noise: how large it is and which seed makes it reproducible.
public struct NoiseSettings: Sendable, Hashable {
    /// The horizontal accuracy reported with each fix, in metres: 68% of fixes lie within this distance of
    /// the true position (see ``PositionNoise``).
    public var accuracyMeters: Double
    /// The seed; the same seed gives the same noise at the same trace time, on every platform.
    public var seed: UInt64

    /// Creates noise settings.
    public init(accuracyMeters: Double, seed: UInt64 = 0) {
        self.accuracyMeters = accuracyMeters
        self.seed = seed
    }
}
