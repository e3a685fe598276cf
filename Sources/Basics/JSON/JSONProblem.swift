/// One thing wrong with a JSON document a decoder reads (a cassette, a trace): where it is, as a JSON
/// path and a byte offset that ``LineMap`` turns into line and column, and what is wrong.
package struct JSONProblem: Sendable {
    /// Where in the document: `$.interactions[0].request`, `$.waypoints[3].lat`.
    package var path: JSONPath
    /// Byte offset of the offending text in the document.
    package var offset: Int
    /// What is wrong, what was expected and what was found.
    package var message: String

    /// The problems with the member names of an object whose members are `members`, at `path`:
    /// each repeated name (JSON allows it, but a second value silently replacing the first is never
    /// what someone meant) and each name not in `allowed`, with a did-you-mean when one is close, so
    /// a typo such as `speedKph` cannot be silently ignored. Each problem points at the member's name.
    package static func keyProblems(in members: [JSONMember], at path: JSONPath, allowed: [String]) -> [JSONProblem] {
        var problems: [JSONProblem] = []
        // Objects here hold a handful of members: comparing with the earlier ones beats hashing.
        // The member's path is made only for a problem: every object of every cassette is checked at load.
        for (position, member) in members.enumerated() {
            if members[..<position].contains(where: { $0.key == member.key }) {
                problems.append(
                    JSONProblem(
                        path: path.appending(member.key), offset: member.keyOffset,
                        message: "duplicate key \(JSONValue.quoted(member.key)); each key may appear once"))
            } else if !allowed.contains(member.key) {
                let suggestion = Suggestions.didYouMean(member.key, among: allowed)
                let known = "; expected one of \(allowed.joined(separator: ", "))"
                problems.append(
                    JSONProblem(
                        path: path.appending(member.key), offset: member.keyOffset,
                        message: "unknown key \(JSONValue.quoted(member.key))"
                            + (suggestion.isEmpty ? known : suggestion)))
            }
        }
        return problems
    }
}
