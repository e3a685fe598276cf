package import Foundation
import Locking

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

    private let setting: Locked<Setting>
    private let systemTime: @Sendable () -> Date

    /// A clock at `setting`; `systemTime` is what real time reads (injected by tests).
    package init(_ setting: Setting = .real, systemTime: @escaping @Sendable () -> Date = { Date() }) {
        self.setting = Locked(setting)
        self.systemTime = systemTime
    }

    /// The clock's reading.
    package var now: Date {
        switch setting.withLock({ $0 }) {
        case .real: systemTime()
        case .fixed(let instant): instant
        }
    }

    /// Where the clock stands now.
    package var current: Setting { setting.withLock { $0 } }

    /// Fixes the clock at `instant`, or back to real time for `.real`.
    package func set(_ newSetting: Setting) {
        setting.withLock { $0 = newSetting }
    }

    /// Moves the clock `seconds` forward (backward when negative) and fixes it there; a clock on real
    /// time is fixed at real time plus `seconds`. Returns the new reading.
    @discardableResult
    package func advance(bySeconds seconds: Double) -> Date {
        let base = now
        return setting.withLock { current in
            let moved: Date
            switch current {
            case .real: moved = base.addingTimeInterval(seconds)
            case .fixed(let instant): moved = instant.addingTimeInterval(seconds)
            }
            current = .fixed(moved)
            return moved
        }
    }
}
