internal import Foundation

/// The pages of a One Call 4.0 timeline as an `AsyncSequence`: the first page asked for, then each
/// page its `next` (or `prev`) link leads to, until a page has none. Made by
/// ``OpenWeatherClient/oneCall4Pages(_:at:start:count:direction:)``.
///
/// Pages are fetched lazily, one per iteration step, with ``OpenWeatherClient/nextPage(after:)`` and
/// ``OpenWeatherClient/previousPage(before:)`` (so a link is followed with the client's own base URL,
/// key, units and language). After an error or the last page, the iterator returns `nil`.
public struct OneCall4Pages<Record: OneCall4Record>: AsyncSequence, Sendable {
    /// A page of records.
    public typealias Element = OneCall4Page<Record>
    /// What a step can fail with.
    public typealias Failure = WeatherError

    let client: OpenWeatherClient
    let timeline: OneCall4Timeline<Record>
    let coordinate: Coordinate
    let start: Date?
    let count: Int?
    let direction: OneCall4Direction

    /// An iterator that has fetched nothing yet.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: self, state: .notStarted)
    }

    /// Fetches the pages one by one.
    public struct Iterator: AsyncIteratorProtocol {
        /// A page of records.
        public typealias Element = OneCall4Page<Record>
        /// What a step can fail with.
        public typealias Failure = WeatherError

        enum State: Sendable {
            case notStarted
            case after(OneCall4Page<Record>)
            case finished
        }

        let pages: OneCall4Pages
        var state: State

        /// The next page, or `nil` after the last page or an error.
        public mutating func next() async throws(WeatherError) -> OneCall4Page<Record>? {
            try await next(isolation: nil)
        }

        /// The next page, or `nil` after the last page or an error.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(WeatherError)
            -> OneCall4Page<Record>?
        {
            let previous = state
            state = .finished  // an error ends the sequence
            let page = try await Self.page(after: previous, of: pages)
            state = page.map { .after($0) } ?? .finished
            return page
        }

        /// The page that follows `state`: the first page, the one its link leads to, or `nil`.
        private static func page(after state: State, of pages: OneCall4Pages) async throws(WeatherError)
            -> OneCall4Page<Record>?
        {
            switch state {
            case .finished:
                return nil
            case .notStarted:
                return try await pages.client.oneCall4Timeline(
                    pages.timeline, at: pages.coordinate, start: pages.start, count: pages.count)
            case .after(let current):
                switch pages.direction {
                case .forward: return try await pages.client.nextPage(after: current)
                case .backward: return try await pages.client.previousPage(before: current)
                }
            }
        }
    }
}
