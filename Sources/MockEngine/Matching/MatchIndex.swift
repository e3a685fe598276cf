#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the interactions that can match a request without looking at the others, so lookup cost
/// does not grow with the number of cassettes.
///
/// Interactions are grouped by method and path. Within a group, each interaction is filed under its
/// most selective named value (its provider's place parameters, then its coordinates, in the
/// vocabulary's ``RequestVocabulary/indexPriority``; else any other named value that is no secret); `near` interactions without one go into a grid of half-degree cells covering their circle;
/// those that only require parameters to be absent ("Nothing to geocode") are filed under one of them.
/// What fits none of these (catch-alls with only `"*"` constraints or none) is always checked.
/// Every interaction that can match a request is among the candidates, so the index never changes an answer.
package struct MatchIndex: Sendable {
    static let cellDegrees = 0.5
    static let maximumCellsPerCircle = 400

    private struct Group: Sendable {
        /// parameter name → normalised value → ordinals.
        var byValue: [String: [QueryValue.Key: [Int]]] = [:]
        var grid: [GridCell: [Int]] = [:]
        /// Patterns that name no value but require a parameter to be absent (the "Nothing to geocode"
        /// kind), by that parameter: a request carrying it cannot match them.
        var byAbsence: [String: [Int]] = [:]
        var unindexed: [Int] = []
        /// How many interactions were filed (a `near` one stands in several cells, but counts once).
        var count = 0
        /// The first ordinals filed, in file order, up to ``CassetteLibrary/nearMissExaminationLimit``.
        var first: [Int] = []

        mutating func insert(_ pattern: RequestPattern, ordinal: Int, priority: [String]) {
            count += 1
            if first.count < CassetteLibrary.nearMissExaminationLimit { first.append(ordinal) }
            // Read from the rules where they lie: every pattern is filed at start-up, hundreds of
            // thousands in a large set, so nothing is copied or collected per pattern.
            var chosen: QueryConstraint?
            var chosenRank = Int.max
            var firstAbsent: QueryConstraint?
            pattern.rules.withUnsafeBufferPointer { rules in
                for rule in rules {
                    guard case .parameter(let constraint) = rule else { continue }
                    guard constraint.expectedKey != nil else {
                        if firstAbsent == nil, constraint.expectation == .absent { firstAbsent = constraint }
                        continue
                    }
                    // The place parameters first, in the vocabulary's order; then the first that is no
                    // secret; then the first of all.
                    let rank =
                        priority.firstIndex(of: constraint.name) ?? (constraint.isSecret ? Int.max - 1 : Int.max - 2)
                    if rank < chosenRank || chosen == nil {
                        chosen = constraint
                        chosenRank = rank
                    }
                }
            }
            if let chosen, let key = chosen.expectedKey {
                byValue[chosen.name, default: [:]][key, default: []].append(ordinal)
                return
            }
            if let near = pattern.near,
                MatchIndex.forEachCell(covering: near, { grid[$0, default: []].append(ordinal) })
            {
                return
            }
            if let absent = firstAbsent {
                byAbsence[absent.name, default: []].append(ordinal)
                return
            }
            unindexed.append(ordinal)
        }
    }

    fileprivate struct GridCell: Hashable, Sendable {
        var row: Int
        var column: Int

        /// Coordinates reach here in range (``CoordinateRange``); the clamp keeps a value that did not
        /// from trapping in the conversion to an integer.
        init(latitude: Double, longitude: Double) {
            row = Self.index(latitude / MatchIndex.cellDegrees)
            column = Self.index(longitude / MatchIndex.cellDegrees)
        }

        private static func index(_ cells: Double) -> Int {
            guard cells.isFinite else { return 0 }
            return Int(min(max(cells, -1e9), 1e9).rounded(.down))
        }
    }

    private struct Route: Hashable, Sendable {
        var method: String
        var path: String
    }

    private var groups: [Group] = []
    private var routes: [Route: Int] = [:]
    private let providers: ProviderSet
    /// The routes and their groups as a list when there are only a few (the usual case): comparing the
    /// request's method and path with a few strings is cheaper than hashing them.
    private var fewGroups: [(route: Route, group: Int)]?

    /// The ordinal of the first pattern of each method and path, in file order (where a miss's
    /// diagnosis looks when the request's route has none).
    private(set) var firstOrdinalOfEachRoute: [Int] = []

    /// Files every interaction of `outlines`, numbered in file order across them. Patterns are read
    /// where they lie: copying each out of its cassette retains every field, for every interaction.
    init(outlines: [CassetteOutline], providers: ProviderSet) {
        self.providers = providers
        var ordinal = 0
        // Patterns of one route usually come together: the last route's group and its provider's
        // priority are kept, so a run of them is filed without hashing the route each time.
        var last: (method: String, path: String, group: Int, priority: [String])?
        for position in outlines.indices {
            outlines[position].interactions.withUnsafeBufferPointer { interactions in
                for interaction in interactions {
                    let pattern = interaction.request
                    let current: (method: String, path: String, group: Int, priority: [String])
                    if let last, last.path == pattern.path, last.method == pattern.method {
                        current = last
                    } else {
                        current = (
                            pattern.method, pattern.path, group(filing: pattern, ordinal: ordinal), priority(pattern)
                        )
                        last = current
                    }
                    groups[current.group].insert(pattern, ordinal: ordinal, priority: current.priority)
                    ordinal += 1
                }
            }
        }
        if groups.count <= 8 { fewGroups = routes.map { ($0.key, $0.value) } }
    }

    /// The group of `pattern`'s route, made (and its first ordinal noted) when it is the first.
    private mutating func group(filing pattern: RequestPattern, ordinal: Int) -> Int {
        let route = Route(method: pattern.method, path: pattern.path)
        if let existing = routes[route] { return existing }
        routes[route] = groups.count
        groups.append(Group())
        firstOrdinalOfEachRoute.append(ordinal)
        return groups.count - 1
    }

    private func priority(_ pattern: RequestPattern) -> [String] {
        providers.provider(forPath: pattern.path)?.vocabulary.indexPriority ?? []
    }

    private func group(method: String, path: String) -> Group? {
        guard let fewGroups else { return routes[Route(method: method, path: path)].map { groups[$0] } }
        return fewGroups.first { $0.route.path == path && $0.route.method == method }.map { groups[$0.group] }
    }

    /// Ordinals of every interaction that might match, in ascending order (file order), without duplicates.
    func candidates(for request: ReplayRequest) -> [Int] {
        guard let group = group(method: request.method, path: request.path) else { return [] }
        // Usually one list is found: return it as it is (no copy); merge only when several are.
        var found: [Int] = group.unindexed
        var lists = group.unindexed.isEmpty ? 0 : 1
        func collect(_ ordinals: [Int]) {
            if lists == 0 { found = ordinals } else { found += ordinals }
            lists += 1
        }
        for (name, values) in group.byValue {
            if let key = request.parameters.key(for: name), let ordinals = values[key] {
                collect(ordinals)
            }
        }
        if !group.grid.isEmpty, let coordinate = request.coordinate,
            let ordinals = group.grid[GridCell(latitude: coordinate.latitude, longitude: coordinate.longitude)]
        {
            collect(ordinals)
        }
        for (name, ordinals) in group.byAbsence where request.leavesOut(name) {
            collect(ordinals)
        }
        // Each ordinal is filed exactly once, so only the order needs fixing when several lists met.
        if lists > 1 { found.sort() }
        return found
    }

    /// How many interactions are filed for the method and path, nil when none is.
    func routeCount(method: String, path: String) -> Int? {
        routes[Route(method: method, path: path)].map { groups[$0].count }
    }

    /// Every ordinal filed for the same method and path (for diagnosing a miss), ascending; nil when
    /// none is.
    func sameRoute(method: String, path: String) -> [Int]? {
        guard let group = routes[Route(method: method, path: path)].map({ groups[$0] }) else { return nil }
        var result = group.unindexed
        for values in group.byValue.values { for ordinals in values.values { result += ordinals } }
        for ordinals in group.grid.values { result += ordinals }
        for ordinals in group.byAbsence.values { result += ordinals }
        return Array(Set(result)).sorted()
    }

    /// The first ordinals filed for the method and path in file order, at most
    /// ``CassetteLibrary/nearMissExaminationLimit``; nil when none is.
    func firstOfRoute(method: String, path: String) -> [Int]? {
        routes[Route(method: method, path: path)].map { groups[$0].first }
    }

    /// Calls `body` with each cell a circle touches and returns true, or returns false (calling it for
    /// none) when that would be too many (huge radii, polar circles).
    fileprivate static func forEachCell(covering circle: GeoCircle, _ body: (GridCell) -> Void) -> Bool {
        let kilometresPerDegree = 111.19
        let latitudeSpan = circle.radiusKilometres / kilometresPerDegree
        let highestLatitude = min(89.9, abs(circle.latitude) + latitudeSpan)
        let longitudeSpan = circle.radiusKilometres / (kilometresPerDegree * cos(highestLatitude * .pi / 180))
        guard highestLatitude < 89, longitudeSpan < 180 else { return false }
        let low = GridCell(latitude: circle.latitude - latitudeSpan, longitude: circle.longitude - longitudeSpan)
        let high = GridCell(latitude: circle.latitude + latitudeSpan, longitude: circle.longitude + longitudeSpan)
        let count = (high.row - low.row + 1) * (high.column - low.column + 1)
        guard count <= maximumCellsPerCircle, circle.longitude - longitudeSpan > -180,
            circle.longitude + longitudeSpan < 180
        else { return false }
        for row in low.row...high.row {
            for column in low.column...high.column {
                var cell = GridCell(latitude: 0, longitude: 0)
                cell.row = row
                cell.column = column
                body(cell)
            }
        }
        return true
    }
}
