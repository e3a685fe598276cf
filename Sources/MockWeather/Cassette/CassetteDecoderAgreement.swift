/// The cassette fast path and the tree decoder checked against each other: the stable entry point
/// the fuzz target and its regression tests call (see docs/ARCHITECTURE.md#fuzzing).
package enum CassetteDecoderAgreement {
    /// Decodes `bytes` both ways and says how the two decoders disagree, or nil when they agree.
    ///
    /// They agree when the fast path declines (it leaves anything unusual to the tree decoder) or
    /// returns exactly the cassette the tree decoder returns. The tree decoder must also explain
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
        let (fastText, treeText) = (dump(fast), dump(treeCassette))
        guard fastText != treeText else { return nil }
        return "the decoders read different cassettes:\nfast path:\n\(fastText)\ntree decoder:\n\(treeText)"
    }

    private static func dump(_ cassette: Cassette) -> String {
        var text = ""
        Swift.dump(cassette, to: &text)
        return text
    }
}
