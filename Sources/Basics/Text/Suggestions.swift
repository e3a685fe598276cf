/// "Did you mean ...?" for a misspelt option, subcommand, key, value or placeholder: the one rule every
/// part of the package suggests by, so a typo is caught the same way on the command line, in a cassette
/// and in a trace.
package enum Suggestions {
    /// The candidate closest to `word`, when it is close enough to be a likely typo: at most a third
    /// of the word's length in edits (and at least one), compared case-insensitively. So `--prot`
    /// suggests `--port`, `qeury` suggests `query` and `Lat` suggests `lat`, but `--x` suggests nothing.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `; did you mean 'candidate'?` for the closest candidate, or an empty string when none is close.
    package static func didYouMean(_ word: String, among candidates: [String]) -> String {
        guard let suggestion = closest(to: word, among: candidates) else { return "" }
        return "; did you mean '\(suggestion)'?"
    }

    /// Levenshtein distance over Unicode scalars with a swap of adjacent characters counted as one edit
    /// (optimal string alignment), because swapped letters are the commonest typo.
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
