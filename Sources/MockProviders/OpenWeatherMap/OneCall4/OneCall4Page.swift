import MockEngine

/// Which records one page of a timeline holds and where its links point (reference §4): `first` is
/// `start` aligned to the step, or "now" aligned when there is no `start`; `prev` starts `cnt` steps
/// before, `next` `cnt` steps after; records stop at the step's horizon past now, and the data begin
/// in 1979.
struct OneCall4Page: Hashable, Sendable {
    let step: OneCall4Step
    /// The first record's time, Unix seconds.
    let first: Int64
    /// How many records the page asks for (`cnt`, capped at the page size).
    let count: Int
    /// Where a `prev` link starts, nil for none.
    let previousStart: Int64?
    /// Where a `next` link starts, nil for none.
    let nextStart: Int64?
    /// The page's record times, stopping before the horizon.
    let times: [Int64]

    /// The earliest time the API's archive holds: 1979-01-01T00:00:00Z (§1, confirmed).
    static let archiveStart: Int64 = 283_996_800

    /// The page `request` asks of `step`'s timeline at `now` (Unix seconds: the clock's, or a
    /// recording's own now).
    init(step: OneCall4Step, request: OneCall4PageRequest, now: Int64) throws(OneCall4Refusal) {
        self.step = step
        var count = step.pageSize
        if let text = request.count {
            guard let value = Int(text), value >= 1 else {
                throw .badParameter("cnt", "cnt must be a whole number from 1")
            }
            count = min(value, step.pageSize)
        }
        let startText = request.start
        var first = step.aligned(now)
        if let startText {
            guard let start = RangeRule.wholeSeconds(startText) else {
                throw .badParameter("start", "start must be whole Unix seconds")
            }
            guard start >= Self.archiveStart else {
                throw .badParameter("start", "start is before 1979-01-01, where the data begin")
            }
            first = step.aligned(start)
        }
        let end = step.aligned(now) + step.horizon
        guard first < end else {
            throw .badParameter("start", "start is past the \(step.rawValue) timeline's last record")
        }
        let stride = Int64(count) * step.seconds
        self.first = first
        self.count = count
        times = (0..<Int64(count)).map { first + $0 * step.seconds }.filter { $0 < end }
        guard step.isPaged else {
            previousStart = nil
            nextStart = nil
            return
        }
        let back = first - stride
        previousStart = step.linksBack(startGiven: startText != nil) && back >= Self.archiveStart ? back : nil
        nextStart = first + stride < end ? first + stride : nil
    }
}

/// What a request says of the page it wants: `start` and `cnt` as written (nil when absent or empty).
struct OneCall4PageRequest: Hashable, Sendable {
    var start: String?
    var count: String?

    /// The page parameters of a query.
    init(parameters: QueryParameters) {
        start = parameters["start"].flatMap { $0.isEmpty ? nil : $0 }
        count = parameters["cnt"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
