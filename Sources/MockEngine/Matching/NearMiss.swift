import Basics

/// Why no interaction matched, told through the closest one: which rules passed and which failed.
package struct NearMiss: Sendable, Equatable {
    /// The closest interaction's cassette name (`openweathermap/current/seoul`).
    var cassette: String
    var interactionIndex: Int
    var outcomes: [RuleOutcome]

    var failures: [RuleOutcome] { outcomes.filter { !$0.passed } }

    /// `openweathermap/current/seoul (q: busan ≠ seoul)`; the interaction is named only when the
    /// cassette holds several.
    func summary(interactionCount: Int) -> String {
        let label = interactionCount > 1 ? "\(cassette)#\(interactionIndex)" : cassette
        return "\(label) (\(failures.map(\.difference).joined(separator: "; ")))"
    }
}

extension CassetteLibrary {
    /// The closest interaction to an unmatched request, or nil when there are no cassettes.
    ///
    /// Candidates are the interactions for the same method and path; when there are none, the first
    /// interaction of each route (so a misspelt path is shown next to the right one). A wrong path is
    /// the worst kind of miss, so among other routes the nearest path wins first: the most leading
    /// segments in common, then the smallest edit distance (`/data/3.0/onecall` names a
    /// `/data/3.0/onecall/...` cassette, `/data/3.0/onecal` names `/data/3.0/onecall`, never a
    /// geocoding cassette that happens to fail fewer rules). Then the closest has the smallest total penalty (a differing
    /// value costs less than a missing one, see `RuleOutcome.penalty`), then differs least in values
    /// (edit distance), then comes first.
    func nearMiss(for request: ReplayRequest) -> NearMiss? {
        let candidates: [Int] =
            index.sameRoute(method: request.method, path: request.path) ?? index.firstOrdinalOfEachRoute
        var best: (score: (Int, Int, Int, Int, Int), miss: NearMiss)?
        for ordinal in candidates {
            let entry = entries[ordinal]
            let outcomes = Matchers.diagnose(entry.pattern, request)
            let pathDistance =
                entry.pattern.path == request.path
                ? (Int.min, 0)
                : (
                    -Self.sharedLeadingSegments(entry.pattern.path, request.path),
                    Suggestions.editDistance(entry.pattern.path, request.path)
                )
            // How different the differing values are: a misspelt city is closer than an unrelated
            // cassette that happens to fail as many rules, and a range further outside an archive is
            // further from it (the nearest in time is named).
            let distance = outcomes.reduce(0) { $0 + $1.valueDistance }
            let score = (pathDistance.0, pathDistance.1, outcomes.reduce(0) { $0 + $1.penalty }, distance, ordinal)
            if best == nil || score < best!.score {
                best = (
                    score,
                    NearMiss(
                        cassette: cassette(of: entry).name, interactionIndex: Int(entry.interactionIndex),
                        outcomes: outcomes)
                )
            }
        }
        return best?.miss
    }

    /// How many `/`-separated segments two paths share from the start (`/data/3.0/onecall` and
    /// `/data/3.0/onecall/overview`: 3).
    static func sharedLeadingSegments(_ first: String, _ second: String) -> Int {
        zip(first.split(separator: "/"), second.split(separator: "/")).prefix { $0 == $1 }.count
    }
}
