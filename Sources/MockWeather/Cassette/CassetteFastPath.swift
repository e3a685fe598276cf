import Basics
import HTTPServer

/// Decodes a well-formed cassette straight from its bytes, without building a JSON tree.
///
/// Start-up with thousands of cassettes is mostly decoding valid files, so this path handles the
/// forms cassettes are usually written in and returns the same `Cassette` `CassetteDecoder` would.
/// It never reports a problem: at the first thing it does not handle, or that is wrong (bad JSON, an
/// unknown key, a value out of range...), it gives up and returns nil, and the tree-based
/// `CassetteDecoder` decodes the file instead and reports every problem with its JSON path and
/// position. So for any file it either agrees with `CassetteDecoder` or defers to it.
///
/// The member names come from the same `CassetteKey` tables the tree decoder checks against, and
/// each object's members are handled in an exhaustive `switch` over its key enum, so a new member
/// does not compile until it is handled (or deliberately left to the tree decoder) here.
///
/// Not handled here (left to `CassetteDecoder`): escapes in member names, `{"uniformMs": ...}` delays,
/// fault objects, `base64` bodies, `json` bodies that are not an object or an array, and
/// `recordedAt`/`notes`/... that are null.
struct CassetteFastPath: JSONByteScanner {
    private let source: [UInt8]
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0

    /// The cassette, or nil when the file needs the full decoder (it may well be valid).
    static func decode(file: String, name: String, bytes source: [UInt8]) -> Cassette? {
        guard UTF8Validation.firstInvalidOffset(in: source) == nil else { return nil }
        return source.withUnsafeBufferPointer { bytes in
            var decoder = CassetteFastPath(source: source, bytes: bytes)
            if source.starts(with: [0xEF, 0xBB, 0xBF]) { decoder.index = 3 }
            guard let cassette = decoder.cassette(file: file, name: name) else { return nil }
            decoder.skipWhitespace()
            return decoder.index == bytes.count ? cassette : nil
        }
    }

    private init(source: [UInt8], bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
    }

    // MARK: - Cassette structure

    private mutating func cassette(file: String, name: String) -> Cassette? {
        var format: String?
        var source: CassetteSource?
        var recordedAt: String?
        var notes: String?
        var interactions: [Interaction]?
        var creator: HARCreator?
        let complete = object(CassetteKey.Document.self) { decoder, key in
            switch key {
            case .format:
                return decoder.read(into: &format) { $0.string() }
            case .source:
                return decoder.read(into: &source) { $0.string().flatMap(CassetteSource.init(rawValue:)) }
            case .recordedAt:
                return decoder.read(into: &recordedAt) { $0.string() }
            case .notes:
                return decoder.read(into: &notes) { $0.string() }
            case .interactions:
                return decoder.read(into: &interactions) { $0.interactions() }
            case .creator:
                return decoder.read(into: &creator) { $0.creator() }
            }
        }
        guard complete, format == CassetteDecoder.formatIdentifier, let source, let interactions,
            !interactions.isEmpty
        else { return nil }
        if let recordedAt, !CassetteDecoder.isISO8601Time(recordedAt) { return nil }
        if source == .recorded, recordedAt == nil { return nil }
        if source == .imported, recordedAt == nil || creator == nil { return nil }
        return Cassette(
            name: name, file: file, source: source, recordedAt: recordedAt, notes: notes, creator: creator,
            interactions: interactions)
    }

    /// `{"name": ..., "version": ...}`: the tool that wrote an imported cassette's archive.
    private mutating func creator() -> HARCreator? {
        var name: String?
        var version: String?
        let complete = object(CassetteKey.Creator.self) { decoder, key in
            switch key {
            case .name:
                return decoder.read(into: &name) { $0.string() }
            case .version:
                return decoder.read(into: &version) { $0.string() }
            }
        }
        guard complete, let name else { return nil }
        return HARCreator(name: name, version: version ?? "")
    }

    private mutating func interactions() -> [Interaction]? {
        var interactions: [Interaction] = []
        let complete = array { decoder in
            guard let interaction = decoder.interaction() else { return false }
            interactions.append(interaction)
            return true
        }
        return complete ? interactions : nil
    }

    private mutating func interaction() -> Interaction? {
        var request: RequestPattern?
        var responses: [ResponseTemplate]?
        var isSequence = false
        var delay: DelaySpecification?
        var fault: FaultSpecification??
        var expectation: Expectation?
        var notes: String?
        let complete = object(CassetteKey.Interaction.self) { decoder, key in
            switch key {
            case .request:
                return decoder.read(into: &request) { $0.request() }
            case .response:
                guard responses == nil, let response = decoder.response() else { return false }
                responses = [response]
                return true
            case .responses:
                guard responses == nil else { return false }
                isSequence = true
                var sequence: [ResponseTemplate] = []
                let decoded = decoder.array { decoder in
                    guard let response = decoder.response() else { return false }
                    sequence.append(response)
                    return true
                }
                guard decoded, !sequence.isEmpty else { return false }
                responses = sequence
                return true
            case .delayMs:
                return decoder.read(into: &delay) { $0.delay() }
            case .fault:
                return decoder.read(into: &fault) { $0.fault() }
            case .expect:
                return decoder.read(into: &expectation) { $0.expectation() }
            case .notes:
                return decoder.read(into: &notes) { $0.string() }
            }
        }
        guard complete, let request, let responses else { return nil }
        let interactionFault = fault ?? nil
        // A response without a body is fine only when nothing is ever sent (its fault, or else the
        // interaction's, says so), which is known once the whole interaction is read.
        for response in responses where response.body == nil {
            guard (response.fault ?? interactionFault)?.sendsNoResponse == true else { return nil }
        }
        let resolved = responses.map {
            $0.inheriting(delay: delay, fault: interactionFault, expectation: expectation)
        }
        return Interaction(
            request: request, responses: resolved, isSequence: isSequence, expectation: expectation, notes: notes)
    }

    private mutating func request() -> RequestPattern? {
        var method = "GET"
        var path: String?
        var constraints: [QueryConstraint] = []
        var near: GeoCircle?
        var range: RangeRule?
        let complete = object(CassetteKey.Request.self) { decoder, key in
            switch key {
            case .method:
                guard let text = decoder.string(), !text.isEmpty, Self.allBytes(of: text, { $0.isTokenCharacter })
                else {
                    return false
                }
                method = text.uppercased()
                return true
            case .path:
                guard let text = decoder.string(), text.hasPrefix("/"),
                    Self.allBytes(of: text, { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
                else { return false }
                path = RequestPath.normalized(text)
                return true
            case .query:
                guard let query = decoder.query() else { return false }
                constraints = query
                return true
            case .near:
                return decoder.read(into: &near) { $0.near() }
            case .range:
                return decoder.read(into: &range) { $0.range() }
            }
        }
        guard complete, let path else { return nil }
        constraints.sort { $0.name < $1.name }
        return RequestPattern(method: method, path: path, query: constraints, near: near, range: range)
    }

    /// A `range` as `CassetteDecoder` accepts it (see `RangeRule`); anything else is left to it.
    private mutating func range() -> RangeRule? {
        var from: String?
        var to: String?
        var bounds = RangeRule.Bounds.ordered
        var items: String?
        var key: String?
        var covers: (from: Int64?, to: Int64?)?
        var includesEnd: Bool?
        let complete = object(CassetteKey.Range.self) { decoder, member in
            switch member {
            case .from, .to:
                guard let name = decoder.string()?.lowercased(), !name.isEmpty else { return false }
                if member == .from { from = name } else { to = name }
                return true
            case .bounds:
                guard let parsed = decoder.string().flatMap(RangeRule.Bounds.init(rawValue:)) else { return false }
                bounds = parsed
                return true
            case .items:
                return decoder.read(into: &items) { $0.string() }
            case .key:
                return decoder.read(into: &key) { $0.string() }
            case .covers:
                var span: (from: Int64?, to: Int64?) = (nil, nil)
                let read = decoder.object(CassetteKey.Covers.self) { decoder, end in
                    guard let seconds = decoder.numberText().flatMap(RangeRule.wholeSeconds) else { return false }
                    switch end {
                    case .from: span.from = seconds
                    case .to: span.to = seconds
                    }
                    return true
                }
                covers = span
                return read
            case .includesEnd:
                decoder.skipWhitespace()
                if decoder.literal("true") {
                    includesEnd = true
                } else if decoder.literal("false") {
                    includesEnd = false
                } else {
                    return false
                }
                return true
            }
        }
        guard complete, let from, let to, from != to else { return nil }
        if let covers, let low = covers.from, let high = covers.to, low > high { return nil }
        guard bounds == .ordered else {
            guard items == nil, key == nil, covers == nil, includesEnd == nil else { return nil }
            return RangeRule(from: from, to: to, bounds: bounds, coversFrom: nil, coversTo: nil, selection: nil)
        }
        guard let items, let key else { return nil }
        return RangeRule(
            from: from, to: to, bounds: bounds, coversFrom: covers?.from, coversTo: covers?.to,
            selection: RangeRule.Selection(items: items, key: key, includesEnd: includesEnd ?? false))
    }

    private mutating func query() -> [QueryConstraint]? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var constraints: [QueryConstraint] = []
        let complete = members { decoder, name in
            let lowered = name.lowercased()
            guard !constraints.contains(where: { $0.name == lowered }) else { return false }
            decoder.skipWhitespace()
            guard decoder.index < decoder.bytes.count else { return false }
            switch decoder.bytes[decoder.index] {
            case UInt8(ascii: "\""):
                guard let text = decoder.string() else { return false }
                constraints.append(QueryConstraint(name: lowered, expectation: text == "*" ? .present : .equals(text)))
            case UInt8(ascii: "n"):
                guard decoder.literal("null") else { return false }
                constraints.append(QueryConstraint(name: lowered, expectation: .absent))
            default:
                guard let text = decoder.numberText() else { return false }
                constraints.append(QueryConstraint(name: lowered, expectation: .equals(text)))
            }
            return true
        }
        return complete ? constraints : nil
    }

    private mutating func near() -> GeoCircle? {
        var latitude: Double?
        var longitude: Double?
        var radius: Double?
        let complete = object(CassetteKey.Near.self) { decoder, key in
            guard let number = decoder.numberText().flatMap(Double.init) else { return false }
            switch key {
            case .lat:
                latitude = number
                return (-90...90).contains(number)
            case .lon:
                longitude = number
                return (-180...180).contains(number)
            case .radiusKm:
                radius = number
                return number > 0 && number <= 20_038
            }
        }
        guard complete, let latitude, let longitude, let radius else { return nil }
        return GeoCircle(latitude: latitude, longitude: longitude, radiusKilometres: radius)
    }

    /// A response; one without a body is returned as such (the caller checks whether a fault allows it).
    private mutating func response() -> ResponseTemplate? {
        var status: Int?
        var headers: [HeaderField] = []
        var body: ResponseBody?
        var bodyCount = 0
        var units = Units.standard
        var delay: DelaySpecification?
        var fault: FaultSpecification??
        var expectation: Expectation?
        let complete = object(CassetteKey.Response.self) { decoder, key in
            switch key {
            case .status:
                guard let code = decoder.numberText().flatMap({ Int($0) }), (100...599).contains(code) else {
                    return false
                }
                status = code
                return true
            case .headers:
                guard let fields = decoder.headers() else { return false }
                headers = fields
                return true
            case .json:
                bodyCount += 1
                body = decoder.jsonBody()
                return body != nil
            case .text:
                bodyCount += 1
                body = decoder.string().map(ResponseBody.text)
                return body != nil
            case .base64:
                return false  // decoded (and checked) by the full decoder
            case .units:
                guard let parsed = decoder.string().flatMap(Units.init(rawValue:)) else { return false }
                units = parsed
                return true
            case .delayMs:
                return decoder.read(into: &delay) { $0.delay() }
            case .fault:
                return decoder.read(into: &fault) { $0.fault() }
            case .expect:
                return decoder.read(into: &expectation) { $0.expectation() }
            }
        }
        guard complete, let status, bodyCount <= 1 else { return nil }
        return ResponseTemplate(
            status: status, headers: headers, body: body, units: units, delay: delay, fault: fault ?? nil,
            expectation: expectation)
    }

    private mutating func headers() -> [HeaderField]? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var fields: [HeaderField] = []
        fields.reserveCapacity(8)
        let complete = members { decoder, name in
            guard !name.isEmpty, Self.allBytes(of: name, { $0.isTokenCharacter }), let value = decoder.string(),
                Self.allBytes(of: value, { $0 != 0x0D && $0 != 0x0A && $0 != 0 })
            else { return false }
            fields.append(HeaderField(name: name, value: value))
            return true
        }
        return complete ? fields : nil
    }

    /// An object or array body, checked and kept as a source range (as `JSONParser` defers it).
    private mutating func jsonBody() -> ResponseBody? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
            return nil
        }
        let start = index
        guard
            let end = JSONSkimmer.endOfValue(in: bytes, at: start, depth: depth, maximumDepth: JSONParser.maximumDepth)
        else { return nil }
        index = end
        let deferred = DeferredJSON(source: source, range: start..<end, isObject: bytes[start] == UInt8(ascii: "{"))
        return .json(JSONValue(.deferred(deferred), offset: start))
    }

    private mutating func delay() -> DelaySpecification? {
        guard let milliseconds = numberText().flatMap({ Int($0) }),
            (0...DelaySpecification.maximumMilliseconds).contains(milliseconds)
        else { return nil }
        return .fixed(milliseconds: milliseconds)
    }

    /// `.some(nil)` for `null` (no fault), nil when not handled here.
    private mutating func fault() -> FaultSpecification?? {
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "n") { return literal("null") ? .some(nil) : nil }
        // Only a kind's name: a fault object (`{"kind": ...}`) is left to the full decoder.
        guard let kind = string().flatMap(FaultKind.init(rawValue:)) else { return nil }
        return .some(FaultSpecification(kind))
    }

    private mutating func expectation() -> Expectation? {
        var expectation = Expectation()
        var details: [(key: CassetteKey.Expect, value: ExpectDetails.Value)] = []
        var sawError = false
        let complete = object(CassetteKey.Expect.self) { decoder, key in
            switch key {
            case .name:
                return decoder.read(into: &expectation.name) { $0.string() }
            case .celsius:
                decoder.skipWhitespace()
                if decoder.index < decoder.bytes.count, decoder.bytes[decoder.index] == UInt8(ascii: "n") {
                    return decoder.literal("null")
                }
                expectation.celsius = decoder.numberText().flatMap(Double.init)
                return expectation.celsius != nil
            case .error:
                sawError = true
                expectation.error = decoder.string().flatMap(ClientErrorKind.init(rawValue:))
                return expectation.error != nil
            case .message:
                return decoder.read(into: &expectation.message) { $0.string() }
            case .timezone, .date, .overview, .zip, .country, .contentType, .minutely, .hourly, .daily, .alerts,
                .count, .width, .height, .dt, .aqi, .dailyMaxCelsius, .minCelsius, .maxCelsius, .pm25, .start, .end,
                .firstDt, .lastDt:
                guard let kind = key.detailKind else { return false }
                decoder.skipWhitespace()
                guard decoder.index < decoder.bytes.count else { return false }
                if decoder.bytes[decoder.index] == UInt8(ascii: "n") { return decoder.literal("null") }
                let isString = decoder.bytes[decoder.index] == UInt8(ascii: "\"")
                let string = isString ? decoder.string() : nil
                let number = isString ? nil : decoder.numberText()
                guard let value = ExpectDetails.value(kind, string: string, numberText: number) else { return false }
                details.append((key, value))
                return true
            }
        }
        guard complete else { return nil }
        // In the order of the key's cases, as the tree decoder collects them.
        if !details.isEmpty {
            expectation.details = CassetteKey.Expect.allCases.compactMap { key in
                details.first { $0.key == key }.map { ExpectDetails.Entry(name: key.rawValue, value: $0.value) }
            }
        }
        if expectation.error != nil,
            expectation.name != nil || expectation.celsius != nil || !expectation.details.isEmpty
        {
            return nil
        }
        if !sawError, expectation.message != nil { return nil }
        return expectation
    }

    /// Stores what `decode` reads in `slot`: false (so the file is left to the tree decoder) when it
    /// reads nothing.
    private mutating func read<Value>(into slot: inout Value?, _ decode: (inout CassetteFastPath) -> Value?) -> Bool {
        slot = decode(&self)
        return slot != nil
    }

    /// Whether every UTF-8 byte of `text` passes `test`, read from contiguous storage (iterating
    /// `utf8` goes through the generic path, several times slower).
    private static func allBytes(of text: String, _ test: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { $0.allSatisfy(test) }
    }

    // MARK: - JSON tokens

    /// Reads an object whose member names must be cases of `Key` (each at most once), calling `member`
    /// with the case for each value; false when anything is off.
    private mutating func object<Key: CassetteKeys>(
        _: Key.Type, _ member: (inout CassetteFastPath, Key) -> Bool
    ) -> Bool {
        let table = Key.table
        guard enter(UInt8(ascii: "{")) else { return false }
        var seen: UInt32 = 0
        var first = true
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return true
        }
        while true {
            if !first {
                skipWhitespace()
                if consume(UInt8(ascii: "}")) { break }
                guard consume(UInt8(ascii: ",")) else { return false }
            }
            first = false
            skipWhitespace()
            guard let name = rawName(), let position = table.utf8.firstIndex(where: { matches(name, $0) }),
                seen & (1 << position) == 0
            else { return false }
            seen |= 1 << position
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard member(&self, table.keys[position]) else { return false }
        }
        depth -= 1
        return true
    }

    /// The members of an object whose `{` was consumed, names decoded; duplicates are the caller's
    /// to refuse.
    private mutating func members(_ member: (inout CassetteFastPath, String) -> Bool) -> Bool {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { return false }
        let closed = items(closedBy: UInt8(ascii: "}")) { scanner in
            guard let name = scanner.string(), scanner.nameSeparator() else { return false }
            return member(&scanner, name)
        }
        guard closed else { return false }
        depth -= 1
        return true
    }

    private mutating func array(_ element: (inout CassetteFastPath) -> Bool) -> Bool {
        guard enter(UInt8(ascii: "[")), items(closedBy: UInt8(ascii: "]"), element) else { return false }
        depth -= 1
        return true
    }

    private mutating func enter(_ opening: UInt8) -> Bool {
        skipWhitespace()
        guard consume(opening) else { return false }
        depth += 1
        return depth <= JSONParser.maximumDepth
    }

    /// A member name without escapes, as a range of the source.
    private mutating func rawName() -> Range<Int>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
            let (end, hasEscape) = JSONSkimmer.endOfString(in: bytes, at: index), !hasEscape
        else { return nil }
        defer { index = end }
        return index + 1..<end - 1
    }

    private func matches(_ name: Range<Int>, _ key: [UInt8]) -> Bool {
        guard name.count == key.count else { return false }
        return key.withUnsafeBufferPointer { expected in
            var offset = 0
            while offset < expected.count {
                if bytes[name.lowerBound + offset] != expected[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    private mutating func string() -> String? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
            let (end, hasEscape) = JSONSkimmer.endOfString(in: bytes, at: index)
        else { return nil }
        defer { index = end }
        if hasEscape { return JSONParser.decodeString(in: source, at: index) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index + 1..<end - 1]), as: UTF8.self)
    }

    private mutating func numberText() -> String? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] &- UInt8(ascii: "0") < 10,
            let end = JSONSkimmer.endOfNumber(in: bytes, at: index)
        else { return nil }
        defer { index = end }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    }

}
