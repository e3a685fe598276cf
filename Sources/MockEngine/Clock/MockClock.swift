import Locking
import Synchronization

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The mock's clock (docs/ARCHITECTURE.md#the-mock-clock): what "now" is for the answers that depend
/// on it (a KMA issuance not yet published, a forecast past its retention, recorded times shifted to
/// look current). Real time unless set; once set (`--clock`, `PUT /__admin/clock`, the in-process
/// option) it stands still at that instant until set again or advanced, so a test's edge case (02:05
/// KST) stays exactly where it was put however slowly the test runs.
///
/// One per server, shared by every event loop; each request reads it once, on arrival
/// (``ReplayRequest/now``), so a request's rules and its shaped body agree on the instant.
///
/// A fixed instant is always inside ``ClockRange`` (years 1 to 9999): ``set(_:)`` and
/// ``advance(bySeconds:)`` refuse with ``ClockRangeError`` what would leave it, so every reading prints
/// as an ISO 8601 time (``iso8601(_:)``) and shifting by it cannot overflow.
package final class MockClock: Sendable {
    /// Where the clock stands.
    package enum Setting: Sendable, Equatable {
        /// The system's time.
        case real
        /// Fixed at an instant until set or advanced.
        case fixed(Date)
    }

    /// The setting, read by every request without a lock: a fixed instant's
    /// `timeIntervalSinceReferenceDate` bits, or ``realTimeBits`` (a NaN no instant has).
    private let settingBits: Atomic<UInt64>
    /// Serializes the changes, so an advance reads and moves one setting.
    private let changes = Locked(())
    private let systemTime: @Sendable () -> Date

    private static let realTimeBits = Double.nan.bitPattern

    /// A clock at `setting`; `systemTime` is what real time reads (injected by tests). Its callers
    /// check a fixed instant against ``ClockRange`` first (`--clock`, `ReplayOptions.clock`); one
    /// outside it anyway stands at the range's nearest bound, so the clock's invariant holds.
    package init(_ setting: Setting = .real, systemTime: @escaping @Sendable () -> Date = { Date() }) {
        self.settingBits = Atomic(Self.bits(of: Self.clamped(setting)))
        self.systemTime = systemTime
    }

    /// The clock's reading.
    package var now: Date {
        switch current {
        case .real: systemTime()
        case .fixed(let instant): instant
        }
    }

    /// Where the clock stands now.
    package var current: Setting {
        let bits = settingBits.load(ordering: .acquiring)
        guard bits != Self.realTimeBits else { return .real }
        return .fixed(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
    }

    /// Fixes the clock at `instant`, or back to real time for `.real`.
    ///
    /// - Throws: ``ClockRangeError/instantOutOfRange(seconds:)`` for an instant outside
    ///   ``ClockRange`` (a NaN or infinite one included); the clock is left where it was.
    package func set(_ newSetting: Setting) throws(ClockRangeError) {
        if case .fixed(let instant) = newSetting, !ClockRange.contains(instant) {
            throw .instantOutOfRange(seconds: instant.timeIntervalSince1970)
        }
        changes.withLock { _ in settingBits.store(Self.bits(of: newSetting), ordering: .releasing) }
    }

    /// Puts the clock back on the system's time: ``set(_:)`` with `.real`, which cannot fail.
    package func useRealTime() {
        changes.withLock { _ in settingBits.store(Self.realTimeBits, ordering: .releasing) }
    }

    /// Moves the clock `seconds` forward (backward when negative) and fixes it there; a clock on real
    /// time is fixed at real time plus `seconds`. Returns the new reading.
    ///
    /// - Throws: ``ClockRangeError/advanceOutOfRange(from:seconds:)`` when `seconds` is not finite or
    ///   the new reading would be outside ``ClockRange``; the clock is left where it was. Repeated
    ///   advances therefore stop at the range's end instead of adding up past what a reading can print.
    @discardableResult
    package func advance(bySeconds seconds: Double) throws(ClockRangeError) -> Date {
        try changes.withLock { _ throws(ClockRangeError) in
            let from = now
            let moved = from.addingTimeInterval(seconds)
            guard seconds.isFinite, ClockRange.contains(moved) else {
                throw .advanceOutOfRange(from: from, seconds: seconds)
            }
            settingBits.store(Self.bits(of: .fixed(moved)), ordering: .releasing)
            return moved
        }
    }

    /// `setting` with a fixed instant outside ``ClockRange`` moved to the range's nearest bound (a NaN
    /// one to the earliest).
    private static func clamped(_ setting: Setting) -> Setting {
        guard case .fixed(let instant) = setting, !ClockRange.contains(instant) else { return setting }
        let bound =
            instant.timeIntervalSince1970 > 0 ? ClockRange.latestMilliseconds : ClockRange.earliestMilliseconds
        return .fixed(Date(timeIntervalSince1970: Double(bound) / 1_000))
    }

    private static func bits(of setting: Setting) -> UInt64 {
        switch setting {
        case .real: realTimeBits
        // Only instants in ClockRange reach here (init clamps, set and advance refuse), so none is the
        // NaN that means real time.
        case .fixed(let instant): instant.timeIntervalSinceReferenceDate.bitPattern
        }
    }
}
