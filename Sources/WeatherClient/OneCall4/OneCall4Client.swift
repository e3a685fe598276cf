public import Foundation

// One Call 4.0: its own "One Call by Call" subscription at OpenWeatherMap, exclusive with 3.0's on one
// account. A key without it gets 401 with the API's message; `WeatherError.missingSubscription` says
// which product the message names.
extension OpenWeatherClient {
    /// The earliest `start` the API holds: 1979-01-01T00:00:00Z.
    public static let oneCall4EarliestStart = Date(timeIntervalSince1970: 283_996_800)

    /// The weather now at a coordinate (`GET /data/4.0/onecall/current`): a page of one record, in the
    /// client's units and language.
    ///
    /// ```swift
    /// let now = try await client.oneCall4Current(at: seoul)
    /// print(now.first?.temperature.formatted() ?? "--")   // "24.3°C"
    /// ```
    /// - Throws: ``WeatherError``; an invalid coordinate is `invalidRequest` before any request; a key
    ///   without the subscription is `unauthorized` with the API's message
    ///   (``WeatherError/missingSubscription`` is ``OneCallProduct/oneCall4``).
    public func oneCall4Current(at coordinate: Coordinate) async throws(WeatherError)
        -> OneCall4Page<OneCall4Current>
    {
        try LocationQuery.validate(coordinate)
        var page = try await fetch(OneCall4Page<OneCall4Current>.self, .oneCall4Current(coordinate))
        page.origin = .init(path: Endpoint.oneCall4CurrentPath, coordinate: coordinate)
        return page
    }

    /// One page of a timeline at a coordinate (`GET /data/4.0/onecall/timeline/{step}`).
    ///
    /// Without `start` the API begins at the current minute, quarter hour, hour or UTC day.
    /// - Parameters:
    ///   - timeline: ``OneCall4Timeline/minutes``, ``OneCall4Timeline/quarterHours``,
    ///     ``OneCall4Timeline/hours`` or ``OneCall4Timeline/days``; it fixes the record type.
    ///   - start: The first record's time (`start`, whole Unix seconds, a fraction dropped towards the
    ///     past); not taken by the 1-minute timeline.
    ///   - count: How many records (`cnt`), at least 1; `nil` lets the API choose its page size.
    /// - Throws: ``WeatherError``; before any request, `invalidRequest` for an invalid coordinate, a
    ///   `start` before 1979 (``oneCall4EarliestStart``), not finite or past year 9999, a `start` on the
    ///   1-minute timeline, or a count below 1. The API's 400 is `invalidRequest` with its message and
    ///   parameters (``WeatherError/rejectedParameters``).
    public func oneCall4Timeline<Record>(
        _ timeline: OneCall4Timeline<Record>, at coordinate: Coordinate, start: Date? = nil, count: Int? = nil
    ) async throws(WeatherError) -> OneCall4Page<Record> {
        try LocationQuery.validate(coordinate)
        try Self.check(start: start, count: count, on: timeline)
        return try await oneCall4Page(path: timeline.path, at: coordinate, start: start, count: count)
    }

    /// The page `page.next` links to, or `nil` when there is none.
    ///
    /// Only `start` and `cnt` are taken from the link. They are sent to this client's own base URL,
    /// with the coordinate the first page was asked for, and this client's key, units and language:
    /// the link's host, scheme (the API writes `http://`), key, units and language are never used.
    /// - Throws: ``WeatherError``; `invalidRequest` without a request when the link's path is not the
    ///   page's own timeline, it has no `start`, its `start` does not lie after the page's first record,
    ///   or the page was decoded outside the client (nothing says what was asked for); otherwise what
    ///   ``oneCall4Timeline(_:at:start:count:)`` throws.
    public func nextPage<Record>(after page: OneCall4Page<Record>) async throws(WeatherError)
        -> OneCall4Page<Record>?
    {
        guard let link = page.next else { return nil }
        return try await follow(link, role: "next", from: page)
    }

    /// The page `page.previous` links to, or `nil` when there is none; as ``nextPage(after:)``, with
    /// the link's `start` required to lie before the page's first record.
    public func previousPage<Record>(before page: OneCall4Page<Record>) async throws(WeatherError)
        -> OneCall4Page<Record>?
    {
        guard let link = page.previous else { return nil }
        return try await follow(link, role: "prev", from: page)
    }

    /// The pages of a timeline from `start` (or now) onwards or backwards, fetched one at a time as
    /// they are iterated and ending where the API gives no further link.
    ///
    /// ```swift
    /// var hours: [OneCall4Interval] = []
    /// for try await page in client.oneCall4Pages(.hours, at: seoul) {
    ///     hours += page.records
    ///     if hours.count >= 48 { break }
    /// }
    /// ```
    /// Nothing is requested until iteration starts; each page is one billed call, and the hourly and
    /// daily timelines run back to 1979, so stop when you have what you need. An error ends the
    /// sequence after it is thrown.
    public func oneCall4Pages<Record>(
        _ timeline: OneCall4Timeline<Record>, at coordinate: Coordinate, start: Date? = nil, count: Int? = nil,
        direction: OneCall4Direction = .forward
    ) -> OneCall4Pages<Record> {
        OneCall4Pages(
            client: self, timeline: timeline, coordinate: coordinate, start: start, count: count, direction: direction)
    }

    /// An alert's details by the id a record lists (`GET /data/4.0/onecall/alert/{id}`); the id is
    /// sent percent-encoded as one path segment. Choose its text's language with
    /// ``OneCall4Alert/text(preferring:)``.
    /// - Throws: ``WeatherError``; an empty id is `invalidRequest` before any request; an id the API
    ///   does not know is its 404 (`cityNotFound` with its message).
    public func oneCall4Alert(id: String) async throws(WeatherError) -> OneCall4Alert {
        guard !id.trimmingWhitespace.isEmpty else { throw .invalidRequest(message: "the alert id is empty") }
        return try await fetch(OneCall4Alert.self, .oneCall4Alert(id: id))
    }

    // MARK: Implementation

    private func oneCall4Page<Record>(path: String, at coordinate: Coordinate, start: Date?, count: Int?)
        async throws(WeatherError) -> OneCall4Page<Record>
    {
        var page = try await fetch(
            OneCall4Page<Record>.self, .oneCall4Timeline(path: path, coordinate, start: start, count: count))
        page.origin = .init(path: path, coordinate: coordinate)
        return page
    }

    private func follow<Record>(_ link: OneCall4Link, role: String, from page: OneCall4Page<Record>)
        async throws(WeatherError) -> OneCall4Page<Record>
    {
        guard let origin = page.origin else {
            throw .invalidRequest(
                message: "the page was not fetched by OpenWeatherClient, so what it was asked for is unknown; "
                    + "fetch it with oneCall4Timeline(_:at:start:count:) to follow its \(role) link")
        }
        let target = try link.target(expectedPath: origin.path, basePath: baseURL.path, role: role)
        if let first = page.first?.time {
            let moves = role == "next" ? target.start > first : target.start < first
            guard moves else {
                let side = role == "next" ? "after" : "before"
                throw .invalidRequest(
                    message: "refused to follow the page's \(role) link \(link.redactedText): its start "
                        + "\(DecimalText.plain(target.start.timeIntervalSince1970)) is not \(side) the page's "
                        + "first record (\(DecimalText.plain(first.timeIntervalSince1970)))")
            }
        }
        try Self.checkRange(start: target.start)
        return try await oneCall4Page(
            path: origin.path, at: origin.coordinate, start: target.start, count: target.count)
    }

    private static func check<Record>(start: Date?, count: Int?, on timeline: OneCall4Timeline<Record>)
        throws(WeatherError)
    {
        if let count, count < 1 {
            throw .invalidRequest(message: "timeline count \(count) is below 1")
        }
        guard let start else { return }
        guard timeline.takesStart else {
            throw .invalidRequest(message: "the \(timeline.step) timeline takes no start: it always begins now")
        }
        try checkRange(start: start)
    }

    /// Rejects a `start` the API cannot hold (and the query cannot write as whole seconds).
    private static func checkRange(start: Date) throws(WeatherError) {
        let seconds = start.timeIntervalSince1970
        guard seconds.isFinite, seconds < 253_402_300_800 else {
            throw .invalidRequest(message: "timeline start \(seconds) is not a time before year 10000")
        }
        guard start >= oneCall4EarliestStart else {
            throw .invalidRequest(
                message: "timeline start \(DecimalText.plain(seconds)) is before 1979-01-01 (283996800), "
                    + "the earliest the API holds")
        }
    }
}

/// Which way ``OpenWeatherClient/oneCall4Pages(_:at:start:count:direction:)`` walks a timeline.
public enum OneCall4Direction: Sendable, Hashable {
    /// Following `next`: later records.
    case forward
    /// Following `prev`: earlier records.
    case backward
}
