import Basics
import HTTPServer

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads one cassette document (format v1, docs/ARCHITECTURE.md#cassettes) into a `Cassette`, collecting every problem
/// instead of stopping at the first, each with its JSON path and source position.
package struct CassetteDecoder {
    package static let formatIdentifier = "mockweather-cassette/1"

    let file: String
    let name: String
    /// Whose vocabulary each interaction is read with: the provider claiming its path.
    let providers: ProviderSet
    private let lineMap: LineMap
    private(set) var problems: [CassetteProblem] = []
    /// The document's `shiftTimes`, for every response that states none of its own.
    private var documentShiftTimes: Bool?

    init(file: String, bytes: [UInt8], providers: ProviderSet) {
        self.file = file
        self.name = Self.cassetteName(file)
        self.providers = providers
        self.lineMap = LineMap(bytes)
    }

    /// Decodes `bytes`, or returns nil with `problems` saying why. A cassette is returned only when
    /// the file has no problem at all. Each interaction is read with the vocabulary of the provider in
    /// `providers` that claims its path (defaults, case-insensitive values, secrets, unit systems, the
    /// `expect` keys).
    package static func decode(file: String, bytes: [UInt8], providers: ProviderSet) -> (
        cassette: Cassette?, problems: [CassetteProblem]
    ) {
        let decoded = decodeDocument(file: file, bytes: bytes, providers: providers)
        guard let cassette = decoded.cassette else { return decoded }
        let bodyProblems = RangedBodies.problems(in: cassette, bytes: bytes)
        return bodyProblems.isEmpty ? decoded : (nil, bodyProblems)
    }

    /// The cassette name for a file: its relative path without `.json`.
    static func cassetteName(_ file: String) -> String {
        file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }

    /// Builds the document's tree and walks it, collecting every problem.
    private static func decodeDocument(file: String, bytes: [UInt8], providers: ProviderSet) -> (
        cassette: Cassette?, problems: [CassetteProblem]
    ) {
        var decoder = CassetteDecoder(file: file, bytes: bytes, providers: providers)
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, deferringMembersNamed: CassetteKey.Response.json.rawValue)
        } catch {
            decoder.report(at: error.offset, .root, "not JSON: \(error.message)")
            return (nil, decoder.problems)
        }
        let cassette = decoder.decodeCassette(root)
        return (decoder.problems.isEmpty ? cassette : nil, decoder.problems)
    }

    // MARK: - Document

    private mutating func decodeCassette(_ root: JSONValue) -> Cassette? {
        typealias Key = CassetteKey.Document
        guard let members = object(root, .root, "a cassette object") else { return nil }
        checkKeys(members, at: .root, allowed: Key.self)
        var source = CassetteSource.synthetic
        if let format = requiredString(root, Key.format, at: .root), format != Self.formatIdentifier {
            let hint =
                format.hasPrefix("mockweather-cassette/")
                ? "this mockweather reads only format version 1" : "is this a mockweather cassette?"
            report(
                root[Key.format]!, JSONPath.root.appending(Key.format),
                "unsupported format \(JSONValue.quoted(format)); expected \"\(Self.formatIdentifier)\" (\(hint))")
        }
        if let text = requiredString(root, Key.source, at: .root) {
            if let parsed = CassetteSource(rawValue: text) {
                source = parsed
            } else {
                let choices = CassetteSource.allCases.map(\.rawValue)
                report(
                    root[Key.source]!, JSONPath.root.appending(Key.source),
                    "unknown source \(JSONValue.quoted(text)); expected one of \(choices.joined(separator: ", "))"
                        + Suggestions.didYouMean(text, among: choices))
            }
        }
        let recordedAt = optionalString(root, Key.recordedAt, at: .root)
        if let recordedAt, let value = root[Key.recordedAt], !Self.isISO8601Time(recordedAt) {
            report(
                value, JSONPath.root.appending(Key.recordedAt),
                "expected an ISO 8601 UTC time such as \"2026-11-29T10:00:00Z\", found \(JSONValue.quoted(recordedAt))")
        }
        if source == .recorded || source == .imported, recordedAt == nil, root[Key.source] != nil {
            report(
                root[Key.source]!, JSONPath.root.appending(Key.source),
                "a\(source == .imported ? "n imported" : " recorded") cassette needs \"recordedAt\" saying when it was recorded"
            )
        }
        let creator = root[Key.creator].flatMap { decodeCreator($0, at: JSONPath.root.appending(Key.creator)) }
        if source == .imported, root[Key.creator] == nil, root[Key.source] != nil {
            report(
                root[Key.source]!, JSONPath.root.appending(Key.source),
                "an imported cassette needs \"creator\": {\"name\", \"version\"} of the tool that wrote the archive")
        }
        let notes = optionalString(root, Key.notes, at: .root)
        documentShiftTimes = optionalBool(root, Key.shiftTimes, at: .root)
        var interactions: [Interaction] = []
        let interactionsPath = JSONPath.root.appending(Key.interactions)
        if let list = root[Key.interactions] {
            if let elements = array(list, interactionsPath, "an array of interactions") {
                if elements.isEmpty { report(list, interactionsPath, "no interactions; a cassette needs at least one") }
                interactions.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    if let interaction = decodeInteraction(element, at: interactionsPath.appending(index)) {
                        interactions.append(interaction)
                    }
                }
            }
        } else {
            report(root, .root, "missing \"interactions\" (an array of {request, response})")
        }
        return Cassette(
            name: name, file: file, source: source, recordedAt: recordedAt, notes: notes, creator: creator,
            interactions: interactions)
    }

    private mutating func decodeCreator(_ value: JSONValue, at path: JSONPath) -> HARCreator? {
        typealias Key = CassetteKey.Creator
        guard let members = object(value, path, "{\"name\", \"version\"}") else { return nil }
        checkKeys(members, at: path, allowed: Key.self)
        guard let name = requiredString(value, Key.name, at: path) else { return nil }
        return HARCreator(name: name, version: optionalString(value, Key.version, at: path) ?? "")
    }

    private mutating func decodeInteraction(_ value: JSONValue, at path: JSONPath) -> Interaction? {
        typealias Key = CassetteKey.Interaction
        guard let members = object(value, path, "an interaction object") else { return nil }
        checkKeys(members, at: path, allowed: Key.self)
        let request = value[Key.request].flatMap { decodeRequest($0, at: path.appending(Key.request)) }
        if value[Key.request] == nil { report(value, path, "missing \"request\"") }
        // The interaction's API, by its path: what its responses' units and expectations may say.
        let requestPath = value[Key.request]?[CassetteKey.Request.path]?.stringValue.map(RequestPath.normalized)
        let api = requestPath.flatMap(providers.provider(forPath:))
        let vocabulary = api?.vocabulary ?? .empty
        let expectations = api?.provider.expectations ?? .generic
        let delay = value[Key.delayMs].flatMap { decodeDelay($0, at: path.appending(Key.delayMs)) }
        let fault = value[Key.fault].flatMap { decodeFault($0, at: path.appending(Key.fault)) }
        let expectation = value[Key.expect].flatMap {
            decodeExpectation($0, at: path.appending(Key.expect), vocabulary: expectations)
        }
        let notes = optionalString(value, Key.notes, at: path)
        var responses: [ResponseTemplate] = []
        // Where each decoded response is, for the time check's messages (a sequence may lose some).
        var responsePaths: [JSONPath] = []
        var isSequence = false
        switch (value[Key.response], value[Key.responses]) {
        case (nil, nil):
            report(value, path, "missing \"response\" (or \"responses\", a sequence)")
        case (.some, .some):
            report(
                value[Key.responses]!, path.appending(Key.responses),
                "both \"response\" and \"responses\"; give one response or a sequence, not both")
        case (.some(let single), nil):
            if let response = decodeResponse(
                single, at: path.appending(Key.response), interactionFault: fault, vocabulary: vocabulary,
                expectations: expectations)
            {
                responses = [response]
                responsePaths = [path.appending(Key.response)]
            }
        case (nil, .some(let sequence)):
            isSequence = true
            let sequencePath = path.appending(Key.responses)
            if let elements = array(sequence, sequencePath, "an array of responses") {
                if elements.isEmpty { report(sequence, sequencePath, "an empty sequence; give at least one response") }
                for (index, element) in elements.enumerated() {
                    if let response = decodeResponse(
                        element, at: sequencePath.appending(index), interactionFault: fault, vocabulary: vocabulary,
                        expectations: expectations)
                    {
                        responses.append(response)
                        responsePaths.append(sequencePath.appending(index))
                    }
                }
            }
        }
        if let requestPath {
            checkShiftedTimes(
                zip(responses, responsePaths), fields: api?.provider.timeFields(forPath: requestPath))
        }
        guard let request, !responses.isEmpty else { return nil }
        // The interaction-level delay and fault apply to every response that does not set its own.
        let resolved = responses.map { $0.inheriting(delay: delay, fault: fault, expectation: expectation) }
        return Interaction(
            request: request, responses: resolved, isSequence: isSequence,
            expectation: expectation, notes: notes)
    }

    /// Reports every time outside the clock's range (``ClockRange``) in a response that says
    /// `"shiftTimes": true` (its own or the document's), at its `timeFields` or else the provider's
    /// `fields` for the path: shifting one would move it past what a time can be. Only explicit
    /// opt-ins are checked, so loading never builds a deferred body for an answer not shifted by its
    /// cassette; under `--shift-times` alone ``TimeShift`` leaves such a time as recorded.
    private mutating func checkShiftedTimes(
        _ responses: Zip2Sequence<[ResponseTemplate], [JSONPath]>, fields: [TimeField]?
    ) {
        for (response, path) in responses where response.shiftTimes == true {
            guard case .json(let body) = response.body, let fields = response.timeFields ?? fields else { continue }
            let bodyPath = path.appending(CassetteKey.Response.json)
            for (value, valuePath) in TimeShift.outOfRangeTimes(at: fields, in: body, root: bodyPath) {
                report(
                    value, valuePath,
                    "a time outside the clock's range (\(ClockRange.description)) in an answer whose times are "
                        + "shifted, found \(value.summary); record a real time or set \"shiftTimes\": false")
            }
        }
    }

    // MARK: - Request

    private mutating func decodeRequest(_ value: JSONValue, at path: JSONPath) -> RequestPattern? {
        typealias Key = CassetteKey.Request
        guard let members = object(value, path, "a request object") else { return nil }
        checkKeys(members, at: path, allowed: Key.self)
        var method = "GET"
        if let text = optionalString(value, Key.method, at: path) {
            if text.isEmpty || !text.utf8.allSatisfy(\.isTokenCharacter) {
                report(value[Key.method]!, path.appending(Key.method), "invalid method \(JSONValue.quoted(text))")
            }
            method = text.uppercased()
        }
        var requestPath: String?
        var vocabulary = RequestVocabulary.empty
        var api: RegisteredProvider?
        if let text = requiredString(value, Key.path, at: path) {
            if text.hasPrefix("/"), !text.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                let normalized = RequestPath.normalized(text)
                requestPath = normalized
                api = providers.provider(forPath: normalized)
                vocabulary = api?.vocabulary ?? .empty
            } else {
                report(
                    value[Key.path]!, path.appending(Key.path),
                    "expected an absolute path such as \"/data/2.5/weather\" (query parameters go in \"query\"), found \(JSONValue.quoted(text))"
                )
            }
        }
        var constraints: [QueryConstraint] = []
        if let query = value[Key.query],
            let members = object(query, path.appending(Key.query), "an object of parameters")
        {
            // A request names a few parameters: comparing with the earlier ones beats hashing them.
            var seen: [(lowered: String, written: String)] = []
            for member in members {
                let memberPath = path.appending(Key.query).appending(member.key)
                let lowered = member.key.lowercased()
                if let earlier = seen.first(where: { $0.lowered == lowered })?.written {
                    report(
                        at: member.keyOffset, memberPath,
                        "parameter \(JSONValue.quoted(member.key)) repeats \(JSONValue.quoted(earlier)); names compare case-insensitively"
                    )
                    continue
                }
                seen.append((lowered, member.key))
                guard let expectation = expectation(of: member.value, at: memberPath, numbers: true) else { continue }
                constraints.append(
                    QueryConstraint(
                        name: lowered, expectation: expectation, vocabulary: vocabulary,
                        isSecret: providers.isSecretParameter(lowered)))
            }
        }
        constraints.sort { $0.name < $1.name }
        var headerConstraints: [HeaderConstraint] = []
        if let headers = value[Key.headers],
            let members = object(headers, path.appending(Key.headers), "an object of header names")
        {
            var seen: [(lowered: String, written: String)] = []
            for member in members {
                let memberPath = path.appending(Key.headers).appending(member.key)
                let lowered = member.key.lowercased()
                if member.key.isEmpty || !member.key.utf8.allSatisfy(\.isTokenCharacter) {
                    report(at: member.keyOffset, memberPath, "invalid header name \(JSONValue.quoted(member.key))")
                    continue
                }
                if let earlier = seen.first(where: { $0.lowered == lowered })?.written {
                    report(
                        at: member.keyOffset, memberPath,
                        "header \(JSONValue.quoted(member.key)) repeats \(JSONValue.quoted(earlier)); names compare case-insensitively"
                    )
                    continue
                }
                seen.append((lowered, member.key))
                guard let expectation = expectation(of: member.value, at: memberPath, numbers: false) else { continue }
                headerConstraints.append(
                    HeaderConstraint(
                        name: lowered, expectation: expectation,
                        isSecret: api?.secretHeaderNames.contains(lowered) ?? false))
            }
        }
        headerConstraints.sort { $0.name < $1.name }
        var near: GeoCircle?
        if let nearValue = value[Key.near] {
            near = decodeNear(nearValue, at: path.appending(Key.near))
        }
        var range: RangeRule?
        if let rangeValue = value[Key.range] {
            range = decodeRange(rangeValue, at: path.appending(Key.range))
            if range == nil { return nil }
        }
        guard let requestPath else { return nil }
        return RequestPattern(
            method: method, path: requestPath, query: constraints, headers: headerConstraints, near: near, range: range)
    }

    /// What a `query` or `headers` member asks: a value (a string, or for parameters a number), `"*"`
    /// (any value) or null (must be absent).
    private mutating func expectation(of value: JSONValue, at path: JSONPath, numbers: Bool) -> QueryExpectation? {
        switch value.kind {
        case .string("*"): return .present
        case .string(let text): return .equals(text)
        case .number(let text) where numbers: return .equals(text)
        case .null: return .absent
        default:
            let allowed = numbers ? "a string, a number," : "a string,"
            report(
                value, path,
                "expected \(allowed) \"*\" (any value) or null (must be absent), found \(value.typeDescription)")
            return nil
        }
    }

    private mutating func decodeRange(_ value: JSONValue, at path: JSONPath) -> RangeRule? {
        typealias Key = CassetteKey.Range
        let shape = "{\"from\": PARAMETER, \"to\": PARAMETER, \"items\": MEMBER, \"key\": MEMBER, ...}"
        guard let members = object(value, path, shape) else { return nil }
        checkKeys(members, at: path, allowed: Key.self)
        let before = problems.count
        let from = requiredString(value, Key.from, at: path)?.lowercased()
        let to = requiredString(value, Key.to, at: path)?.lowercased()
        for (key, name) in [(Key.from, from), (Key.to, to)] where name?.isEmpty == true {
            report(value[key]!, path.appending(key), "expected a query parameter name, found \"\"")
        }
        if let from, let to, !from.isEmpty, from == to {
            report(value[Key.to]!, path.appending(Key.to), "\"to\" names the same parameter as \"from\" (\(from))")
        }
        var bounds: RangeRule.Bounds? = .ordered
        if let text = optionalString(value, Key.bounds, at: path) {
            let choices = RangeRule.Bounds.allCases.map(\.rawValue)
            bounds = RangeRule.Bounds(rawValue: text)
            if bounds == nil {
                report(
                    value[Key.bounds]!, path.appending(Key.bounds),
                    "unknown bounds \(JSONValue.quoted(text)); expected one of \(choices.joined(separator: ", "))"
                        + Suggestions.didYouMean(text, among: choices))
            }
        }
        var selection: RangeRule.Selection?
        var coversFrom: Int64?
        var coversTo: Int64?
        if value[Key.bounds] != nil, bounds == nil || value[Key.bounds]?.stringValue == nil {
            // Which of the keys below belong depends on the bounds: nothing more to say until they are known.
        } else if bounds == .ordered {
            let items = requiredString(value, Key.items, at: path)
            let key = requiredString(value, Key.key, at: path)
            var includesEnd = false
            if let field = value[Key.includesEnd] {
                if case .bool(let flag) = field.kind {
                    includesEnd = flag
                } else {
                    report(
                        field, path.appending(Key.includesEnd), "expected true or false, found \(field.typeDescription)"
                    )
                }
            }
            if let items, let key { selection = RangeRule.Selection(items: items, key: key, includesEnd: includesEnd) }
            if let covers = value[Key.covers] {
                let coversPath = path.appending(Key.covers)
                if let members = object(covers, coversPath, "{\"from\": SECONDS, \"to\": SECONDS}") {
                    checkKeys(members, at: coversPath, allowed: CassetteKey.Covers.self)
                    coversFrom = wholeSeconds(covers, CassetteKey.Covers.from, at: coversPath)
                    coversTo = wholeSeconds(covers, CassetteKey.Covers.to, at: coversPath)
                    if let coversFrom, let coversTo, coversFrom > coversTo {
                        report(covers, coversPath, "\"from\" (\(coversFrom)) is after \"to\" (\(coversTo))")
                    }
                }
            }
        } else if let bounds {
            for key in Key.orderedOnly {
                guard let field = value[key] else { continue }
                report(
                    field, path.appending(key),
                    "\"\(key.rawValue)\" applies only to ordered bounds (the interaction that serves the data), not \"\(bounds.rawValue)\""
                )
            }
        }
        guard problems.count == before, let from, let to, let bounds else { return nil }
        return RangeRule(
            from: from, to: to, bounds: bounds, coversFrom: coversFrom, coversTo: coversTo, selection: selection)
    }

    private mutating func wholeSeconds(_ object: JSONValue, _ key: some CassetteKeys, at path: JSONPath) -> Int64? {
        guard let value = object[key] else { return nil }
        guard let text = value.numberText, let seconds = RangeRule.wholeSeconds(text) else {
            report(
                value, path.appending(key),
                "expected whole Unix seconds, found \(value.numberText ?? value.typeDescription)")
            return nil
        }
        return seconds
    }

    private mutating func decodeNear(_ value: JSONValue, at path: JSONPath) -> GeoCircle? {
        typealias Key = CassetteKey.Near
        guard let members = object(value, path, "{\"lat\", \"lon\", \"radiusKm\"}") else { return nil }
        checkKeys(members, at: path, allowed: Key.self)
        let latitude = requiredNumber(value, Key.lat, at: path, in: -90...90)
        let longitude = requiredNumber(value, Key.lon, at: path, in: -180...180)
        let radius = requiredNumber(value, Key.radiusKm, at: path, in: 0...20_038)
        if let radius, radius <= 0 {
            report(value[Key.radiusKm]!, path.appending(Key.radiusKm), "radius must be above 0 km")
        }
        guard let latitude, let longitude, let radius, radius > 0 else { return nil }
        return GeoCircle(latitude: latitude, longitude: longitude, radiusKilometres: radius)
    }

    // MARK: - Response

    private mutating func decodeResponse(
        _ value: JSONValue, at path: JSONPath, interactionFault: FaultSpecification?, vocabulary: RequestVocabulary,
        expectations: ExpectVocabulary
    ) -> ResponseTemplate? {
        typealias Key = CassetteKey.Response
        guard let members = object(value, path, "a response object") else { return nil }
        checkKeys(members, at: path, allowed: Key.self)
        var status: Int?
        if let statusValue = value[Key.status] {
            if let text = statusValue.numberText, let code = Int(text), (100...599).contains(code) {
                status = code
            } else {
                report(
                    statusValue, path.appending(Key.status),
                    "invalid status \(statusValue.numberText ?? statusValue.typeDescription); expected an integer from 100 to 599"
                )
            }
        } else {
            report(value, path, "missing \"status\"")
        }
        var headers: [HeaderField] = []
        if let headerValue = value[Key.headers],
            let members = object(headerValue, path.appending(Key.headers), "an object of header names to strings")
        {
            // A member's path is made only for a problem: every header of every cassette passes here.
            func memberPath(_ member: JSONMember) -> JSONPath { path.appending(Key.headers).appending(member.key) }
            for member in members {
                if member.key.isEmpty || !member.key.utf8.allSatisfy(\.isTokenCharacter) {
                    report(
                        at: member.keyOffset, memberPath(member), "invalid header name \(JSONValue.quoted(member.key))")
                    continue
                }
                guard let text = member.value.stringValue else {
                    report(member.value, memberPath(member), "expected a string, found \(member.value.typeDescription)")
                    continue
                }
                if text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
                    report(member.value, memberPath(member), "a header value cannot contain CR, LF or NUL")
                    continue
                }
                headers.append(HeaderField(name: member.key, value: text))
            }
        }
        let delay = value[Key.delayMs].flatMap { decodeDelay($0, at: path.appending(Key.delayMs)) }
        let fault = value[Key.fault].flatMap { decodeFault($0, at: path.appending(Key.fault)) }
        let expectation = value[Key.expect].flatMap {
            decodeExpectation($0, at: path.appending(Key.expect), vocabulary: expectations)
        }
        let body = decodeBody(value, at: path, fault: fault ?? interactionFault)
        let choices = vocabulary.unitSystems
        var units = choices.first
        if let text = optionalString(value, Key.units, at: path) {
            if choices.contains(text) {
                units = text
            } else if choices.isEmpty {
                report(
                    value[Key.units]!, path.appending(Key.units),
                    "\"units\" says what unit system a body is in, and this path's API has none")
            } else {
                report(
                    value[Key.units]!, path.appending(Key.units),
                    "unknown units \(JSONValue.quoted(text)); expected one of \(choices.joined(separator: ", "))"
                        + Suggestions.didYouMean(text, among: choices))
            }
        }
        let shiftTimes = optionalBool(value, Key.shiftTimes, at: path) ?? documentShiftTimes
        let timeFields = value[Key.timeFields].flatMap { decodeTimeFields($0, at: path.appending(Key.timeFields)) }
        guard let status, let body else { return nil }
        return ResponseTemplate(
            status: status, headers: headers, body: body.value, units: units, delay: delay,
            fault: fault, expectation: expectation, shiftTimes: shiftTimes, timeFields: timeFields)
    }

    /// `timeFields`: a non-empty array of paths such as `"dt"`, `"sys.sunrise"`, `"list[].dt"`.
    private mutating func decodeTimeFields(_ value: JSONValue, at path: JSONPath) -> [TimeField]? {
        let expected = "an array of time field paths such as [\"dt\", \"sys.sunrise\", \"list[].dt\"]"
        guard let elements = array(value, path, expected) else { return nil }
        if elements.isEmpty { report(value, path, "no fields; expected \(expected)") }
        var fields: [TimeField] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue else {
                report(element, path.appending(index), "expected a string, found \(element.typeDescription)")
                continue
            }
            guard let field = TimeField(text) else {
                report(
                    element, path.appending(index),
                    "invalid time field \(JSONValue.quoted(text)); expected member names joined by \".\", "
                        + "[] after an array's name (\"list[].dt\")")
                continue
            }
            fields.append(field)
        }
        return fields.count == elements.count && !fields.isEmpty ? fields : nil
    }

    /// The body, `.some(nil)` for a legitimately bodiless faulted response, or nil after a problem.
    private mutating func decodeBody(_ value: JSONValue, at path: JSONPath, fault: FaultSpecification?)
        -> (value: ResponseBody?, Void)?
    {
        let given = CassetteKey.Response.bodies.filter { value[$0] != nil }
        if given.count > 1 {
            report(
                value[given[1]]!, path.appending(given[1]),
                "two bodies (\(given.map { "\"\($0.rawValue)\"" }.joined(separator: " and "))); give exactly one of json, text or base64"
            )
            return nil
        }
        guard let key = given.first, let body = value[key] else {
            if fault?.sendsNoResponse == true { return (nil, ()) }
            report(
                value, path,
                "no body; give exactly one of \"json\" (any JSON value), \"text\" (a string) or \"base64\"")
            return nil
        }
        switch key {
        case .json:
            return (.json(body), ())
        case .text:
            guard let text = body.stringValue else {
                report(
                    body, path.appending(key),
                    "expected a string, found \(body.typeDescription) (use \"json\" for a JSON body)")
                return nil
            }
            return (.text(text), ())
        default:
            guard let text = body.stringValue else {
                report(body, path.appending(key), "expected a base64 string, found \(body.typeDescription)")
                return nil
            }
            guard let data = Data(base64Encoded: text) else {
                report(body, path.appending(key), "bad base64: not valid standard base64 with padding")
                return nil
            }
            return (.base64(Array(data)), ())
        }
    }

    // MARK: - Delay, fault, expectation

    private mutating func decodeDelay(_ value: JSONValue, at path: JSONPath) -> DelaySpecification? {
        let limit = DelaySpecification.maximumMilliseconds
        if let text = value.numberText {
            guard let milliseconds = Int(text), (0...limit).contains(milliseconds) else {
                report(value, path, "expected whole milliseconds from 0 to \(limit), found \(text)")
                return nil
            }
            return .fixed(milliseconds: milliseconds)
        }
        let shape = "milliseconds or {\"uniformMs\": [low, high]}"
        guard let members = object(value, path, shape) else { return nil }
        checkKeys(members, at: path, allowed: CassetteKey.Delay.self)
        guard let range = value[CassetteKey.Delay.uniformMs] else {
            report(value, path, "missing \"uniformMs\"; expected \(shape)")
            return nil
        }
        let bounds = range.elements?.compactMap { $0.numberText.flatMap { Int($0) } } ?? []
        guard range.elements?.count == 2, bounds.count == 2, bounds[0] >= 0, bounds[0] <= bounds[1],
            bounds[1] <= limit
        else {
            report(
                range, path.appending(CassetteKey.Delay.uniformMs),
                "expected [low, high]: two whole milliseconds with 0 ≤ low ≤ high ≤ \(limit)")
            return nil
        }
        return .uniform(lowMilliseconds: bounds[0], highMilliseconds: bounds[1])
    }

    private mutating func decodeFault(_ value: JSONValue, at path: JSONPath) -> FaultSpecification? {
        typealias Key = CassetteKey.Fault
        if value.isNull { return nil }
        let kindValue: JSONValue
        if value.stringValue != nil {
            kindValue = value
        } else {
            guard let members = object(value, path, "a fault name or {\"kind\": ...}") else { return nil }
            checkKeys(members, at: path, allowed: Key.self)
            guard let kind = value[Key.kind] else {
                report(value, path, "missing \"kind\" (one of \(FaultSpecification.kindNames.joined(separator: ", ")))")
                return nil
            }
            kindValue = kind
        }
        let kindPath = value.stringValue != nil ? path : path.appending(Key.kind)
        guard let kind = kindValue.stringValue else {
            report(kindValue, kindPath, "expected a fault name, found \(kindValue.typeDescription)")
            return nil
        }
        func positiveInteger(_ key: Key) -> (Int?, Bool) {
            guard let field = value[key] else { return (nil, true) }
            guard let text = field.numberText, let number = Int(text), number > 0 else {
                report(
                    field, path.appending(key),
                    "expected a whole number above 0, found \(field.numberText ?? field.typeDescription)")
                return (nil, false)
            }
            return (number, true)
        }
        let (bodyBytes, bodyBytesValid) = positiveInteger(.bodyBytes)
        let (rate, rateValid) = positiveInteger(.bytesPerSecond)
        for key in Key.allCases {
            guard let allowedFor = key.appliesOnlyTo, let field = value[key], kind != allowedFor.rawValue else {
                continue
            }
            report(
                field, path.appending(key), "\"\(key.rawValue)\" applies only to the \"\(allowedFor.rawValue)\" fault")
        }
        var announcesLength = true
        if let field = value[Key.contentLength] {
            if case .bool(let flag) = field.kind {
                announcesLength = flag
            } else {
                report(
                    field, path.appending(Key.contentLength), "expected true or false, found \(field.typeDescription)")
                return nil
            }
        }
        guard bodyBytesValid, rateValid else { return nil }
        switch FaultKind(rawValue: kind) {
        case .reset: return .reset
        case .resetAfterHead: return .resetAfterHead
        case .empty: return .empty
        case .truncate: return .truncate(bodyBytes: bodyBytes, announcesLength: announcesLength)
        case .drip: return .drip(bytesPerSecond: rate ?? FaultSpecification.defaultDripBytesPerSecond)
        case .hang: return .hang
        case nil:
            report(
                kindValue, kindPath,
                "unknown fault \(JSONValue.quoted(kind)); expected one of \(FaultSpecification.kindNames.joined(separator: ", "))"
                    + Suggestions.didYouMean(kind, among: FaultSpecification.kindNames))
            return nil
        }
    }

    private mutating func decodeExpectation(_ value: JSONValue, at path: JSONPath, vocabulary: ExpectVocabulary)
        -> Expectation?
    {
        guard let members = object(value, path, "an expect object") else { return nil }
        for problem in JSONProblem.keyProblems(in: members, at: path, allowed: vocabulary.keyNames) {
            report(at: problem.offset, problem.path, problem.message)
        }
        var expectation = Expectation()
        if let errorValue = value["error"], !errorValue.isNull {
            if let text = errorValue.stringValue {
                let choices = vocabulary.errorKinds
                if choices.contains(text) {
                    expectation.error = text
                } else {
                    report(
                        errorValue, path.appending("error"),
                        "unknown error kind \(JSONValue.quoted(text)); expected one of \(choices.joined(separator: ", "))"
                            + Suggestions.didYouMean(text, among: choices))
                }
            } else {
                report(errorValue, path.appending("error"), "expected a string, found \(errorValue.typeDescription)")
            }
        }
        if let messageValue = value["message"], !messageValue.isNull {
            if let text = messageValue.stringValue {
                expectation.message = text
            } else {
                report(
                    messageValue, path.appending("message"), "expected a string, found \(messageValue.typeDescription)")
            }
        }
        for detail in vocabulary.details {
            guard let found = value[detail.name], !found.isNull else { continue }
            if let parsed = ExpectDetails.value(detail.kind, string: found.stringValue, numberText: found.numberText) {
                expectation.details.append(ExpectDetails.Entry(name: detail.name, value: parsed))
            } else {
                report(
                    found, path.appending(detail.name),
                    "expected \(detail.kind.description), found \(found.numberText ?? found.typeDescription)")
            }
        }
        if expectation.error != nil, !expectation.details.isEmpty {
            let examples = vocabulary.details.prefix(3).map(\.name).joined(separator: ", ")
            report(
                value, path,
                "an expectation is either a success (\(examples)...) or an error (error, message), not both")
        }
        if expectation.error == nil, value["error"] == nil, expectation.message != nil {
            report(
                value["message"]!, path.appending("message"),
                "\"message\" belongs to an error expectation; add \"error\"")
        }
        return expectation
    }

    // MARK: - Helpers

    /// `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or `±HH:MM`, with fields in range.
    static func isISO8601Time(_ text: String) -> Bool {
        ISO8601Time.milliseconds(text) != nil
    }

    private mutating func checkKeys<Key: CassetteKeys>(_ members: [JSONMember], at path: JSONPath, allowed: Key.Type) {
        for problem in JSONProblem.keyProblems(in: members, at: path, allowed: Key.names) {
            report(at: problem.offset, problem.path, problem.message)
        }
    }

    private mutating func object(_ value: JSONValue, _ path: JSONPath, _ expected: String) -> [JSONMember]? {
        guard let members = value.members else {
            report(value, path, "expected \(expected), found \(value.typeDescription)")
            return nil
        }
        return members
    }

    private mutating func array(_ value: JSONValue, _ path: JSONPath, _ expected: String) -> [JSONValue]? {
        guard let elements = value.elements else {
            report(value, path, "expected \(expected), found \(value.typeDescription)")
            return nil
        }
        return elements
    }

    private mutating func requiredString(_ object: JSONValue, _ key: some CassetteKeys, at path: JSONPath) -> String? {
        guard object[key] != nil else {
            report(object, path, "missing \"\(key.rawValue)\"")
            return nil
        }
        return optionalString(object, key, at: path)
    }

    private mutating func optionalString(_ object: JSONValue, _ key: some CassetteKeys, at path: JSONPath) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value.stringValue else {
            report(value, path.appending(key), "expected a string, found \(value.typeDescription)")
            return nil
        }
        return text
    }

    private mutating func optionalBool(_ object: JSONValue, _ key: some CassetteKeys, at path: JSONPath) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value.kind else {
            report(value, path.appending(key), "expected true or false, found \(value.typeDescription)")
            return nil
        }
        return flag
    }

    private mutating func requiredNumber(
        _ object: JSONValue, _ key: some CassetteKeys, at path: JSONPath,
        in range: ClosedRange<Double>
    ) -> Double? {
        guard let value = object[key] else {
            report(object, path, "missing \"\(key.rawValue)\"")
            return nil
        }
        guard let number = value.doubleValue else {
            report(value, path.appending(key), "expected a number, found \(value.typeDescription)")
            return nil
        }
        guard range.contains(number) else {
            report(
                value, path.appending(key),
                "\(value.numberText ?? "") is out of range \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return number
    }

    private mutating func report(_ value: JSONValue, _ path: JSONPath, _ message: String) {
        report(at: value.offset, path, message)
    }

    private mutating func report(at offset: Int, _ path: JSONPath, _ message: String) {
        let location = SourceProblemLocation(
            file: file, path: path.description, position: lineMap.position(ofOffset: offset))
        problems.append(CassetteProblem(at: location, message: message))
    }
}

extension JSONValue {
    /// The member named by `key` (the last one, as ``JSONValue/subscript(_:)`` reads it).
    fileprivate subscript(key: some CassetteKeys) -> JSONValue? { self[key.rawValue] }
}

extension JSONPath {
    fileprivate func appending(_ key: some CassetteKeys) -> JSONPath { appending(key.rawValue) }
}
