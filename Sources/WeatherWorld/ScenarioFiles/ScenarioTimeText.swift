import Basics

/// How a scenario file writes a time (docs/Scenarios.md#times): ISO 8601 with its offset
/// (`2026-09-06T00:00:00+09:00`, `2026-09-05T15:00Z`, seconds optional, no fraction) for an absolute
/// instant, or a signed whole number of seconds, minutes, hours or days after the clock's start
/// (`+3h`, `-30m`, `+2d`, `+90s`, at most ``ScenarioLimits/relativeSeconds`` away).
package enum ScenarioTimeText {
    /// Why a text is not a time.
    package enum Failure: Error, Sendable, Equatable {
        /// Neither form; `hint` is a suggestion ending the message (`; did you mean "+3h"?`), or empty.
        case unreadable(hint: String)
        /// A relative time too far from the clock's start.
        case outOfRange
    }

    /// The time `text` names.
    package static func parse(_ text: String) -> Result<ScenarioTime, Failure> {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return .failure(.unreadable(hint: "")) }
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { return relative(bytes) }
        if let seconds = absolute(bytes) { return .success(.absolute(seconds)) }
        if relative([UInt8(ascii: "+")] + bytes).isSuccess {
            return .failure(.unreadable(hint: "; did you mean \"+\(text)\"?"))
        }
        return .failure(.unreadable(hint: ""))
    }

    /// How a file would write `time`: `+3h` in the largest unit that divides it, or ISO 8601 in UTC.
    package static func text(_ time: ScenarioTime) -> String {
        switch time {
        case .afterStart(let seconds):
            let sign = seconds < 0 ? "-" : "+"
            let magnitude = seconds.magnitude
            for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60)] as [(String, UInt64)]
            where magnitude % size == 0 && magnitude > 0 {
                return "\(sign)\(magnitude / size)\(unit)"
            }
            return "\(sign)\(magnitude)s"
        case .absolute(let seconds):
            let days = Int(seconds.quotientRoundingDown(86_400))
            let second = Int(seconds - Int64(days) * 86_400)
            let date = CivilCalendar.date(daysSince1970: days)
            func pad(_ value: Int, _ width: Int) -> String {
                let digits = String(value)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T\(pad(second / 3_600, 2)):"
                + "\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))Z"
        }
    }

    private static func relative(_ bytes: [UInt8]) -> Result<ScenarioTime, Failure> {
        let digits = bytes.dropFirst().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let unit = bytes.dropFirst(1 + digits.count)
        let size: Int64? =
            switch unit.count == 1 ? unit.first : nil {
            case UInt8(ascii: "s"): 1
            case UInt8(ascii: "m"): 60
            case UInt8(ascii: "h"): 3_600
            case UInt8(ascii: "d"): 86_400
            default: nil
            }
        guard !digits.isEmpty, let size else {
            let decimal = bytes.contains(UInt8(ascii: "."))
            return .failure(.unreadable(hint: decimal ? "; write a whole number in a smaller unit (+90m)" : ""))
        }
        // Twelve digits of seconds already pass any limit; more could overflow.
        guard digits.count <= 12 else { return .failure(.outOfRange) }
        let amount = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        let seconds = amount * size
        guard seconds <= ScenarioLimits.relativeSeconds else { return .failure(.outOfRange) }
        return .success(.afterStart(bytes[0] == UInt8(ascii: "-") ? -seconds : seconds))
    }

    /// Unix seconds of `YYYY-MM-DDTHH:MM[:SS]` then `Z` or `±HH:MM`, every field in range: the form
    /// cassettes and the mock clock read (``ISO8601Time``), to the second: a fraction is refused, since
    /// an event's time is never finer than that.
    private static func absolute(_ bytes: [UInt8]) -> Int64? {
        guard !bytes.contains(UInt8(ascii: ".")) else { return nil }
        return ISO8601Time.milliseconds(String(decoding: bytes, as: UTF8.self), secondsOptional: true).map {
            $0 >= 0 ? $0 / 1_000 : -((-$0 + 999) / 1_000)
        }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

extension Int64 {
    fileprivate func quotientRoundingDown(_ divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
