import Basics
import Foundation
import HTTPServer

/// Reads one cassette document (format v1, docs/ARCHITECTURE.md#cassettes) into a `Cassette`, collecting every problem
/// instead of stopping at the first, each with its JSON path and source position.
struct CassetteDecoder {
    static let formatIdentifier = "mockweather-cassette/1"

    private static let topLevelKeys = ["format", "source", "recordedAt", "creator", "notes", "interactions"]
    private static let creatorKeys = ["name", "version"]
    private static let interactionKeys = ["request", "response", "responses", "delayMs", "fault", "expect", "notes"]
    private static let requestKeys = ["method", "path", "query", "near"]
    private static let nearKeys = ["lat", "lon", "radiusKm"]
    private static let responseKeys = [
        "status", "headers", "json", "text", "base64", "units", "delayMs", "fault", "expect",
    ]
    private static let bodyKeys = ["json", "text", "base64"]
    private static let expectKeys = ["name", "celsius", "error", "message"] + ExpectDetails.names
    private static let faultKeys = ["kind", "bodyBytes", "contentLength", "bytesPerSecond"]

    let file: String
    let name: String
    private let lineMap: LineMap
    private(set) var problems: [CassetteProblem] = []

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.name = Self.cassetteName(file)
        self.lineMap = LineMap(bytes)
    }

    /// Decodes `bytes`, or returns nil with `problems` saying why. A cassette is returned only when
    /// the file has no problem at all.
    static func decode(file: String, bytes: [UInt8]) -> (cassette: Cassette?, problems: [CassetteProblem]) {
        // Most files are valid and written plainly: decoded from their bytes without a tree. Anything
        // else (including every file with a problem) takes the full path below, which reports it.
        if let cassette = CassetteFastPath.decode(file: file, name: cassetteName(file), bytes: bytes) {
            return (cassette, [])
        }
        return decodeWithTree(file: file, bytes: bytes)
    }

    /// The cassette name for a file: its relative path without `.json`.
    static func cassetteName(_ file: String) -> String {
        file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }

    /// The full decoder: builds the document's tree and walks it, collecting every problem.
    static func decodeWithTree(file: String, bytes: [UInt8]) -> (cassette: Cassette?, problems: [CassetteProblem]) {
        var decoder = CassetteDecoder(file: file, bytes: bytes)
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, deferringMembersNamed: "json")
        } catch {
            decoder.report(at: error.offset, .root, "not JSON: \(error.message)")
            return (nil, decoder.problems)
        }
        let cassette = decoder.decodeCassette(root)
        return (decoder.problems.isEmpty ? cassette : nil, decoder.problems)
    }

    // MARK: - Document

    private mutating func decodeCassette(_ root: JSONValue) -> Cassette? {
        guard let members = object(root, .root, "a cassette object") else { return nil }
        checkKeys(members, at: .root, allowed: Self.topLevelKeys)
        var source = CassetteSource.synthetic
        if let format = requiredString(root, "format", at: .root), format != Self.formatIdentifier {
            let hint =
                format.hasPrefix("mockweather-cassette/")
                ? "this mockweather reads only format version 1" : "is this a mockweather cassette?"
            report(
                root["format"]!, JSONPath.root.appending("format"),
                "unsupported format \(JSONValue.quoted(format)); expected \"\(Self.formatIdentifier)\" (\(hint))")
        }
        if let text = requiredString(root, "source", at: .root) {
            if let parsed = CassetteSource(rawValue: text) {
                source = parsed
            } else {
                let choices = CassetteSource.allCases.map(\.rawValue)
                report(
                    root["source"]!, JSONPath.root.appending("source"),
                    "unknown source \(JSONValue.quoted(text)); expected one of \(choices.joined(separator: ", "))"
                        + Suggestions.didYouMean(text, among: choices))
            }
        }
        let recordedAt = optionalString(root, "recordedAt", at: .root)
        if let recordedAt, let value = root["recordedAt"], !Self.isISO8601Time(recordedAt) {
            report(
                value, JSONPath.root.appending("recordedAt"),
                "expected an ISO 8601 UTC time such as \"2026-11-29T10:00:00Z\", found \(JSONValue.quoted(recordedAt))")
        }
        if source == .recorded || source == .imported, recordedAt == nil, root["source"] != nil {
            report(
                root["source"]!, JSONPath.root.appending("source"),
                "a\(source == .imported ? "n imported" : " recorded") cassette needs \"recordedAt\" saying when it was recorded"
            )
        }
        let creator = root["creator"].flatMap { decodeCreator($0, at: JSONPath.root.appending("creator")) }
        if source == .imported, root["creator"] == nil, root["source"] != nil {
            report(
                root["source"]!, JSONPath.root.appending("source"),
                "an imported cassette needs \"creator\": {\"name\", \"version\"} of the tool that wrote the archive")
        }
        let notes = optionalString(root, "notes", at: .root)
        var interactions: [Interaction] = []
        let interactionsPath = JSONPath.root.appending("interactions")
        if let list = root["interactions"] {
            if let elements = array(list, interactionsPath, "an array of interactions") {
                if elements.isEmpty { report(list, interactionsPath, "no interactions; a cassette needs at least one") }
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
        guard let members = object(value, path, "{\"name\", \"version\"}") else { return nil }
        checkKeys(members, at: path, allowed: Self.creatorKeys)
        guard let name = requiredString(value, "name", at: path) else { return nil }
        return HARCreator(name: name, version: optionalString(value, "version", at: path) ?? "")
    }

    private mutating func decodeInteraction(_ value: JSONValue, at path: JSONPath) -> Interaction? {
        guard let members = object(value, path, "an interaction object") else { return nil }
        checkKeys(members, at: path, allowed: Self.interactionKeys)
        let request = value["request"].flatMap { decodeRequest($0, at: path.appending("request")) }
        if value["request"] == nil { report(value, path, "missing \"request\"") }
        let delay = value["delayMs"].flatMap { decodeDelay($0, at: path.appending("delayMs")) }
        let fault = value["fault"].flatMap { decodeFault($0, at: path.appending("fault")) }
        let expectation = value["expect"].flatMap { decodeExpectation($0, at: path.appending("expect")) }
        let notes = optionalString(value, "notes", at: path)
        var responses: [ResponseTemplate] = []
        var isSequence = false
        switch (value["response"], value["responses"]) {
        case (nil, nil):
            report(value, path, "missing \"response\" (or \"responses\", a sequence)")
        case (.some, .some):
            report(
                value["responses"]!, path.appending("responses"),
                "both \"response\" and \"responses\"; give one response or a sequence, not both")
        case (.some(let single), nil):
            if let response = decodeResponse(single, at: path.appending("response"), interactionFault: fault) {
                responses = [response]
            }
        case (nil, .some(let sequence)):
            isSequence = true
            let sequencePath = path.appending("responses")
            if let elements = array(sequence, sequencePath, "an array of responses") {
                if elements.isEmpty { report(sequence, sequencePath, "an empty sequence; give at least one response") }
                for (index, element) in elements.enumerated() {
                    if let response = decodeResponse(
                        element, at: sequencePath.appending(index),
                        interactionFault: fault)
                    {
                        responses.append(response)
                    }
                }
            }
        }
        guard let request, !responses.isEmpty else { return nil }
        // The interaction-level delay and fault apply to every response that does not set its own.
        let resolved = responses.map { $0.inheriting(delay: delay, fault: fault, expectation: expectation) }
        return Interaction(
            request: request, responses: resolved, isSequence: isSequence,
            expectation: expectation, notes: notes)
    }

    // MARK: - Request

    private mutating func decodeRequest(_ value: JSONValue, at path: JSONPath) -> RequestPattern? {
        guard let members = object(value, path, "a request object") else { return nil }
        checkKeys(members, at: path, allowed: Self.requestKeys)
        var method = "GET"
        if let text = optionalString(value, "method", at: path) {
            if text.isEmpty || !text.utf8.allSatisfy(\.isTokenCharacter) {
                report(value["method"]!, path.appending("method"), "invalid method \(JSONValue.quoted(text))")
            }
            method = text.uppercased()
        }
        var requestPath: String?
        if let text = requiredString(value, "path", at: path) {
            if text.hasPrefix("/"), !text.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                requestPath = RequestPath.normalized(text)
            } else {
                report(
                    value["path"]!, path.appending("path"),
                    "expected an absolute path such as \"/data/2.5/weather\" (query parameters go in \"query\"), found \(JSONValue.quoted(text))"
                )
            }
        }
        var constraints: [QueryConstraint] = []
        if let query = value["query"], let members = object(query, path.appending("query"), "an object of parameters") {
            var seen: [String: String] = [:]
            for member in members {
                let memberPath = path.appending("query").appending(member.key)
                let lowered = member.key.lowercased()
                if let earlier = seen[lowered] {
                    report(
                        at: member.keyOffset, memberPath,
                        "parameter \(JSONValue.quoted(member.key)) repeats \(JSONValue.quoted(earlier)); names compare case-insensitively"
                    )
                    continue
                }
                seen[lowered] = member.key
                switch member.value.kind {
                case .string("*"): constraints.append(QueryConstraint(name: lowered, expectation: .present))
                case .string(let text): constraints.append(QueryConstraint(name: lowered, expectation: .equals(text)))
                case .number(let text): constraints.append(QueryConstraint(name: lowered, expectation: .equals(text)))
                case .null: constraints.append(QueryConstraint(name: lowered, expectation: .absent))
                default:
                    report(
                        member.value, memberPath,
                        "expected a string, a number, \"*\" (any value) or null (must be absent), found \(member.value.typeDescription)"
                    )
                }
            }
        }
        constraints.sort { $0.name < $1.name }
        var near: GeoCircle?
        if let nearValue = value["near"] {
            near = decodeNear(nearValue, at: path.appending("near"))
        }
        guard let requestPath else { return nil }
        return RequestPattern(method: method, path: requestPath, query: constraints, near: near)
    }

    private mutating func decodeNear(_ value: JSONValue, at path: JSONPath) -> GeoCircle? {
        guard let members = object(value, path, "{\"lat\", \"lon\", \"radiusKm\"}") else { return nil }
        checkKeys(members, at: path, allowed: Self.nearKeys)
        let latitude = requiredNumber(value, "lat", at: path, in: -90...90)
        let longitude = requiredNumber(value, "lon", at: path, in: -180...180)
        let radius = requiredNumber(value, "radiusKm", at: path, in: 0...20_038)
        if let radius, radius <= 0 {
            report(value["radiusKm"]!, path.appending("radiusKm"), "radius must be above 0 km")
        }
        guard let latitude, let longitude, let radius, radius > 0 else { return nil }
        return GeoCircle(latitude: latitude, longitude: longitude, radiusKilometres: radius)
    }

    // MARK: - Response

    private mutating func decodeResponse(_ value: JSONValue, at path: JSONPath, interactionFault: FaultSpecification?)
        -> ResponseTemplate?
    {
        guard let members = object(value, path, "a response object") else { return nil }
        checkKeys(members, at: path, allowed: Self.responseKeys)
        var status: Int?
        if let statusValue = value["status"] {
            if let text = statusValue.numberText, let code = Int(text), (100...599).contains(code) {
                status = code
            } else {
                report(
                    statusValue, path.appending("status"),
                    "invalid status \(statusValue.numberText ?? statusValue.typeDescription); expected an integer from 100 to 599"
                )
            }
        } else {
            report(value, path, "missing \"status\"")
        }
        var headers: [HeaderField] = []
        if let headerValue = value["headers"],
            let members = object(headerValue, path.appending("headers"), "an object of header names to strings")
        {
            for member in members {
                let memberPath = path.appending("headers").appending(member.key)
                if member.key.isEmpty || !member.key.utf8.allSatisfy(\.isTokenCharacter) {
                    report(at: member.keyOffset, memberPath, "invalid header name \(JSONValue.quoted(member.key))")
                    continue
                }
                guard let text = member.value.stringValue else {
                    report(member.value, memberPath, "expected a string, found \(member.value.typeDescription)")
                    continue
                }
                if text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
                    report(member.value, memberPath, "a header value cannot contain CR, LF or NUL")
                    continue
                }
                headers.append(HeaderField(name: member.key, value: text))
            }
        }
        let delay = value["delayMs"].flatMap { decodeDelay($0, at: path.appending("delayMs")) }
        let fault = value["fault"].flatMap { decodeFault($0, at: path.appending("fault")) }
        let expectation = value["expect"].flatMap { decodeExpectation($0, at: path.appending("expect")) }
        let body = decodeBody(value, at: path, fault: fault ?? interactionFault)
        var units = Units.standard
        if let text = optionalString(value, "units", at: path) {
            if let parsed = Units(rawValue: text) {
                units = parsed
            } else {
                let choices = Units.allCases.map(\.rawValue)
                report(
                    value["units"]!, path.appending("units"),
                    "unknown units \(JSONValue.quoted(text)); expected one of \(choices.joined(separator: ", "))"
                        + Suggestions.didYouMean(text, among: choices))
            }
        }
        guard let status, let body else { return nil }
        return ResponseTemplate(
            status: status, headers: headers, body: body.value, units: units, delay: delay,
            fault: fault, expectation: expectation)
    }

    /// The body, `.some(nil)` for a legitimately bodiless faulted response, or nil after a problem.
    private mutating func decodeBody(_ value: JSONValue, at path: JSONPath, fault: FaultSpecification?)
        -> (value: ResponseBody?, Void)?
    {
        let given = Self.bodyKeys.filter { value[$0] != nil }
        if given.count > 1 {
            report(
                value[given[1]]!, path.appending(given[1]),
                "two bodies (\(given.map { "\"\($0)\"" }.joined(separator: " and "))); give exactly one of json, text or base64"
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
        case "json":
            return (.json(body), ())
        case "text":
            guard let text = body.stringValue else {
                report(
                    body, path.appending("text"),
                    "expected a string, found \(body.typeDescription) (use \"json\" for a JSON body)")
                return nil
            }
            return (.text(text), ())
        default:
            guard let text = body.stringValue else {
                report(body, path.appending("base64"), "expected a base64 string, found \(body.typeDescription)")
                return nil
            }
            guard let data = Data(base64Encoded: text) else {
                report(body, path.appending("base64"), "bad base64: not valid standard base64 with padding")
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
        checkKeys(members, at: path, allowed: ["uniformMs"])
        guard let range = value["uniformMs"] else {
            report(value, path, "missing \"uniformMs\"; expected \(shape)")
            return nil
        }
        let bounds = range.elements?.compactMap { $0.numberText.flatMap { Int($0) } } ?? []
        guard range.elements?.count == 2, bounds.count == 2, bounds[0] >= 0, bounds[0] <= bounds[1],
            bounds[1] <= limit
        else {
            report(
                range, path.appending("uniformMs"),
                "expected [low, high]: two whole milliseconds with 0 ≤ low ≤ high ≤ \(limit)")
            return nil
        }
        return .uniform(lowMilliseconds: bounds[0], highMilliseconds: bounds[1])
    }

    private mutating func decodeFault(_ value: JSONValue, at path: JSONPath) -> FaultSpecification? {
        if value.isNull { return nil }
        let kindValue: JSONValue
        if value.stringValue != nil {
            kindValue = value
        } else {
            guard let members = object(value, path, "a fault name or {\"kind\": ...}") else { return nil }
            checkKeys(members, at: path, allowed: Self.faultKeys)
            guard let kind = value["kind"] else {
                report(value, path, "missing \"kind\" (one of \(FaultSpecification.kindNames.joined(separator: ", ")))")
                return nil
            }
            kindValue = kind
        }
        let kindPath = value.stringValue != nil ? path : path.appending("kind")
        guard let kind = kindValue.stringValue else {
            report(kindValue, kindPath, "expected a fault name, found \(kindValue.typeDescription)")
            return nil
        }
        func positiveInteger(_ key: String) -> (Int?, Bool) {
            guard let field = value[key] else { return (nil, true) }
            guard let text = field.numberText, let number = Int(text), number > 0 else {
                report(
                    field, path.appending(key),
                    "expected a whole number above 0, found \(field.numberText ?? field.typeDescription)")
                return (nil, false)
            }
            return (number, true)
        }
        let (bodyBytes, bodyBytesValid) = positiveInteger("bodyBytes")
        let (rate, rateValid) = positiveInteger("bytesPerSecond")
        for (key, allowedFor) in [("bodyBytes", "truncate"), ("contentLength", "truncate"), ("bytesPerSecond", "drip")]
        where value[key] != nil && kind != allowedFor {
            report(value[key]!, path.appending(key), "\"\(key)\" applies only to the \"\(allowedFor)\" fault")
        }
        var announcesLength = true
        if let field = value["contentLength"] {
            if case .bool(let flag) = field.kind {
                announcesLength = flag
            } else {
                report(field, path.appending("contentLength"), "expected true or false, found \(field.typeDescription)")
                return nil
            }
        }
        guard bodyBytesValid, rateValid else { return nil }
        switch kind {
        case "reset": return .reset
        case "empty": return .empty
        case "truncate": return .truncate(bodyBytes: bodyBytes, announcesLength: announcesLength)
        case "drip": return .drip(bytesPerSecond: rate ?? FaultSpecification.defaultDripBytesPerSecond)
        case "hang": return .hang
        default:
            report(
                kindValue, kindPath,
                "unknown fault \(JSONValue.quoted(kind)); expected one of \(FaultSpecification.kindNames.joined(separator: ", "))"
                    + Suggestions.didYouMean(kind, among: FaultSpecification.kindNames))
            return nil
        }
    }

    private mutating func decodeExpectation(_ value: JSONValue, at path: JSONPath) -> Expectation? {
        guard let members = object(value, path, "an expect object") else { return nil }
        checkKeys(members, at: path, allowed: Self.expectKeys)
        var expectation = Expectation()
        expectation.name = optionalString(value, "name", at: path)
        if let celsius = value["celsius"], !celsius.isNull {
            if let number = celsius.doubleValue {
                expectation.celsius = number
            } else {
                report(celsius, path.appending("celsius"), "expected a number, found \(celsius.typeDescription)")
            }
        }
        if let text = optionalString(value, "error", at: path) {
            let choices = ClientErrorKind.allCases.map(\.rawValue)
            if let kind = ClientErrorKind(rawValue: text) {
                expectation.error = kind
            } else {
                report(
                    value["error"]!, path.appending("error"),
                    "unknown error kind \(JSONValue.quoted(text)); expected one of \(choices.joined(separator: ", "))"
                        + Suggestions.didYouMean(text, among: choices))
            }
        }
        expectation.message = optionalString(value, "message", at: path)
        for (name, kind) in zip(ExpectDetails.names, ExpectDetails.kinds) {
            guard let detail = value[name], !detail.isNull else { continue }
            if let parsed = ExpectDetails.value(kind, string: detail.stringValue, numberText: detail.numberText) {
                expectation.details.append(ExpectDetails.Entry(name: name, value: parsed))
            } else {
                let found = detail.numberText ?? detail.typeDescription
                report(detail, path.appending(name), "expected \(kind.description), found \(found)")
            }
        }
        if expectation.error != nil,
            expectation.name != nil || expectation.celsius != nil || !expectation.details.isEmpty
        {
            report(
                value, path,
                "an expectation is either a success (name, celsius, hourly, aqi...) or an error (error, message), not both"
            )
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

    private mutating func checkKeys(_ members: [JSONMember], at path: JSONPath, allowed: [String]) {
        for problem in JSONProblem.keyProblems(in: members, at: path, allowed: allowed) {
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

    private mutating func requiredString(_ object: JSONValue, _ key: String, at path: JSONPath) -> String? {
        guard object[key] != nil else {
            report(object, path, "missing \"\(key)\"")
            return nil
        }
        return optionalString(object, key, at: path)
    }

    private mutating func optionalString(_ object: JSONValue, _ key: String, at path: JSONPath) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value.stringValue else {
            report(value, path.appending(key), "expected a string, found \(value.typeDescription)")
            return nil
        }
        return text
    }

    private mutating func requiredNumber(
        _ object: JSONValue, _ key: String, at path: JSONPath,
        in range: ClosedRange<Double>
    ) -> Double? {
        guard let value = object[key] else {
            report(object, path, "missing \"\(key)\"")
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
        let position = lineMap.position(ofOffset: offset)
        problems.append(
            CassetteProblem(
                file: file, jsonPath: path.description, line: position.line, column: position.column,
                message: message))
    }
}
