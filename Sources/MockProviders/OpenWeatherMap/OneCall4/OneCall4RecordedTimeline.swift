import Basics
import MockEngine

/// A recorded One Call 4.0 timeline served as the page a request asks for (Cassettes/README.md,
/// One Call 4.0): the body's `data` is a pool of records, of which the page takes those its `start`
/// and `cnt` select, with `prev`/`next` links written anew for the request (``OneCall4Links``).
///
/// A pool's "now" is its first record with `pop`: the API gives `pop` on forecast records only, so
/// the records before it are history (a recording of one first page has its first record there).
/// A pool without `pop` (1min, or history alone) is "now" at its first record. Shifted to the clock,
/// the pool moves by whole steps so "now" lands on the clock's aligned now and every record stays on
/// its step; unshifted, pages are counted from the recording's own now.
///
/// A page the pool does not wholly hold is the mock's 501 saying which times it holds: a recording
/// never pretends to know the rest.
struct OneCall4RecordedTimeline: Hashable, Sendable {
    let step: OneCall4Step
    let links: OneCall4Links
    let request: OneCall4PageRequest

    /// The page of `json` (a recorded timeline body) this request asks for, its times shifted to
    /// `clockMinute` (whole minutes since 1970) when shifting; `json` itself when it is no timeline.
    func page(of json: JSONValue, clockMinute: Int64?) throws(OneCall4Refusal) -> JSONValue {
        // A pool whose now is no time the clock can stand at (a hand-written `dt`) is served as it is:
        // its page arithmetic would leave the range of the integers it counts in.
        guard let members = json.members, var records = json["data"]?.elements,
            let recordedNow = Self.now(in: records), ClockRange.contains(seconds: recordedNow)
        else { return json }
        var now = recordedNow
        if let clockMinute {
            now = step.aligned(clockMinute * 60)
            let offset = now - recordedNow
            if offset != 0 {
                records = records.map { TimeShift.shifted($0, fields: Self.recordTimes, by: offset) }
            }
        }
        let page = try OneCall4Page(step: step, request: request, now: now)
        guard let firstHeld = Self.time(of: records.first), let lastHeld = Self.time(of: records.last) else {
            return json
        }
        var byTime: [Int64: JSONValue] = [:]
        for record in records { if let time = Self.time(of: record) { byTime[time] = record } }
        let kept = page.times.compactMap { byTime[$0] }
        guard kept.count == page.times.count else {
            throw .notRecorded(
                "mockweather: the recorded \(step.rawValue) timeline holds \(Self.text(firstHeld)) – "
                    + "\(Self.text(lastHeld)); this page asks for \(Self.text(page.first)) onwards "
                    + "(record it, shift times with --shift-times, or serve with --synthesize)")
        }
        var shaped: [JSONMember] = []
        for member in members where !["data", "prev", "next"].contains(member.key) {
            shaped.append(member)
        }
        shaped.append(JSONMember(key: "data", keyOffset: 0, value: .array(kept)))
        if let start = page.previousStart {
            shaped.append(
                JSONMember(key: "prev", keyOffset: 0, value: .string(links.link(start: start, count: page.count))))
        }
        if let start = page.nextStart {
            shaped.append(
                JSONMember(key: "next", keyOffset: 0, value: .string(links.link(start: start, count: page.count))))
        }
        return JSONValue(.object(shaped))
    }

    /// The time fields of one record, which shifting moves.
    static let recordTimes = ["dt", "sunrise", "sunset", "moonrise", "moonset"].map { TimeField($0)! }

    /// The pool's now: its first record with `pop`, else its first; nil for an empty pool.
    static func now(in records: [JSONValue]) -> Int64? {
        let record = records.first { $0["pop"] != nil } ?? records.first
        return time(of: record)
    }

    private static func text(_ seconds: Int64) -> String {
        TimestampText.text(wholeSeconds: seconds) ?? "Unix time \(seconds)"
    }

    private static func time(of record: JSONValue?) -> Int64? {
        record?["dt"]?.numberText.flatMap { Int64($0) }
    }
}

extension OneCall4RecordedTimeline {
    /// The timeline page `request` asks for, nil for a request that is not for a timeline (or has no
    /// coordinates in range to write into its links: such a request is the API's 400 when no cassette
    /// matches it, and a cassette that matches any point anyway serves its body as recorded).
    init?(for request: borrowing ReplayRequest) {
        guard case .timeline(let step) = OneCall4Endpoint(path: request.path),
            let latitude = request.parameters["lat"].flatMap(NumericText.value(of:)),
            let longitude = request.parameters["lon"].flatMap(NumericText.value(of:)),
            CoordinateRange.latitude.contains(latitude), CoordinateRange.longitude.contains(longitude)
        else { return nil }
        self.step = step
        links = OneCall4Links(
            step: step, parameters: request.parameters, latitude: latitude, longitude: longitude)
        self.request = OneCall4PageRequest(parameters: request.parameters)
    }
}
