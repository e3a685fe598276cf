package import Basics

/// Where a time sits in a JSON answer, as a cassette's `timeFields` and a provider's own list name it:
/// member names joined by `.`, `[]` after a name for every element of that array (`dt`,
/// `sys.sunrise`, `list[].dt`, `daily[].moonrise`). What time shifting moves (``TimeShift``).
package struct TimeField: Sendable, Hashable, CustomStringConvertible {
    /// One step of the path: a member, and whether its value is an array whose every element goes on.
    struct Step: Sendable, Hashable {
        var name: String
        var eachElement: Bool
    }

    let steps: [Step]
    /// The path as written.
    package let description: String

    /// The field `text` names, or nil when it is not such a path (an empty step, `[]` not at a
    /// step's end, nothing at all).
    package init?(_ text: String) {
        var steps: [Step] = []
        for piece in text.split(separator: ".", omittingEmptySubsequences: false) {
            let eachElement = piece.hasSuffix("[]")
            let name = eachElement ? piece.dropLast(2) : piece
            guard !name.isEmpty, !name.contains("["), !name.contains("]") else { return nil }
            steps.append(Step(name: String(name), eachElement: eachElement))
        }
        guard !steps.isEmpty else { return nil }
        self.steps = steps
        description = text
    }

    /// The values at this path in `json`, in document order.
    package func values(in json: JSONValue) -> [JSONValue] {
        var found: [JSONValue] = []
        collect(json, steps[...], into: &found)
        return found
    }

    /// The values at this path in `json`, in document order, each with its JSON path below `root`
    /// (`$.interactions[0].response.json.list[3].dt`), as a problem about one names it.
    package func locatedValues(in json: JSONValue, at root: JSONPath) -> [(value: JSONValue, path: JSONPath)] {
        var found: [(value: JSONValue, path: JSONPath)] = []
        locate(json, root, steps[...], into: &found)
        return found
    }

    private func locate(
        _ json: JSONValue, _ path: JSONPath, _ rest: ArraySlice<Step>,
        into found: inout [(value: JSONValue, path: JSONPath)]
    ) {
        guard let step = rest.first else { return found.append((json, path)) }
        guard let value = json[step.name] else { return }
        let memberPath = path.appending(step.name)
        if step.eachElement {
            for (index, element) in (value.elements ?? []).enumerated() {
                locate(element, memberPath.appending(index), rest.dropFirst(), into: &found)
            }
        } else {
            locate(value, memberPath, rest.dropFirst(), into: &found)
        }
    }

    private func collect(_ json: JSONValue, _ rest: ArraySlice<Step>, into found: inout [JSONValue]) {
        guard let step = rest.first else { return found.append(json) }
        guard let value = json[step.name] else { return }
        if step.eachElement {
            for element in value.elements ?? [] { collect(element, rest.dropFirst(), into: &found) }
        } else {
            collect(value, rest.dropFirst(), into: &found)
        }
    }

    /// `json` with every value at this path replaced by what `transform` makes of it (nil: kept).
    package func rewriting(_ json: JSONValue, _ transform: (JSONValue) -> JSONValue?) -> JSONValue {
        rewrite(json, steps[...], transform)
    }

    private func rewrite(
        _ json: JSONValue, _ rest: ArraySlice<Step>, _ transform: (JSONValue) -> JSONValue?
    ) -> JSONValue {
        guard let step = rest.first else { return transform(json) ?? json }
        guard var members = json.built.members else { return json }
        for index in members.indices where members[index].key == step.name {
            let value = members[index].value
            if step.eachElement {
                guard let elements = value.elements else { continue }
                members[index].value = JSONValue(
                    .array(elements.map { rewrite($0, rest.dropFirst(), transform) }), offset: value.offset)
            } else {
                members[index].value = rewrite(value, rest.dropFirst(), transform)
            }
        }
        return JSONValue(.object(members), offset: json.offset)
    }
}
