import Basics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a body sent to the admin API's clock calls asks of the mock clock (``MockClock``):
/// `PUT /__admin/clock` fixes it (`{"fixedAt": "2026-12-01T02:05+09:00"}`) or puts it back on real
/// time (`{"real": true}`); `POST /__admin/clock/advance` moves it by `{"seconds": 5400}` or
/// `{"by": "90m"}` (a duration as the command line writes one, `-` in front to go back).
enum ClockChange {
    /// The most an advance may move the clock, either way: a century, far beyond any test's need. The
    /// clock's own range (``ClockRange``) still bounds where repeated advances can take it.
    static let maximumAdvanceSeconds = 100 * 366 * 86_400.0

    /// Fixes `clock` where a `PUT /__admin/clock` body says (or puts it back on real time).
    ///
    /// - Throws: ``ClockRequestError`` naming the member that is wrong: not JSON, no such member, an
    ///   instant that is not a real calendar date-time or is outside ``ClockRange``.
    static func set(_ clock: MockClock, body: [UInt8]) throws(ClockRequestError) {
        let newSetting = try setting(body: body)
        do {
            try clock.set(newSetting)
        } catch {
            // `setting(body:)` reads only instants in the range; kept so a change there cannot trap.
            throw ClockRequestError(path: "$.fixedAt", message: error.description)
        }
    }

    /// Moves `clock` as a `POST /__admin/clock/advance` body says and returns the new reading.
    ///
    /// - Throws: ``ClockRequestError`` naming the member that is wrong: not a finite number or a
    ///   duration, more than ``maximumAdvanceSeconds`` either way, or a move that would take the clock
    ///   outside ``ClockRange`` (the clock is then left where it was).
    @discardableResult
    static func advance(_ clock: MockClock, body: [UInt8]) throws(ClockRequestError) -> Date {
        let (seconds, path) = try advance(body: body)
        do {
            return try clock.advance(bySeconds: seconds)
        } catch {
            throw ClockRequestError(
                path: path,
                message: "moving the clock from \(MockClock.iso8601(clock.now)) by \(seconds) seconds would take it "
                    + "outside its range, \(ClockRange.description)")
        }
    }

    /// The setting a `PUT /__admin/clock` body names.
    static func setting(body: [UInt8]) throws(ClockRequestError) -> MockClock.Setting {
        let members = try object(body, expected: "{\"fixedAt\": \"2026-12-01T02:05+09:00\"} or {\"real\": true}")
        try onlyOne(of: ["fixedAt", "real"], in: members)
        let value = members[0].value
        if members[0].key == "real" {
            guard case .bool(true) = value.kind else {
                throw ClockRequestError(
                    path: "$.real", message: "expected true (back to real time), found \(value.shown)")
            }
            return .real
        }
        guard let text = value.stringValue else {
            throw ClockRequestError(
                path: "$.fixedAt", message: "expected \(MockClock.instantForm), found \(value.shown)")
        }
        guard let instant = MockClock.instant(fromISO8601: text) else {
            throw ClockRequestError(
                path: "$.fixedAt", message: "expected \(MockClock.instantForm), found \(JSONValue.quoted(text))")
        }
        return .fixed(instant)
    }

    /// The seconds a `POST /__admin/clock/advance` body moves the clock by (negative: back), finite and
    /// at most ``maximumAdvanceSeconds`` either way, with the JSON path of the member that said so.
    static func advance(body: [UInt8]) throws(ClockRequestError) -> (seconds: Double, path: String) {
        let members = try object(body, expected: "{\"seconds\": 5400} or {\"by\": \"90m\"}")
        try onlyOne(of: ["seconds", "by"], in: members)
        let value = members[0].value
        let path = "$.\(members[0].key)"
        let seconds: Double
        if members[0].key == "seconds" {
            guard let number = value.doubleValue, number.isFinite else {
                throw ClockRequestError(path: path, message: "expected a number of seconds, found \(value.shown)")
            }
            seconds = number
        } else {
            let expected = "a duration such as 90s, 90m, 1h or 2d (- in front to go back)"
            guard let text = value.stringValue else {
                throw ClockRequestError(path: path, message: "expected \(expected), found \(value.shown)")
            }
            let backwards = text.hasPrefix("-")
            // Read as seconds in a Double, so an enormous duration is refused below for its size
            // rather than called no duration.
            guard let duration = parseDurationSeconds(backwards ? String(text.dropFirst()) : text) else {
                throw ClockRequestError(path: path, message: "expected \(expected), found \(JSONValue.quoted(text))")
            }
            seconds = backwards ? -duration : duration
        }
        guard abs(seconds) <= maximumAdvanceSeconds else {
            throw ClockRequestError(
                path: path, message: "at most a century (\(Int(maximumAdvanceSeconds)) seconds) either way")
        }
        return (seconds, path)
    }

    private static func object(_ body: [UInt8], expected: String) throws(ClockRequestError) -> [JSONMember] {
        guard !body.isEmpty else { throw ClockRequestError(path: "$", message: "no body; expected \(expected)") }
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            let position = LineMap(body).position(ofOffset: error.offset)
            throw ClockRequestError(
                path: "$", message: "not JSON: \(error.message) at line \(position.line), column \(position.column)")
        }
        guard let members = root.members else {
            throw ClockRequestError(path: "$", message: "expected \(expected), found \(root.typeDescription)")
        }
        return members
    }

    private static func onlyOne(of names: [String], in members: [JSONMember]) throws(ClockRequestError) {
        let listed = names.map { "\"\($0)\"" }.joined(separator: " or ")
        for member in members where !names.contains(member.key) {
            throw ClockRequestError(path: "$.\(member.key)", message: "unknown member; expected \(listed)")
        }
        guard members.count == 1 else {
            throw ClockRequestError(path: "$", message: "expected exactly one of \(listed), found \(members.count)")
        }
    }
}

/// A clock call's body that cannot be used, with the JSON path of what is wrong.
struct ClockRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    var path: String
    var message: String

    var description: String { "clock \(path): \(message)" }
}

extension JSONValue {
    /// A value as a message shows what was found: a number's text, else its type.
    fileprivate var shown: String { numberText ?? typeDescription }
}
