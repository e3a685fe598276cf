import MockProviders
public import MockWeather
public import Testing

#if canImport(XCTest)
import XCTest
#endif

extension ReplayJournal {
    /// Records one test failure per unmatched request, naming the request and the closest cassette:
    /// through Swift Testing's `Issue.record` inside a Swift Testing test, else XCTest's `XCTFail`.
    /// Needs no `import Testing` in the calling file (the defaults are literals, not macros).
    ///
    /// - Returns: how many unmatched requests there were.
    @discardableResult
    public func recordUnmatchedRequestsAsIssues(
        file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, column: UInt = #column
    ) -> Int {
        recordUnmatchedRequestsAsIssues(at: FailureLocation(fileID: fileID, file: file, line: line, column: column))
    }

    /// The same, reporting at `sourceLocation` (for a Swift Testing helper passing its caller's on).
    ///
    /// - Returns: how many unmatched requests there were.
    @discardableResult
    public func recordUnmatchedRequestsAsIssues(sourceLocation: SourceLocation) -> Int {
        recordUnmatchedRequestsAsIssues(at: FailureLocation(sourceLocation))
    }

    @discardableResult
    func recordUnmatchedRequestsAsIssues(at location: FailureLocation) -> Int {
        recordUnmatchedRequestsAsIssues(at: location, hint: nil)
    }

    /// The same, each message followed by `hint` for the request's API (its provider's name, nil for a
    /// path no API claims): how it could be recorded.
    @discardableResult
    func recordUnmatchedRequestsAsIssues(at location: FailureLocation, hint: ((String?) -> String)?) -> Int {
        let unmatched = unmatchedRequests
        var messages = unmatched.map { request in
            let message = Self.failureMessage(for: request)
            guard let hint else { return message }
            return message + "; " + hint(Providers.all.provider(forPath: request.path)?.provider.name)
        }
        let unlisted = counts.unmatched - unmatched.count
        if unlisted > 0 {
            messages.append("mockweather: \(unlisted) more unmatched requests are no longer in the journal")
        }
        for message in messages {
            location.recordFailure(message)
        }
        return counts.unmatched
    }

    /// `mockweather: no cassette matched GET /data/2.5/weather?q=Busan&units=metric; closest: ...`.
    static func failureMessage(for request: ReplayedRequest) -> String {
        "mockweather: no cassette matched \(request.requestLine) (answered \(request.status)); "
            + "closest: \(request.closest ?? "none")"
    }
}

/// Where a failure is reported, in both frameworks' terms: Swift Testing's `SourceLocation`, and
/// XCTest's `file`/`line` (nil when only a `SourceLocation` was given: XCTest needs a `StaticString`).
struct FailureLocation {
    var sourceLocation: SourceLocation
    var xcTestLocation: (file: StaticString, line: UInt)?

    /// A location from the literals the XCTest-style signatures default to.
    init(fileID: String, file: StaticString, line: UInt, column: UInt) {
        let filePath = "\(file)"
        // `#fileID` is always `Module/File.swift`; a hand-written value without a module is given one,
        // since Swift Testing requires the slash.
        let fileID = fileID.contains("/") ? fileID : "unknown/\(fileID)"
        sourceLocation = SourceLocation(
            fileID: fileID, filePath: filePath, line: max(1, Int(line)), column: max(1, Int(column)))
        xcTestLocation = (file, line)
    }

    /// A location Swift Testing gave; an XCTest failure then names it in its message.
    init(_ sourceLocation: SourceLocation) {
        self.sourceLocation = sourceLocation
        xcTestLocation = nil
    }

    /// Fails the running test: Swift Testing's `Issue.record` inside a Swift Testing test, else XCTest's `XCTFail`.
    func recordFailure(_ message: String) {
        #if canImport(XCTest)
        if Test.current == nil {
            if let (file, line) = xcTestLocation {
                XCTFail(message, file: file, line: line)
            } else {
                XCTFail("\(sourceLocation): \(message)")
            }
            return
        }
        #endif
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
