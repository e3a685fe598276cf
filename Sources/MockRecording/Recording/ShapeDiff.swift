import Basics
import MockEngine

/// The shape of a JSON document: every path (`$.main.temp`, `$.weather[].id`, with array elements
/// merged) and the types found there. `verify` compares a recorded body's shape with the live one's.
///
/// Numbers are one type (the API writes `27` and `27.5` alike); `null` is a type of its own.
struct JSONShape: Sendable, Equatable {
    /// Types by path; the root is `$`.
    private(set) var types: [String: Set<String>] = [:]

    init(_ value: JSONValue) {
        add(value, at: "$")
    }

    private mutating func add(_ value: JSONValue, at path: String) {
        types[path, default: []].insert(Self.typeName(of: value))
        switch value.built.kind {
        case .object(let members):
            for member in members { add(member.value, at: Self.path(path, key: member.key)) }
        case .array(let elements):
            for element in elements { add(element, at: path + "[]") }
        default:
            break
        }
    }

    static func typeName(of value: JSONValue) -> String {
        switch value.kind {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        case .deferred(let deferred): deferred.isObject ? "object" : "array"
        }
    }

    static func path(_ parent: String, key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        return plain ? "\(parent).\(key)" : "\(parent)[\(JSONValue.quoted(key))]"
    }
}

/// How a live body's shape differs from a recorded one's: fields added, removed or retyped, by JSON
/// path. A field nested in an added or removed one is not listed again.
///
/// Fields an API sends only in some weather (`rain`, `snow`, `wind.gust`, `visibility`, ...) or for
/// some places (`local_names`, `state`) come and go without the API having changed; those (its
/// provider says which) are set apart as `varying` and do not count as drift.
struct ShapeDiff: Sendable, Equatable {
    enum Change: Sendable, Equatable, CustomStringConvertible {
        case added(path: String, types: [String])
        case removed(path: String, types: [String])
        case retyped(path: String, from: [String], to: [String])

        var path: String {
            switch self {
            case .added(let path, _), .removed(let path, _), .retyped(let path, _, _): path
            }
        }

        var description: String {
            switch self {
            case .added(let path, let types): "added    \(path) (\(types.joined(separator: " or ")))"
            case .removed(let path, let types): "removed  \(path) (was \(types.joined(separator: " or ")))"
            case .retyped(let path, let from, let to):
                "retyped  \(path): \(from.joined(separator: " or ")) → \(to.joined(separator: " or "))"
            }
        }
    }

    /// Differences that mean the API changed.
    var drift: [Change] = []
    /// Differences in fields that come and go with the weather or the place.
    var varying: [Change] = []

    /// The differences from `recorded` to `live`; those under `varying` (the provider's
    /// ``RecordingProfile/varyingShapePaths``) are set apart.
    init(recorded: JSONShape, live: JSONShape, varying varyingPaths: [String]) {
        var changes: [Change] = []
        let added = Set(live.types.keys).subtracting(recorded.types.keys)
        let removed = Set(recorded.types.keys).subtracting(live.types.keys)
        for path in added.sorted() where !Self.hasAncestor(path, in: added) {
            changes.append(.added(path: path, types: live.types[path]!.sorted()))
        }
        for path in removed.sorted() where !Self.hasAncestor(path, in: removed) {
            changes.append(.removed(path: path, types: recorded.types[path]!.sorted()))
        }
        for path in Set(recorded.types.keys).intersection(live.types.keys).sorted() {
            let before = recorded.types[path]!
            let after = live.types[path]!
            if before != after { changes.append(.retyped(path: path, from: before.sorted(), to: after.sorted())) }
        }
        changes.sort { $0.path < $1.path }
        for change in changes {
            if Self.isVarying(change.path, among: varyingPaths) { varying.append(change) } else { drift.append(change) }
        }
    }

    var isSameShape: Bool { drift.isEmpty }

    private static func hasAncestor(_ path: String, in paths: Set<String>) -> Bool {
        paths.contains { $0 != path && isDescendant(path, of: $0) }
    }

    private static func isDescendant(_ path: String, of ancestor: String) -> Bool {
        guard path.hasPrefix(ancestor), path.count > ancestor.count else { return false }
        let next = path[path.index(path.startIndex, offsetBy: ancestor.count)]
        return next == "." || next == "["
    }

    private static func isVarying(_ path: String, among varyingPaths: [String]) -> Bool {
        varyingPaths.contains { path == $0 || isDescendant(path, of: $0) }
    }
}
