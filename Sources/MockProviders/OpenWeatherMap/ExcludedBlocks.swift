import Basics
import MockEngine

/// The blocks of a One Call 3.0 answer a request's `exclude` parameter leaves out
/// (`exclude=minutely,alerts`), as the API does: one recorded full response then serves every
/// combination, by dropping those top-level members.
///
/// Names are comma-separated, compared case-insensitively with surrounding spaces trimmed; a name the
/// API does not know is ignored (the API ignores it too), and an empty value excludes nothing.
struct ExcludedBlocks: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    static let current = ExcludedBlocks(rawValue: 1 << 0)
    static let minutely = ExcludedBlocks(rawValue: 1 << 1)
    static let hourly = ExcludedBlocks(rawValue: 1 << 2)
    static let daily = ExcludedBlocks(rawValue: 1 << 3)
    static let alerts = ExcludedBlocks(rawValue: 1 << 4)

    /// The block names in the API's order, with the member each one drops.
    static let names: [(name: String, block: ExcludedBlocks)] = [
        ("current", .current), ("minutely", .minutely), ("hourly", .hourly), ("daily", .daily),
        ("alerts", .alerts),
    ]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The blocks `exclude=VALUE` names; none for a missing or empty value.
    init(requestValue: String?) {
        var blocks: ExcludedBlocks = []
        for piece in (requestValue ?? "").split(separator: ",") {
            let name = String(piece).trimmingASCIIWhitespace().lowercased()
            if let known = Self.names.first(where: { $0.name == name }) { blocks.insert(known.block) }
        }
        self = blocks
    }

    /// `body` without the top-level members these blocks name; any other body as it is.
    func applied(to body: JSONValue) -> JSONValue {
        guard !isEmpty, let members = body.members else { return body }
        let dropped = Set(Self.names.filter { contains($0.block) }.map(\.name))
        let kept = members.filter { !dropped.contains($0.key) }
        guard kept.count != members.count else { return body }
        return JSONValue(.object(kept), offset: body.offset)
    }
}
