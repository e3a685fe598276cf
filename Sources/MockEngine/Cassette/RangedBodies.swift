package import Basics

/// The bodies a `range` cuts, checked when the cassette is read: an ordered range whose body lacks the
/// declared array, or whose items lack the key, would serve every item to every range, a silent wrong
/// answer (docs/ARCHITECTURE.md#matching). Run on what either decoder returns, so the two never
/// disagree about it.
package enum RangedBodies {
    /// Problems with the 2xx bodies of `cassette`'s ordered ranges; `bytes` is its file, for positions.
    static func problems(in cassette: Cassette, bytes: [UInt8]) -> [CassetteProblem] {
        var found: [(offset: Int, path: JSONPath, message: String)] = []
        for (index, interaction) in cassette.interactions.enumerated() {
            guard let range = interaction.request.range, let selection = range.selection else { continue }
            let interactionPath = JSONPath.root.appending("interactions").appending(index)
            for (position, response) in interaction.responses.enumerated() where (200..<300).contains(response.status) {
                let responsePath =
                    interaction.isSequence
                    ? interactionPath.appending("responses").appending(position)
                    : interactionPath.appending("response")
                switch response.body {
                case .json(let body):
                    if let problem = problem(with: body.built, selection, at: responsePath.appending("json")) {
                        found.append(problem)
                    }
                case .text, .base64:
                    found.append(
                        (
                            0, responsePath,
                            "a range cuts only a json body; store this response as \"json\" or drop the range"
                        ))
                case nil:
                    break
                }
            }
        }
        guard !found.isEmpty else { return [] }
        let lines = LineMap(bytes)
        return found.map { offset, path, message in
            let position = lines.position(ofOffset: offset)
            return CassetteProblem(
                file: cassette.file, jsonPath: path.description, line: position.line, column: position.column,
                message: message)
        }
    }

    /// Whether a range over `items` by `key` can cut `body`.
    package static func cuts(_ body: JSONValue, items: String, key: String) -> Bool {
        problem(with: body, RangeRule.Selection(items: items, key: key, includesEnd: false), at: .root) == nil
    }

    private static func problem(with body: JSONValue, _ selection: RangeRule.Selection, at path: JSONPath)
        -> (offset: Int, path: JSONPath, message: String)?
    {
        guard let items = body[selection.items] else {
            return (body.offset, path, "the range cuts \"\(selection.items)\", which this body does not have")
        }
        let itemsPath = path.appending(selection.items)
        guard let elements = items.built.elements else {
            return (
                items.offset, itemsPath,
                "the range cuts \"\(selection.items)\": expected an array, found \(items.typeDescription)"
            )
        }
        for (position, element) in elements.enumerated() where element.built[selection.key]?.doubleValue == nil {
            return (
                element.offset, itemsPath.appending(position),
                "every item the range cuts needs a number \"\(selection.key)\" (Unix seconds)"
            )
        }
        return nil
    }
}
