/// The divisions a Kakao `search/address` region query names: whitespace-separated words, each a province
/// (long or short form, ``ProvinceAliases``), a district (`해운대구`; a city's general district in one word
/// or two: `수원시`, `팔달구`, `수원시 팔달구`), a town (`우동`, `성산읍`) or a village, shallow to deep, any
/// level left out. The last word names the division answered; the words before it must name its
/// ancestors (or, for `수원시 팔달구`, its city), in order.
///
/// A word matches a name exactly, or (partially) as the beginning of it when it has two letters or more
/// (`해운대` for `해운대구`). Names match with their spaces removed too (NGII writes a few villages `우 검 리`)
/// and without a hanja gloss (`평사리` for `평(坪)사리`). Answers: those with fewer partial words first,
/// then by level and legal code.
struct NameSearch: Sendable {
    /// A name's words as the search sees them: `수원시 팔달구` is two components, every other name one.
    private var components: [[[String]]] = []
    /// Every key with the division and the component it names, sorted by key.
    private var entries: [(key: String, division: Int32, component: Int32)] = []
    private var keys: [String] = []

    /// The search over `table`'s names.
    init(_ table: DivisionTable) {
        components.reserveCapacity(table.count)
        for index in 0..<table.count {
            let name = table.names[index]
            var parts: [[String]]
            if table.levels[index] == 1 && name.contains(" ") {
                parts = name.split(separator: " ").map { [String($0)] }
            } else {
                parts = [Self.keys(of: name)]
            }
            if table.levels[index] == 0 { parts[0] += ProvinceAliases.aliases(code: table.codes[index]) }
            components.append(parts)
            for (component, keys) in parts.enumerated() {
                for key in Set(keys) { entries.append((key, Int32(index), Int32(component))) }
            }
        }
        entries.sort { ($0.key, $0.division, $0.component) < ($1.key, $1.division, $1.component) }
        keys = entries.map(\.key)
    }

    /// A name, without its spaces, and without a parenthesized gloss.
    private static func keys(of name: String) -> [String] {
        var keys = [name]
        let joined = name.filter { !$0.isWhitespace }
        keys.append(joined)
        if let open = joined.firstIndex(of: "("), let close = joined[open...].firstIndex(of: ")") {
            keys.append(String(joined[..<open] + joined[joined.index(after: close)...]))
        }
        return keys
    }

    /// Up to `limit` divisions the query names, best first.
    func divisions(matching query: String, limit: Int, in table: DivisionTable) -> [Int] {
        let words = query.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let last = words.last, limit > 0 else { return [] }
        var best: [Int: Int] = [:]
        for (entry, partial) in candidates(for: last) {
            guard
                let partials = matchAncestors(
                    Array(words.dropLast()), division: Int(entry.division), component: Int(entry.component),
                    in: table)
            else { continue }
            let score = partials + (partial ? 1 : 0)
            best[Int(entry.division)] = min(best[Int(entry.division)] ?? .max, score)
        }
        return best.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(limit).map(\.key)
    }

    /// The entries `word` names: exactly, then (two letters or more) as a prefix.
    private func candidates(for word: String) -> [(entry: (key: String, division: Int32, component: Int32), Bool)] {
        var found: [(entry: (key: String, division: Int32, component: Int32), Bool)] = []
        var index = lowerBound(word)
        while index < keys.count && keys[index].hasPrefix(word) {
            let exact = keys[index] == word
            if exact || word.count >= 2 { found.append((entries[index], !exact)) }
            index += 1
        }
        return found
    }

    private func lowerBound(_ word: String) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < word { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many of `words` match only partially when they name, last to first, components above
    /// `component` of `division` and its ancestors in order; nil when one names none.
    private func matchAncestors(_ words: [String], division: Int, component: Int, in table: DivisionTable) -> Int? {
        var partials = 0
        var current = division
        var position = component - 1
        var remaining = words[...]
        while let word = remaining.last {
            while position < 0 {
                current = Int(table.parents[current])
                if current < 0 { return nil }
                position = components[current].count - 1
            }
            let keys = components[current][position]
            position -= 1
            if keys.contains(word) {
                remaining.removeLast()
            } else if word.count >= 2 && keys.contains(where: { $0.hasPrefix(word) }) {
                remaining.removeLast()
                partials += 1
            }
        }
        return partials
    }
}
