public import MockWeather
public import Testing

#if canImport(XCTest)
import XCTest
#endif

extension ReplayJournal {
    /// Records one test failure per unmatched request, naming the request and the closest cassette:
    /// through Swift Testing's `Issue.record` inside a Swift Testing test, else XCTest's `XCTFail`.
    ///
    /// - Returns: how many unmatched requests there were.
    @discardableResult
    public func recordUnmatchedRequestsAsIssues(
        sourceLocation: SourceLocation = #_sourceLocation, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let unmatched = unmatchedRequests
        var messages = unmatched.map(Self.failureMessage(for:))
        let unlisted = counts.unmatched - unmatched.count
        if unlisted > 0 {
            messages.append("mockweather: \(unlisted) more unmatched requests are no longer in the journal")
        }
        for message in messages {
            TestFailure.record(message, sourceLocation: sourceLocation, file: file, line: line)
        }
        return counts.unmatched
    }

    /// `mockweather: no cassette matched GET /data/2.5/weather?q=Busan&units=metric; closest: ...`.
    static func failureMessage(for request: ReplayedRequest) -> String {
        "mockweather: no cassette matched \(request.requestLine) (answered \(request.status)); "
            + "closest: \(request.closest ?? "none")"
    }
}

/// Where a failure goes: the running Swift Testing test, else XCTest.
enum TestFailure {
    static func record(_ message: String, sourceLocation: SourceLocation, file: StaticString, line: UInt) {
        #if canImport(XCTest)
        if Test.current == nil {
            XCTFail(message, file: file, line: line)
            return
        }
        #endif
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
