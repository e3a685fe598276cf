/// The cassette fast path and the tree decoder checked against each other: the stable entry point
/// the fuzz target and its regression tests call (see docs/ARCHITECTURE.md#fuzzing).
package enum CassetteDecoderAgreement {
    /// Decodes `bytes` both ways and says how the two decoders disagree, or nil when they agree.
    ///
    /// They agree when the fast path declines (it leaves anything unusual to the tree decoder) or
    /// returns a cassette equal to the one the tree decoder returns. The tree decoder must also explain
    /// every refusal: no cassette means at least one problem, each with a message.
    package static func disagreement(file: String, bytes: [UInt8]) -> String? {
        let fast = CassetteFastPath.decode(file: file, name: CassetteDecoder.cassetteName(file), bytes: bytes)
        let tree = CassetteDecoder.decodeWithTree(file: file, bytes: bytes)
        if tree.cassette == nil {
            if tree.problems.isEmpty { return "the tree decoder refused the file without naming a problem" }
            if let silent = tree.problems.first(where: { $0.message.isEmpty }) {
                return "the tree decoder reported a problem with no message at \(silent.jsonPath)"
            }
        }
        guard let fast else { return nil }
        guard let treeCassette = tree.cassette else {
            let problems = tree.problems.map(\.description).joined(separator: "; ")
            return "the fast path accepted a file the tree decoder refuses: \(problems)"
        }
        guard fast != treeCassette else { return nil }
        let differences = differences(fast, treeCassette).joined(separator: "\n")
        return "the decoders read different cassettes (fast path, then tree decoder):\n\(differences)"
    }

    /// The parts in which two unequal cassettes differ, each as `part: fast value ≠ tree value`: the
    /// cassette's own fields, then each interaction's, then each response.
    private static func differences(_ fast: Cassette, _ tree: Cassette) -> [String] {
        var found: [String] = []
        func compare<Value: Equatable>(_ part: String, _ left: Value, _ right: Value) {
            if left != right { found.append("\(part): \(left) ≠ \(right)") }
        }
        var (fastFields, treeFields) = (fast, tree)
        (fastFields.interactions, treeFields.interactions) = ([], [])
        compare("the cassette's fields", fastFields, treeFields)
        compare("interaction count", fast.interactions.count, tree.interactions.count)
        for (index, (left, right)) in zip(fast.interactions, tree.interactions).enumerated() {
            var (leftFields, rightFields) = (left, right)
            (leftFields.responses, rightFields.responses) = ([], [])
            compare("interactions[\(index)]'s fields", leftFields, rightFields)
            compare("interactions[\(index)] response count", left.responses.count, right.responses.count)
            for (position, pair) in zip(left.responses, right.responses).enumerated() {
                compare("interactions[\(index)].responses[\(position)]", pair.0, pair.1)
            }
        }
        return found
    }
}
