/// A request pattern in a snapshot: its rules' values as written after decoding (defaults already
/// turned into "absent", names lower-case, secrets marked), so reading it back makes an equal pattern
/// with no vocabulary at hand (docs/ARCHITECTURE.md#start-up-snapshots).
///
/// Strings are numbers in the snapshot's string table: a method, a path or a parameter name that
/// thousands of cassettes share is stored once and, once read, shared in memory too.
enum PatternCoding {
    /// Strings numbered in order of first use, for the writer.
    struct StringTable {
        private(set) var strings: [String] = []
        private var numbers: [String: Int] = [:]

        mutating func number(_ string: String) -> Int {
            if let number = numbers[string] { return number }
            numbers[string] = strings.count
            strings.append(string)
            return strings.count - 1
        }
    }

    static func write(_ pattern: RequestPattern, into writer: inout SnapshotByteWriter, strings: inout StringTable) {
        writer.count(strings.number(pattern.method))
        writer.count(strings.number(pattern.path))
        writer.count(pattern.query.count)
        for constraint in pattern.query {
            writer.count(strings.number(constraint.name))
            write(constraint.expectation, into: &writer, strings: &strings)
            writer.byte((constraint.caseInsensitive ? 1 : 0) | (constraint.isSecret ? 2 : 0))
        }
        writer.count(pattern.headers.count)
        for constraint in pattern.headers {
            writer.count(strings.number(constraint.name))
            write(constraint.expectation, into: &writer, strings: &strings)
            writer.bool(constraint.isSecret)
        }
        writer.bool(pattern.near != nil)
        if let near = pattern.near {
            writer.double(near.latitude)
            writer.double(near.longitude)
            writer.double(near.radiusKilometres)
        }
        writer.bool(pattern.range != nil)
        if let range = pattern.range {
            writer.count(strings.number(range.from))
            writer.count(strings.number(range.to))
            writer.byte(UInt8(RangeRule.Bounds.allCases.firstIndex(of: range.bounds)!))
            for bound in [range.coversFrom, range.coversTo] {
                writer.bool(bound != nil)
                if let bound { writer.signed(bound) }
            }
            writer.bool(range.selection != nil)
            if let selection = range.selection {
                writer.count(strings.number(selection.items))
                writer.count(strings.number(selection.key))
                writer.bool(selection.includesEnd)
            }
        }
    }

    private static func write(
        _ expectation: QueryExpectation, into writer: inout SnapshotByteWriter, strings: inout StringTable
    ) {
        writer.byte(UInt8(expectation.kind))
        if case .equals(let value) = expectation { writer.count(strings.number(value)) }
    }

    /// The method and path rules made so far, by string number: every pattern of one method or one
    /// path shares one rule (a reference), not a copy each.
    struct SharedRules {
        fileprivate var methods: [Int: MatchRule] = [:]
        fileprivate var paths: [Int: MatchRule] = [:]
    }

    /// The pattern at the reader's position, or nil when the bytes are not one (a damaged snapshot).
    static func read(
        from reader: inout SnapshotByteReader, strings: [String], shared: inout SharedRules
    ) -> RequestPattern? {
        func number() -> Int? {
            guard let number = reader.unsigned(), number < UInt64(strings.count) else { return nil }
            return Int(number)
        }
        func string() -> String? { number().map { strings[$0] } }
        func expectation() -> QueryExpectation? {
            switch reader.byte() {
            case 0: string().map(QueryExpectation.equals)
            case 1: .present
            case 2: .absent
            default: nil
            }
        }
        guard let methodNumber = number(), let pathNumber = number(), let queryCount = reader.count(eachAtLeast: 3)
        else { return nil }
        let method = strings[methodNumber]
        let path = strings[pathNumber]
        var query: [QueryConstraint] = []
        query.reserveCapacity(queryCount)
        for _ in 0..<queryCount {
            guard let name = string(), let expectation = expectation(), let flags = reader.byte(), flags <= 3 else {
                return nil
            }
            query.append(
                QueryConstraint(
                    name: name, expectation: expectation, caseInsensitive: flags & 1 != 0, isSecret: flags & 2 != 0))
        }
        guard let headerCount = reader.count(eachAtLeast: 3) else { return nil }
        var headers: [HeaderConstraint] = []
        headers.reserveCapacity(headerCount)
        for _ in 0..<headerCount {
            guard let name = string(), let expectation = expectation(), let isSecret = reader.bool() else { return nil }
            headers.append(HeaderConstraint(name: name, expectation: expectation, isSecret: isSecret))
        }
        guard let hasNear = reader.bool() else { return nil }
        var near: GeoCircle?
        if hasNear {
            // As the decoder checks them: a circle it could not have made is a damaged snapshot.
            guard let latitude = reader.double(), let longitude = reader.double(), let radius = reader.double(),
                (-90...90).contains(latitude), (-180...180).contains(longitude), radius > 0, radius <= 20_038
            else { return nil }
            near = GeoCircle(latitude: latitude, longitude: longitude, radiusKilometres: radius)
        }
        guard let hasRange = reader.bool() else { return nil }
        var range: RangeRule?
        if hasRange {
            guard let from = string(), let to = string(), let boundsNumber = reader.byte(),
                Int(boundsNumber) < RangeRule.Bounds.allCases.count
            else { return nil }
            var covers: [Int64?] = []
            for _ in 0..<2 {
                guard let present = reader.bool() else { return nil }
                if present {
                    guard let bound = reader.signed() else { return nil }
                    covers.append(bound)
                } else {
                    covers.append(nil)
                }
            }
            guard let hasSelection = reader.bool() else { return nil }
            var selection: RangeRule.Selection?
            if hasSelection {
                guard let items = string(), let key = string(), let includesEnd = reader.bool() else { return nil }
                selection = RangeRule.Selection(items: items, key: key, includesEnd: includesEnd)
            }
            let bounds = RangeRule.Bounds.allCases[Int(boundsNumber)]
            // The decoder sets a selection exactly for ordered bounds; anything else was not written by it.
            guard (bounds == .ordered) == (selection != nil) else { return nil }
            range = RangeRule(
                from: from, to: to, bounds: bounds, coversFrom: covers[0], coversTo: covers[1], selection: selection)
        }
        let methodRule = shared.methods[methodNumber] ?? MatchRule.method(method)
        let pathRule = shared.paths[pathNumber] ?? MatchRule.path(path)
        shared.methods[methodNumber] = methodRule
        shared.paths[pathNumber] = pathRule
        return RequestPattern(
            method: method, path: path, methodRule: methodRule, pathRule: pathRule, query: query, headers: headers,
            near: near, range: range)
    }
}
