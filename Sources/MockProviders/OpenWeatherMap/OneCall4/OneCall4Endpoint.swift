/// One Call 4.0's six paths (reference: openweathermap-onecall4.md §2): the state now, the four
/// timelines, and an alert's detail by its id.
enum OneCall4Endpoint: Hashable, Sendable {
    /// `/data/4.0/onecall/current`: one record in `data`.
    case current
    /// `/data/4.0/onecall/timeline/{1min,15min,1h,1day}`: a page of records with `prev`/`next` links.
    case timeline(OneCall4Step)
    /// `/data/4.0/onecall/alert/{id}`: the alert's detail, a bare object.
    case alert(id: String)

    /// What every 4.0 path starts with.
    static let prefix = "/data/4.0/onecall/"
    /// What a timeline's path starts with.
    static let timelinePrefix = "/data/4.0/onecall/timeline/"
    /// What an alert's path starts with.
    static let alertPrefix = "/data/4.0/onecall/alert/"

    /// The endpoint on `path` (percent-decoded, as requests carry it), nil for any other path.
    init?(path: String) {
        guard path.hasPrefix(Self.prefix) else { return nil }
        if path == "/data/4.0/onecall/current" {
            self = .current
        } else if path.hasPrefix(Self.timelinePrefix),
            let step = OneCall4Step(rawValue: String(path.dropFirst(Self.timelinePrefix.count)))
        {
            self = .timeline(step)
        } else if path.hasPrefix(Self.alertPrefix), path.count > Self.alertPrefix.count {
            self = .alert(id: String(path.dropFirst(Self.alertPrefix.count)))
        } else {
            return nil
        }
    }
}

/// A One Call 4.0 timeline's step, with the rules the reference gives for it (§2, §4): the page size,
/// where a page starts when no `start` is given, which links a page has and how far ahead it reaches.
enum OneCall4Step: String, CaseIterable, Hashable, Sendable {
    case minute = "1min"
    case quarterHour = "15min"
    case hour = "1h"
    case day = "1day"

    /// Seconds between records.
    var seconds: Int64 {
        switch self {
        case .minute: 60
        case .quarterHour: 900
        case .hour: 3_600
        case .day: 86_400
        }
    }

    /// Records per page, and the most `cnt` asks for (a larger `cnt` is capped: inferred, the
    /// reference saw none).
    var pageSize: Int {
        switch self {
        case .minute: 60
        case .quarterHour: 50
        case .hour: 20
        case .day: 10
        }
    }

    /// How far past the page's "now" the timeline reaches, seconds: 60 minutes, 48 hours, 48 hours,
    /// and 1.5 years (548 days) of days (§1).
    var horizon: Int64 {
        switch self {
        case .minute: 3_600
        case .quarterHour, .hour: 48 * 3_600
        case .day: 548 * 86_400
        }
    }

    /// Whether pages link at all (1min is one page, §2).
    var isPaged: Bool { self != .minute }

    /// Whether a page has a `prev` link: 1h and 1day always, 15min only once `start` was given (§2).
    func linksBack(startGiven: Bool) -> Bool {
        switch self {
        case .minute: false
        case .quarterHour: startGiven
        case .hour, .day: true
        }
    }

    /// Whether a page's first record is the next one on the step (1min, 15min) rather than the one
    /// holding the instant (1h, 1day).
    var alignsUp: Bool { self == .minute || self == .quarterHour }

    /// The first record's time for an instant (§4, live captures): 1min and 15min the next whole
    /// minute or quarter hour (the instant itself when it is one), 1h the top of the hour, 1day 00:00
    /// UTC of its day. A `start` that is not on a step is read the same way (inferred).
    func aligned(_ instant: Int64) -> Int64 {
        let below = instant - ((instant % seconds) + seconds) % seconds
        return alignsUp && below != instant ? below + seconds : below
    }
}
