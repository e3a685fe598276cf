import Basics

/// Why no interaction matched, told through the closest one: which rules passed and which failed.
package struct NearMiss: Sendable, Equatable {
    /// The closest interaction's cassette name (`openweathermap/current/seoul`).
    var cassette: String
    var interactionIndex: Int
    /// How many interactions the cassette holds (the index is named only when several).
    var interactionCount = 1
    var outcomes: [RuleOutcome]
    /// When the request's route has more interactions than a diagnosis examines
    /// (``CassetteLibrary/nearMissExaminationLimit``): how many were examined, of how many.
    var examined: Coverage?

    /// How many of a route's interactions a diagnosis examined, of how many it has.
    struct Coverage: Sendable, Equatable {
        var count: Int
        var total: Int
    }

    var failures: [RuleOutcome] { outcomes.filter { !$0.passed } }

    /// `openweathermap/current/seoul (q: busan ≠ seoul)`; the interaction is named only when the
    /// cassette holds several, and a diagnosis that examined only some of the route's interactions
    /// says so.
    var summary: String {
        let label = interactionCount > 1 ? "\(cassette)#\(interactionIndex)" : cassette
        let note = examined.map { " [the closest of \($0.count) of this route's \($0.total) interactions examined]" }
        return "\(label) (\(failures.map(\.difference).joined(separator: "; ")))" + (note ?? "")
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
    ///
    /// A route with more than ``nearMissExaminationLimit`` interactions (20,000 recordings of one
    /// path) is not diagnosed in full, since every unmatched request would pay for all of them: the
    /// interactions filed under the request's own values (its place, its grid cell) are examined
    /// first, where the closest usually is, then the route's first ones in file order, and the
    /// summary says how many of how many were examined.
    func nearMiss(for request: ReplayRequest) -> NearMiss? {
        var candidates: [Int]
        var examined: NearMiss.Coverage?
        let limit = Self.nearMissExaminationLimit
        if let total = index.routeCount(method: request.method, path: request.path) {
            if total > limit {
                var chosen = Set(index.candidates(for: request).prefix(limit / 2))
                for ordinal in index.firstOfRoute(method: request.method, path: request.path) ?? []
                where chosen.count < limit {
                    chosen.insert(ordinal)
                }
                candidates = chosen.sorted()
                examined = NearMiss.Coverage(count: candidates.count, total: total)
            } else {
                candidates = index.sameRoute(method: request.method, path: request.path) ?? []
            }
        } else {
            candidates = index.firstOrdinalOfEachRoute
        }
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
                        interactionCount: cassette(of: entry).interactionCount, outcomes: outcomes)
                )
            }
        }
        best?.miss.examined = examined
        return best?.miss
    }

    /// How many of one route's interactions a near-miss diagnosis examines at most (about a
    /// millisecond of rule checks); a library of a few cassettes per path never reaches it.
    static let nearMissExaminationLimit = 512

    /// How many `/`-separated segments two paths share from the start (`/data/3.0/onecall` and
    /// `/data/3.0/onecall/overview`: 3).
    static func sharedLeadingSegments(_ first: String, _ second: String) -> Int {
        zip(first.split(separator: "/"), second.split(separator: "/")).prefix { $0 == $1 }.count
    }
}
