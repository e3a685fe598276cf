#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The mock clock's readers on arbitrary bytes, for the `clock` fuzz target (Fuzz/README.md): the
/// same bytes as a `PUT /__admin/clock` body, as a `POST /__admin/clock/advance` body moving clocks
/// at the range's ends and in between, and as `--clock` text. Each gives an instant in
/// ``ClockRange`` or a typed error (never a trap), a refused advance leaves its clock where it was, and
/// every instant read prints (``MockClock/iso8601(_:)``) as text that reads back as the same instant.
/// Text in UTC (`Z`) prints with the date and time it was written with: a date the calendar lacks
/// (`2026-02-31`, second 60) read as another day is a broken promise too.
package enum ClockBodyCheck {
    /// Where the advanced clocks stand: the range's ends, and an ordinary instant.
    private static let starts = [
        Double(ClockRange.earliestMilliseconds) / 1_000, 1_796_058_300, Double(ClockRange.latestMilliseconds) / 1_000,
    ].map { Date(timeIntervalSince1970: $0) }

    /// What broke on `bytes`, or nil when every promise above holds.
    package static func brokenPromise(_ bytes: [UInt8]) -> String? {
        if case .fixed(let instant) = try? ClockChange.setting(body: bytes),
            let broken = brokenInstant(instant, readFrom: "the PUT body")
        {
            return broken
        }
        for start in starts {
            let clock = MockClock(.fixed(start))
            do {
                let moved = try ClockChange.advance(clock, body: bytes)
                guard clock.now == moved else {
                    return "the advance answered \(moved) but the clock reads \(clock.now)"
                }
                if let broken = brokenInstant(moved, readFrom: "an advance from \(start)") { return broken }
            } catch {
                guard clock.current == .fixed(start) else {
                    return "a refused advance (\(error)) moved the clock from \(start) to \(clock.now)"
                }
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let instant = MockClock.instant(fromISO8601: text) {
            if let broken = brokenInstant(instant, readFrom: "the text") { return broken }
            if let fields = writtenFields(ofUTCText: bytes), !MockClock.iso8601(instant).utf8.starts(with: fields) {
                return "the text \(text) printed as \(MockClock.iso8601(instant)): another date or time"
            }
        }
        return nil
    }

    /// `yyyy-MM-ddTHH:mm` (and `:ss` when written) of text in UTC (ending in `Z` or `z`), as the
    /// printer writes them; nil for text with an offset.
    private static func writtenFields(ofUTCText bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 17, bytes.last == UInt8(ascii: "Z") || bytes.last == UInt8(ascii: "z") else { return nil }
        var fields = Array(bytes.prefix(bytes.count >= 20 && bytes[16] == UInt8(ascii: ":") ? 19 : 16))
        fields[10] = UInt8(ascii: "T")
        return fields
    }

    /// Why `instant` (read from `source`) breaks a promise: outside the range, or printed as text that
    /// reads back as another instant.
    private static func brokenInstant(_ instant: Date, readFrom source: String) -> String? {
        guard let milliseconds = ClockRange.milliseconds(of: instant) else {
            return "\(source) gave \(instant.timeIntervalSince1970) s, outside \(ClockRange.description)"
        }
        let printed = MockClock.iso8601(instant)
        guard let reread = MockClock.instant(fromISO8601: printed) else {
            return "\(source) gave \(milliseconds) ms, printed as \(printed), which reads as no instant"
        }
        guard ClockRange.milliseconds(of: reread) == milliseconds else {
            return "\(source) gave \(milliseconds) ms, printed as \(printed), which reads back as "
                + "\(ClockRange.milliseconds(of: reread).map(String.init) ?? "nothing") ms"
        }
        return nil
    }
}
