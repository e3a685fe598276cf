/// One of One Call 4.0's timelines, typed by the record its pages hold: ``minutes`` (1-minute steps,
/// the next hour), ``quarterHours`` (15-minute steps, the next 48 hours), ``hours`` (hourly, 47 years
/// back and 48 hours ahead), ``days`` (daily, 47 years back and about 18 months ahead).
///
/// ```swift
/// let page = try await client.oneCall4Timeline(.hours, at: seoul)   // OneCall4Page<OneCall4Interval>
/// ```
public struct OneCall4Timeline<Record: OneCall4Record>: Sendable, Hashable, CustomStringConvertible {
    /// The path's last segment, e.g. `1h`.
    public let step: String
    /// The records one page holds at most, as the API pages them (60, 50, 20, 10).
    public let pageSize: Int
    /// Whether the timeline takes `start` (and so has pages before and after): all but 1-minute.
    public let takesStart: Bool

    /// `/data/4.0/onecall/timeline/1h`.
    var path: String { "/data/4.0/onecall/timeline/\(step)" }

    /// The step, e.g. `1h`.
    public var description: String { step }
}

extension OneCall4Timeline where Record == OneCall4Minute {
    /// `timeline/1min`: precipitation for each of the next 60 minutes; no `start`, one page.
    public static var minutes: Self { Self(step: "1min", pageSize: 60, takesStart: false) }
}

extension OneCall4Timeline where Record == OneCall4Interval {
    /// `timeline/15min`: 15-minute steps over the next 48 hours, 50 to a page.
    public static var quarterHours: Self { Self(step: "15min", pageSize: 50, takesStart: true) }
    /// `timeline/1h`: hours from 1979 to 48 hours ahead, 20 to a page.
    public static var hours: Self { Self(step: "1h", pageSize: 20, takesStart: true) }
}

extension OneCall4Timeline where Record == OneCall4Day {
    /// `timeline/1day`: days from 1979 to about 18 months ahead, 10 to a page.
    public static var days: Self { Self(step: "1day", pageSize: 10, takesStart: true) }
}
