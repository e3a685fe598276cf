import Basics

/// A compact JSON body split around the items a `range` cuts (docs/ARCHITECTURE.md#conversion-and-exclude):
/// the bytes before the array's first item, each item's bytes with its key, and the bytes after the
/// last. A ranged request then costs a filter and a copy, never a parse, and serving every item gives
/// back the body byte for byte.
package struct ItemSlices: Sendable {
    private struct Item: Sendable {
        /// The item's key member as a number; nil when it has none, which is never in a range.
        var key: Double?
        var bytes: [UInt8]
    }

    private struct Pieces: Sendable {
        var head: [UInt8]
        var items: [Item]
        var tail: [UInt8]
    }

    /// Nil when the body is not an object with the declared array.
    private let pieces: Pieces?

    init(compactBody: [UInt8], selection: RangeRule.Selection) {
        guard let parsed = try? JSONParser.parse(compactBody), let members = parsed.built.members,
            let position = members.firstIndex(where: { $0.key == selection.items }),
            let elements = members[position].value.built.elements
        else {
            pieces = nil
            return
        }
        func write(_ member: JSONMember, into output: inout [UInt8]) {
            JSONValue.writeString(member.key, into: &output)
            output.append(UInt8(ascii: ":"))
            member.value.write(into: &output)
        }
        var head: [UInt8] = [UInt8(ascii: "{")]
        for member in members[..<position] {
            write(member, into: &head)
            head.append(UInt8(ascii: ","))
        }
        JSONValue.writeString(selection.items, into: &head)
        head.append(contentsOf: ":[".utf8)
        var tail: [UInt8] = [UInt8(ascii: "]")]
        for member in members[(position + 1)...] {
            tail.append(UInt8(ascii: ","))
            write(member, into: &tail)
        }
        tail.append(UInt8(ascii: "}"))
        let items = elements.map { element in
            Item(key: element.built[selection.key]?.doubleValue, bytes: element.compactBytes)
        }
        pieces = Pieces(head: head, items: items, tail: tail)
    }

    /// The body with only the items whose key falls in `window`, in their order; nil when the body has
    /// no such array to cut.
    func body(keeping window: ItemWindow) -> [UInt8]? {
        guard let pieces else { return nil }
        var body = pieces.head
        var first = true
        for item in pieces.items {
            guard let key = item.key, window.contains(key) else { continue }
            if !first { body.append(UInt8(ascii: ",")) }
            body.append(contentsOf: item.bytes)
            first = false
        }
        body.append(contentsOf: pieces.tail)
        return body
    }
}
