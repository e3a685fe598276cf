/// A trace as a pure function from trace time to the fix a device would report then.
///
/// Everything a fix carries (position with noise, accuracy, speed, course, permission, nearest waypoint) is
/// computed from the time alone, so emitting at any interval only samples this function: speed never
/// depends on the emission interval, and tests can ask for any moment without sleeping.
public struct Playback: Sendable {
    /// The trace being played.
    public let trace: Trace
    /// Its resolved motion.
    public let timeline: Timeline
    /// The noise seed in effect (the trace's, unless overridden).
    public let seed: UInt64

    private let eventTimes: [Double]
    /// The permission and accuracy in effect after each event (index i: after events 0...i).
    private let stateAfterEvent: [(authorization: LocationAuthorization, accuracy: Double)]
    private let initialAccuracy: Double
    private let endVector: UnitVector
    /// Named waypoints, split into parallel arrays so the nearest-waypoint scan touches only vectors.
    private let namedWaypointVectors: [UnitVector]
    private let namedWaypointIndices: [Int]

    /// The permission a trace starts with when no event at time 0 says otherwise.
    public static let initialAuthorization = LocationAuthorization.authorizedWhenInUse

    /// Prepares a trace for playback; `seed` overrides the trace's noise seed (the `--seed` option).
    ///
    /// - Throws: ``TimelineError`` when the trace's motion cannot be resolved (see ``Timeline/init(trace:)``);
    ///   traces from ``TraceLoader`` have already passed this check.
    public init(trace: Trace, seed: UInt64? = nil) throws(TimelineError) {
        self.trace = trace
        self.timeline = try Timeline(trace: trace)
        self.seed = seed ?? trace.noise?.seed ?? 0
        initialAccuracy = trace.noise?.accuracyMeters ?? 0
        endVector = UnitVector(timeline.endPoint)
        eventTimes = trace.events.map(\.time)
        var authorization = Self.initialAuthorization
        var accuracy = initialAccuracy
        var states: [(LocationAuthorization, Double)] = []
        for event in trace.events {
            authorization = event.authorization ?? authorization
            accuracy = event.accuracyMeters ?? accuracy
            states.append((authorization, accuracy))
        }
        stateAfterEvent = states
        let named = trace.waypoints.indices.filter { trace.waypoints[$0].name != nil }
        namedWaypointIndices = named
        namedWaypointVectors = named.map { UnitVector(trace.waypoints[$0].point) }
    }

    /// The total playback time in seconds, or `nil` when the trace loops forever.
    public var duration: Double? {
        timeline.duration
    }

    /// The fix at `time` seconds after the start. Times before 0 read as 0; times after the end of a
    /// trace that does not loop show the device standing at its last waypoint.
    public func fix(at time: Double) -> LocationFix {
        var cursor = Cursor()
        return fix(at: time, cursor: &cursor)
    }

    /// Where the previous sample was found, so that sampling in time order costs O(1) per fix. The result
    /// of ``fix(at:cursor:)`` is the same whatever the cursor holds; it only makes the lookup faster.
    public struct Cursor: Sendable {
        var segment: Int?
        var event = 0

        /// A cursor that knows nothing yet.
        public init() {}
    }

    /// The fix at `time`, using and updating `cursor` to find its segment and events quickly.
    public func fix(at time: Double, cursor: inout Cursor) -> LocationFix {
        let time = max(0, time)
        let (point, vector, speed, course) = motion(at: time, cursor: &cursor)
        let (authorization, accuracy) = state(at: time, cursor: &cursor)
        let nearest = nearestNamedWaypoint(to: vector)
        var reported = point
        if accuracy > 0 {
            let noise = PositionNoise.offset(seed: seed, time: time, accuracy: accuracy)
            reported = PositionNoise.displace(point, east: noise.east, north: noise.north)
        }
        return LocationFix(
            time: time, coordinate: reported, horizontalAccuracy: accuracy, speed: speed, course: course,
            authorization: authorization, nearestWaypointIndex: nearest?.index, nearestWaypointName: nearest?.name)
    }

    private func motion(at time: Double, cursor: inout Cursor) -> (GeoPoint, UnitVector, Double, Double) {
        let lapDuration = timeline.lapDuration
        var lapTime = time
        if timeline.loop != .once, lapDuration > 0 {
            if let total = timeline.duration, time >= total {
                return (timeline.endPoint, endVector, 0, -1)
            }
            lapTime = time - (time / lapDuration).rounded(.down) * lapDuration
        }
        if let hint = cursor.segment, hint < timeline.segments.count, timeline.segments[hint].startTime > lapTime {
            cursor.segment = nil
        }
        guard let index = timeline.segmentIndex(at: lapTime, hint: cursor.segment) else {
            return (timeline.endPoint, endVector, 0, -1)
        }
        cursor.segment = index
        let segment = timeline.segments[index]
        guard segment.isMoving else {
            let standing = segment.arc.sample(atAngle: 0)
            return (standing.point, standing.vector, 0, -1)
        }
        let fraction = (lapTime - segment.startTime) / (segment.endTime - segment.startTime)
        let sample = segment.arc.sample(atAngle: fraction * segment.arc.angle)
        return (sample.point, sample.vector, segment.speed, sample.course)
    }

    private func state(at time: Double, cursor: inout Cursor) -> (LocationAuthorization, Double) {
        var index = cursor.event
        if index > eventTimes.count || (index > 0 && eventTimes[index - 1] > time) { index = 0 }
        while index < eventTimes.count, eventTimes[index] <= time { index += 1 }
        cursor.event = index
        return index == 0 ? (Self.initialAuthorization, initialAccuracy) : stateAfterEvent[index - 1]
    }

    private func nearestNamedWaypoint(to vector: UnitVector) -> (index: Int, name: String)? {
        guard !namedWaypointVectors.isEmpty else { return nil }
        // The nearest point on the sphere is the one whose unit vector has the largest dot product.
        var best = 0
        var bestDot = -2.0
        namedWaypointVectors.withUnsafeBufferPointer { vectors in
            for position in vectors.indices {
                let dot = vectors[position].dot(vector)
                if dot > bestDot {
                    bestDot = dot
                    best = position
                }
            }
        }
        let index = namedWaypointIndices[best]
        return (index, trace.waypoints[index].name ?? "")
    }
}
