import Basics
import MockEngine

/// The forecast's `cnt` parameter, applied on replay as the API applies it: the first `cnt` items of
/// `list`, and the body's own `cnt` field saying how many there are. One recorded 40-item forecast so
/// serves every `cnt`.
///
/// Only bodies with a top-level `cnt` number and `list` array (the 5-day forecast) are cut; a missing,
/// malformed or non-positive `cnt`, or one at least as long as the list, leaves the body as it is. The
/// API's forecast has at most 40 items, so `cnt` of 40 or more is no limit (which also bounds the
/// variants a body can have).
enum ForecastCount {
    /// The most items the API's forecast has (5 days, 3-hourly).
    static let maximumItems = 40

    /// The item limit `cnt=VALUE` asks for, or nil for none.
    static func limit(requestValue: String?) -> Int? {
        guard let text = requestValue?.trimmingASCIIWhitespace(), let value = Int(text),
            (1..<maximumItems).contains(value)
        else { return nil }
        return value
    }

    /// `body` with at most `limit` items in `list` and `cnt` set to their number.
    static func applied(_ limit: Int?, to body: JSONValue) -> JSONValue {
        guard let limit, var members = body.members,
            let listIndex = members.firstIndex(where: { $0.key == "list" }),
            let countIndex = members.firstIndex(where: { $0.key == "cnt" }),
            members[countIndex].value.numberText != nil,
            let items = members[listIndex].value.elements, items.count > limit
        else { return body }
        members[listIndex].value = JSONValue(
            .array(Array(items.prefix(limit))), offset: members[listIndex].value.offset)
        members[countIndex].value = .number(limit)
        return JSONValue(.object(members), offset: body.offset)
    }
}
