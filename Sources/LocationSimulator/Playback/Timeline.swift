/// The motion a trace describes: when the device is at each waypoint and how it gets there.
///
/// Building a timeline resolves speeds, arrival times and pauses into a list of segments (standing still
/// or moving along a great circle at constant speed). The rules, in the order they apply:
/// - The first waypoint is where the trace starts, at time 0.
/// - A waypoint's `speedKmh` is the speed of the leg that leaves it; legs without one use the trace's speed.
/// - A waypoint's `at` fixes its arrival time. The legs since the previous timed waypoint (or the start) are
///   then driven at one constant speed that arrives exactly on time, so such legs must not state a speed.
/// - `pauseSeconds` is spent standing at the waypoint after arriving (at the last waypoint too).
/// - A looping trace drives from the last waypoint back to the first, at the last waypoint's speed.
public struct Timeline: Sendable {
    /// One piece of motion: standing still (`arc.angle == 0`) or moving along a great circle.
    struct Segment: Sendable {
        var startTime: Double
        var endTime: Double
        var arc: GreatCircleArc
        /// Metres per second; 0 when standing still.
        var speed: Double
        var fromWaypoint: Int
        var toWaypoint: Int
        var isMoving: Bool { speed > 0 }
    }

    let segments: [Segment]
    let endPoint: GeoPoint
    /// Seconds after the start at which the device arrives at each waypoint on the first lap.
    public let arrivalTimes: [Double]
    /// Seconds after the start at which the device leaves each waypoint on the first lap (arrival + pause).
    public let departureTimes: [Double]
    /// The length of one lap in seconds, including the closing leg of a looping trace.
    public let lapDuration: Double
    /// Whether the route repeats.
    public let loop: LoopMode

    /// The total length of playback in seconds, or `nil` when the trace loops forever.
    public var duration: Double? {
        switch loop {
        case .once: lapDuration
        case .laps(let count): lapDuration * Double(count)
        case .forever: nil
        }
    }

    /// Resolves the trace's motion.
    ///
    /// - Throws: ``TimelineError`` naming the waypoint and field at fault: an arrival time the device
    ///   cannot make, a leg with both a speed and a fixed arrival, a first waypoint with a non-zero `at`,
    ///   antipodal neighbours (no unique great circle), or no waypoints at all.
    public init(trace: Trace) throws(TimelineError) {
        let waypoints = trace.waypoints
        guard !waypoints.isEmpty else {
            throw TimelineError(waypointIndex: 0, field: "", message: "a trace needs at least one waypoint")
        }
        if let first = waypoints[0].arrival, first != 0 {
            throw TimelineError(
                waypointIndex: 0, field: "at",
                message: "the first waypoint is where the trace starts, at 0; found \(formatSeconds(first)). "
                    + "Shift the clock with 'start' or wait here with 'pauseSeconds'")
        }
        let defaultSpeed = trace.speedKmh / 3.6
        let count = waypoints.count
        var arcs: [GreatCircleArc] = []
        for index in 0..<count - 1 {
            arcs.append(try Self.arc(waypoints, from: index, to: index + 1))
        }
        let lengths = arcs.map { $0.angle * Geodesy.meanEarthRadius }
        var arrivals = [Double](repeating: 0, count: count)
        var legSpeeds = [Double](repeating: 0, count: max(0, count - 1))
        var index = 0
        while index < count - 1 {
            let departure = arrivals[index] + waypoints[index].pauseSeconds
            guard let timed = (index + 1..<count).first(where: { waypoints[$0].arrival != nil }) else {
                var time = departure
                for leg in index..<count - 1 {
                    legSpeeds[leg] = (waypoints[leg].speedKmh.map { $0 / 3.6 }) ?? defaultSpeed
                    arrivals[leg + 1] = time + lengths[leg] / legSpeeds[leg]
                    time = arrivals[leg + 1] + waypoints[leg + 1].pauseSeconds
                }
                break
            }
            try Self.resolveTimedSpan(
                waypoints, from: index, to: timed, departure: departure, lengths: lengths,
                arrivals: &arrivals, legSpeeds: &legSpeeds)
            index = timed
        }
        var segments: [Segment] = []
        for index in 0..<count {
            let arrival = arrivals[index]
            let departure = arrival + waypoints[index].pauseSeconds
            if departure > arrival {
                segments.append(Self.standing(at: waypoints[index].point, index, from: arrival, to: departure))
            }
            if index < count - 1, arrivals[index + 1] > departure {
                segments.append(
                    Segment(
                        startTime: departure, endTime: arrivals[index + 1], arc: arcs[index], speed: legSpeeds[index],
                        fromWaypoint: index, toWaypoint: index + 1))
            }
        }
        var lapDuration = arrivals[count - 1] + waypoints[count - 1].pauseSeconds
        if trace.loop != .once, count > 1 {
            let closing = try Self.arc(waypoints, from: count - 1, to: 0)
            let speed = (waypoints[count - 1].speedKmh.map { $0 / 3.6 }) ?? defaultSpeed
            let travel = closing.angle * Geodesy.meanEarthRadius / speed
            if travel > 0 {
                segments.append(
                    Segment(
                        startTime: lapDuration, endTime: lapDuration + travel, arc: closing, speed: speed,
                        fromWaypoint: count - 1, toWaypoint: 0))
                lapDuration += travel
            }
        }
        self.segments = segments
        self.endPoint = trace.loop == .once ? waypoints[count - 1].point : waypoints[0].point
        self.arrivalTimes = arrivals
        self.departureTimes = zip(arrivals, waypoints).map { $0 + $1.pauseSeconds }
        self.lapDuration = lapDuration
        self.loop = lapDuration > 0 ? trace.loop : (trace.loop == .forever ? .forever : .once)
    }

    /// Fills in arrivals and speeds for the legs from waypoint `first` up to the timed waypoint `last`,
    /// at the one constant speed that arrives on time.
    private static func resolveTimedSpan(
        _ waypoints: [Waypoint], from first: Int, to last: Int, departure: Double, lengths: [Double],
        arrivals: inout [Double], legSpeeds: inout [Double]
    ) throws(TimelineError) {
        let target = waypoints[last].arrival!
        if let conflicting = (first..<last).first(where: { waypoints[$0].speedKmh != nil }) {
            throw TimelineError(
                waypointIndex: conflicting, field: "speedKmh",
                message: "the leg leaving this waypoint is timed by waypoints[\(last)].at "
                    + "(arrive at \(formatSeconds(target))); give a speed or an arrival time, not both")
        }
        let distance = lengths[first..<last].reduce(0, +)
        let pauses = waypoints[first + 1..<last].reduce(0) { $0 + $1.pauseSeconds }
        let travelTime = target - departure - pauses
        if travelTime < -1e-9 || (travelTime <= 1e-9 && distance > 0.01) {
            throw TimelineError(
                waypointIndex: last, field: "at",
                message: "arrival at \(formatSeconds(target)) is impossible: leaving waypoints[\(first)] at "
                    + "\(formatSeconds(departure))" + (pauses > 0 ? " and pausing \(formatSeconds(pauses))" : "")
                    + " leaves \(formatSeconds(max(0, travelTime))) to travel \(formatKilometres(distance))")
        }
        let speed = distance > 0 ? distance / travelTime : 0
        var time = departure
        for leg in first..<last {
            legSpeeds[leg] = speed
            arrivals[leg + 1] = speed > 0 ? time + lengths[leg] / speed : time
            time = arrivals[leg + 1] + waypoints[leg + 1].pauseSeconds
        }
        // Standing still for the whole span (every leg has zero length): wait at the last point.
        arrivals[last] = target
    }

    private static func arc(_ waypoints: [Waypoint], from: Int, to: Int) throws(TimelineError) -> GreatCircleArc {
        let arc = GreatCircleArc(from: waypoints[from].point, to: waypoints[to].point)
        if arc.angle > .pi - 1e-6 {
            throw TimelineError(
                waypointIndex: to, field: "lat",
                message: "this waypoint is antipodal to waypoints[\(from)], so no single great circle joins them; "
                    + "add a waypoint in between")
        }
        return arc
    }

    private static func standing(at point: GeoPoint, _ index: Int, from start: Double, to end: Double) -> Segment {
        Segment(
            startTime: start, endTime: end, arc: GreatCircleArc(from: point, to: point), speed: 0, fromWaypoint: index,
            toWaypoint: index)
    }

    /// The index of the segment in effect at lap time `lapTime`, or `nil` after the last segment.
    ///
    /// With a `hint` at or before the answer (the previous sample's segment), the search walks forward from
    /// it, so sampling in time order costs O(1) per fix; without one it is a binary search.
    func segmentIndex(at lapTime: Double, hint: Int?) -> Int? {
        guard let last = segments.last, lapTime < last.endTime else { return nil }
        guard let hint, hint < segments.count, segments[hint].startTime <= lapTime else {
            return binarySearch(lapTime)
        }
        var index = hint
        while index + 1 < segments.count, segments[index + 1].startTime <= lapTime { index += 1 }
        return index
    }

    private func binarySearch(_ lapTime: Double) -> Int {
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].startTime <= lapTime { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// A trace whose motion cannot be resolved, naming the waypoint (index into the trace's waypoints) and the
/// field (`at`, `speedKmh`, `lat`) at fault. ``TraceLoader`` turns it into a ``TraceProblem`` with a JSON
/// path or GPX line.
public struct TimelineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The index of the waypoint at fault.
    public var waypointIndex: Int
    /// The waypoint field at fault, or empty for the trace as a whole.
    public var field: String
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates a timeline error.
    public init(waypointIndex: Int, field: String, message: String) {
        self.waypointIndex = waypointIndex
        self.field = field
        self.message = message
    }

    /// `waypoints[i].field: message`.
    public var description: String {
        "waypoints[\(waypointIndex)]\(field.isEmpty ? "" : ".\(field)"): \(message)"
    }
}

/// Metres as a person reads them: `950 m`, `12.3 km`.
func formatKilometres(_ metres: Double) -> String {
    metres < 1_000 ? "\(Int(metres.rounded())) m" : "\(formatFixed(metres / 1_000, fractionDigits: 1)) km"
}
