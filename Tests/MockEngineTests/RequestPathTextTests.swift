import Basics
import Foundation
import Locking
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// What the request path writes and looks up (log lines, masked queries, parameter lookups) is made
/// from bytes now: pinned against the exact text the string-building version produced.
@Suite struct RequestPathTextTests {
    /// 2026-11-29T10:00:00.123Z
    private let timestamp: Int64 = 1_795_946_400_123

    private func entry(
        query: String? = "q=seoul&appid=***", status: Int = 200, matched: String? = "current/seoul",
        nearMiss: String? = nil, isUnmatched: Bool = false, delay: Int = 0, fault: ServedFault? = nil,
        microseconds: Int = 1234
    ) -> JournalEntry {
        JournalEntry(
            sequenceNumber: 1, timestampMilliseconds: timestamp, method: "GET", path: "/data/2.5/weather",
            query: query, status: status, durationMicroseconds: microseconds, delayMilliseconds: delay, fault: fault,
            matched: matched, nearMiss: nearMiss, isUnmatched: isUnmatched)
    }

    @Test func textLinesReadAsBefore() {
        let text = RequestLogFormatter(format: .text)

        #expect(
            text.line(for: entry())
                == "2026-11-29T10:00:00.123Z GET /data/2.5/weather?q=seoul&appid=*** 200 current/seoul 1.234ms")
        #expect(
            text.line(
                for: entry(
                    query: nil, status: 503, delay: 3000, fault: ServedFault(kind: .reset, isRandom: false),
                    microseconds: 12))
                == "2026-11-29T10:00:00.123Z GET /data/2.5/weather 503 current/seoul delay=3000ms fault=reset 0.012ms")
        #expect(
            text.line(
                for: entry(status: 501, matched: nil, nearMiss: "current/seoul (q: busan ≠ seoul)", isUnmatched: true))
                == "2026-11-29T10:00:00.123Z GET /data/2.5/weather?q=seoul&appid=*** 501 UNMATCHED closest: "
                + "current/seoul (q: busan ≠ seoul) 1.234ms")
        #expect(
            text.line(for: entry(status: 501, matched: nil, isUnmatched: true, microseconds: 2000))
                == "2026-11-29T10:00:00.123Z GET /data/2.5/weather?q=seoul&appid=*** 501 UNMATCHED 2.0ms")
    }

    @Test func textLinesEscapeControlCharactersSoARequestCannotForgeALineOrReachTheTerminal() {
        // What `/data/2.5/weather%0a...%1b[31m%00` becomes once its path is percent-decoded.
        var forged = entry(
            status: 501, matched: nil,
            nearMiss: "current/seoul (path: /x\u{1B}]0;title\u{07} \u{2260} /data/2.5/weather)", isUnmatched: true)
        forged.path = "/data/2.5/weather\n2026-11-29T10:00:00.000Z GET /forged 200\r\u{1B}[31m\u{00}\t\u{7F}\u{9B}é"

        let line = RequestLogFormatter(format: .text).line(for: forged)

        #expect(
            line
                == "2026-11-29T10:00:00.123Z GET /data/2.5/weather\\n2026-11-29T10:00:00.000Z GET /forged 200\\r"
                + "\\u001b[31m\\u0000\\t\\u007f\\u009bé?q=seoul&appid=*** 501 UNMATCHED closest: current/seoul "
                + "(path: /x\\u001b]0;title\\u0007 \u{2260} /data/2.5/weather) 1.234ms")
        #expect(
            !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "no raw control character may reach the log")
    }

    @Test func jsonLinesAlsoEscapeDELAndC1ControlsThatJSONWouldAllowRaw() {
        var forged = entry(query: #"q="\"#)
        forged.path = "/x\n\u{1B}[31m\u{00}\u{7F}\u{9B}\"\\é"

        let line = RequestLogFormatter(format: .json).line(for: forged)

        #expect(
            line
                == #"{"time":"2026-11-29T10:00:00.123Z","method":"GET","path":"/x\n\u001b[31m\u0000\u007f\u009b\"\\é","#
                + #""query":"q=\"\\","status":200,"matched":"current/seoul","durationMs":1.234}"#)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["path"] as? String
                == forged.path)
    }

    @Test func jsonLinesReadAsBefore() {
        let json = RequestLogFormatter(format: .json)

        #expect(
            json.line(for: entry(delay: 5, fault: ServedFault(kind: .truncate, isRandom: false), microseconds: 1500))
                == #"{"time":"2026-11-29T10:00:00.123Z","method":"GET","path":"/data/2.5/weather","query":"q=seoul&appid=***","#
                + #""status":200,"matched":"current/seoul","delayMs":5,"fault":"truncate","durationMs":1.5}"#)
        #expect(
            json.line(
                for: entry(query: nil, status: 501, matched: nil, nearMiss: "a \"quoted\" miss", isUnmatched: true))
                == #"{"time":"2026-11-29T10:00:00.123Z","method":"GET","path":"/data/2.5/weather","status":501,"#
                + #""matched":null,"nearMiss":"a \"quoted\" miss","durationMs":1.234}"#)
    }

    @Test func durationsArePrintedAsSwiftPrintsTheMilliseconds() {
        let samples = Array(0...2_100) + [9_999, 10_000, 123_456, 1_000_000, 59_999_999, 86_400_000_000]
        for microseconds in samples {
            var bytes: [UInt8] = []
            RequestLogFormatter.appendMilliseconds(microseconds: microseconds, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(Double(microseconds) / 1000))
        }
    }

    @Test func timestampsKeepTheirFormatAcrossSecondsAndYears() {
        #expect(Timestamp.iso8601(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.iso8601(milliseconds: 951_782_400_007) == "2000-02-29T00:00:00.007Z")
        var clock = TimestampText()
        var bytes: [UInt8] = []
        for milliseconds in [timestamp, timestamp + 877, timestamp + 878, timestamp + 60_000] {
            clock.append(milliseconds: milliseconds, to: &bytes)
            bytes.append(UInt8(ascii: " "))
        }
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "2026-11-29T10:00:00.123Z 2026-11-29T10:00:01.000Z 2026-11-29T10:00:01.001Z 2026-11-29T10:01:00.123Z "
        )
    }

    @Test func batchedLinesReachASinkOneByOne() {
        let log = CollectedLog()
        let logger = RequestLogger(sink: log, format: .text, inBackground: false)

        logger.log(RecordedEntry(entry()))
        logger.log(RecordedEntry(entry(query: nil)))

        #expect(
            log.lines == [
                "2026-11-29T10:00:00.123Z GET /data/2.5/weather?q=seoul&appid=*** 200 current/seoul 1.234ms",
                "2026-11-29T10:00:00.123Z GET /data/2.5/weather 200 current/seoul 1.234ms",
            ])
    }

    /// Found by the ThreadSanitizer pass (a `serve --record` child printed no request line): stopping
    /// found the queue empty while the background thread was still writing the batch it had taken, and
    /// the process exited without it. Here that thread is held inside the sink's write; `stop()` must not
    /// reach the sink's flush until the held batch is in. The hold ends when the flush comes (the old,
    /// wrong order) or after a second (the right order, in which `stop()` is waiting).
    @Test func stoppingWaitsForTheBatchTheBackgroundThreadIsWriting() async throws {
        let sink = HeldSink()
        let logger = RequestLogger(sink: sink, format: .text, inBackground: true)
        logger.log(RecordedEntry(entry()))
        await sink.entered.wait()
        try await offTheCooperativePool { logger.stop() }
        #expect(sink.linesAtFlush == 1)
    }

    @Test func parametersAreFoundByDecodedLowerCaseNameFirstOneWinning() {
        let parameters = QueryParameters(
            "Q=Seoul&q=Busan&%55nits=metric&lat=37.50&flag&lang=k%72+x&&=bare", caseInsensitive: ["q"])

        #expect(parameters["q"] == "Seoul")
        #expect(parameters["units"] == "metric")
        #expect(parameters["flag"] == "")
        #expect(parameters["lang"] == "kr x")
        #expect(parameters[""] == "bare")
        #expect(parameters["missing"] == nil)
        #expect(parameters.key(for: "q") == QueryValue.key("Seoul", caseInsensitive: true))
        #expect(parameters.key(for: "lat") == .number(37.5))
        #expect(parameters.key(for: "missing") == nil)
    }

    @Test func keysAreMaskedInPlaceAndAQueryWithoutKeysIsKeptAsSent() {
        #expect(
            QueryParameters("key=abc&q=x&apikey=", secrets: Providers.all.secretParameterNames).scrubbed()
                == "key=***&q=x&apikey=")
        #expect(
            QueryParameters("Api_Key=1&APPID=2&appid=3", secrets: Providers.all.secretParameterNames).scrubbed()
                == "Api_Key=***&APPID=***&appid=***")
        #expect(
            QueryParameters("q=seoul&lang=kr", secrets: Providers.all.secretParameterNames).scrubbed()
                == "q=seoul&lang=kr")
        #expect(QueryParameters("", secrets: Providers.all.secretParameterNames).scrubbed() == "")
    }
}

/// A sink whose first batch write is held until its flush is called, or a second passes.
private final class HeldSink: LogSink, @unchecked Sendable {
    let entered = Gate()
    private let release = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var lines = 0
    private var flushedWith: Int?
    private var isFirstWrite = true

    func write(line: String) { lock.withLock { lines += 1 } }

    func write(lines batch: [UInt8]) {
        let first = lock.withLock {
            defer { isFirstWrite = false }
            return isFirstWrite
        }
        if first {
            entered.open()
            _ = release.wait(timeout: .now() + 1)
        }
        let count = batch.filter { $0 == UInt8(ascii: "\n") }.count
        lock.withLock { lines += count }
    }

    func flush() {
        lock.withLock { flushedWith = flushedWith ?? lines }
        release.signal()
    }

    var linesAtFlush: Int? { lock.withLock { flushedWith } }
}
