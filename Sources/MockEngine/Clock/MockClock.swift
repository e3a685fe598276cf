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

    /// A clock at `setting`; `systemTime` is what real time reads (injected by tests).
    package init(_ setting: Setting = .real, systemTime: @escaping @Sendable () -> Date = { Date() }) {
        self.settingBits = Atomic(Self.bits(of: setting))
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
    package func set(_ newSetting: Setting) {
        changes.withLock { _ in settingBits.store(Self.bits(of: newSetting), ordering: .releasing) }
    }

    /// Moves the clock `seconds` forward (backward when negative) and fixes it there; a clock on real
    /// time is fixed at real time plus `seconds`. Returns the new reading.
    @discardableResult
    package func advance(bySeconds seconds: Double) -> Date {
        changes.withLock { _ in
            let moved = now.addingTimeInterval(seconds)
            settingBits.store(Self.bits(of: .fixed(moved)), ordering: .releasing)
            return moved
        }
    }

    private static func bits(of setting: Setting) -> UInt64 {
        switch setting {
        case .real: realTimeBits
        // A NaN instant (which --clock and the admin API refuse) is stored as the reference date, so
        // it can never read back as real time.
        case .fixed(let instant):
            instant.timeIntervalSinceReferenceDate.isNaN ? 0 : instant.timeIntervalSinceReferenceDate.bitPattern
        }
    }
}
