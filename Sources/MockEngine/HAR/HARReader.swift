package import Basics
import HTTPServer

/// Reads a HAR archive with the project's strict JSON parser, so every problem names its field by JSON
/// path and its line and column.
///
/// Tools differ from the HAR 1.2 text in small ways (Proxyman leaves `response` out of failed entries,
/// mitmproxy writes `null` timings, Swift's Codable writers omit `cache`), so only what an import needs
/// is checked: `log.entries[]`, each entry's `startedDateTime`, `request.method`/`url`/`headers`, and
/// the response's `status`, `headers` and `content`. A problem with the archive as a whole throws; a
/// problem inside one entry is reported against that entry and the others are still read.
package struct HARReader {
    /// The archive's file name as given, for problems.
    package let file: String
    private let lineMap: LineMap
    private(set) var problems: [HARProblem] = []
    private var currentEntry: Int?

    private init(file: String, bytes: [UInt8]) {
        self.file = file
        lineMap = LineMap(bytes)
    }

    /// The archive and the problems of the entries that could not be read (left out of it).
    package static func read(_ bytes: [UInt8], file: String) throws(HARReadError) -> (
        archive: HARArchive, problems: [HARProblem]
    ) {
        var reader = HARReader(file: file, bytes: bytes)
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            reader.report(at: error.offset, .root, "not a HAR archive: not JSON: \(error.message)")
            throw HARReadError(problems: reader.problems)
        }
        guard let archive = reader.archive(root), reader.problems.isEmpty else {
            throw HARReadError(problems: reader.problems)
        }
        var entries: [HAREntry] = []
        let entriesPath = JSONPath.root.appending("log").appending("entries")
        for (index, element) in (root["log"]?["entries"]?.elements ?? []).enumerated() {
            reader.currentEntry = index
            if let entry = reader.entry(element, index: index, at: entriesPath.appending(index)) {
                entries.append(entry)
            }
        }
        return (
            HARArchive(creator: archive, entries: entries, lineMap: reader.lineMap), reader.problems
        )
    }

    // MARK: - Archive

    private mutating func archive(_ root: JSONValue) -> HARCreator? {
        guard root.members != nil else {
            report(root, .root, "not a HAR archive: expected an object with \"log\", found \(root.typeDescription)")
            return nil
        }
        let logPath = JSONPath.root.appending("log")
        guard let log = root["log"] else {
            report(root, .root, "not a HAR archive: missing \"log\" (HAR 1.2 files are {\"log\": {...}})")
            return nil
        }
        guard log.members != nil else {
            report(log, logPath, "expected the log object, found \(log.typeDescription)")
            return nil
        }
        if let version = log["version"] {
            if let text = version.stringValue {
                // HAR readers accept any 1.x (minor versions only add fields); an empty version means 1.1.
                if !text.isEmpty, !(text == "1" || text.hasPrefix("1.")) {
                    report(
                        version, logPath.appending("version"),
                        "unsupported HAR version \(JSONValue.quoted(text)); this reader knows 1.x")
                }
            } else {
                report(version, logPath.appending("version"), "expected a string, found \(version.typeDescription)")
            }
        }
        var creator = HARCreator(name: "an unnamed tool", version: "")
        if let value = log["creator"] {
            let path = logPath.appending("creator")
            if value.members == nil {
                report(value, path, "expected {\"name\", \"version\"}, found \(value.typeDescription)")
            } else {
                if let name = string(value, "name", at: path, required: true) { creator.name = name }
                creator.version = string(value, "version", at: path, required: false) ?? ""
            }
        }
        guard let entries = log["entries"] else {
            report(log, logPath, "missing \"entries\" (the array of exchanges)")
            return nil
        }
        if entries.elements == nil {
            report(
                entries, logPath.appending("entries"), "expected an array of entries, found \(entries.typeDescription)")
        }
        return creator
    }

    // MARK: - Entry

    private mutating func entry(_ value: JSONValue, index: Int, at path: JSONPath) -> HAREntry? {
        guard value.members != nil else {
            report(value, path, "expected an entry object, found \(value.typeDescription)")
            return nil
        }
        let problemsBefore = problems.count
        var started: Int64?
        if let text = string(value, "startedDateTime", at: path, required: true) {
            started = ISO8601Time.milliseconds(text)
            if started == nil {
                report(
                    value["startedDateTime"]!, path.appending("startedDateTime"),
                    "expected an ISO 8601 time such as \"2026-11-29T10:00:00.123Z\", found \(JSONValue.quoted(text))")
            }
        }
        var request: HARRequest?
        if let requestValue = value["request"] {
            request = self.request(requestValue, at: path.appending("request"))
        } else {
            report(value, path, "missing \"request\"")
        }
        var response: HARResponse?
        if let responseValue = value["response"], !responseValue.isNull {
            response = self.response(responseValue, at: path.appending("response"))
        }
        let resourceType = value["_resourceType"]?.stringValue?.lowercased()
        let isWebSocket = resourceType == "websocket" || value["_webSocketMessages"] != nil
        let error = value["_error"]?.stringValue ?? value["response"]?["_error"]?.stringValue
        guard problems.count == problemsBefore, let started, let request else { return nil }
        return HAREntry(
            index: index, startedMilliseconds: started, request: request, response: response,
            isWebSocketByExtension: isWebSocket, error: error, mockweather: value["_mockweather"],
            offset: value.offset)
    }

    private mutating func request(_ value: JSONValue, at path: JSONPath) -> HARRequest? {
        guard value.members != nil else {
            report(value, path, "expected a request object, found \(value.typeDescription)")
            return nil
        }
        let method = string(value, "method", at: path, required: true)
        if let method, method.isEmpty || !method.utf8.allSatisfy(\.isTokenCharacter) {
            report(value["method"]!, path.appending("method"), "invalid method \(JSONValue.quoted(method))")
        }
        let url = string(value, "url", at: path, required: true)
        let headers = self.headers(value, at: path)
        let version = string(value, "httpVersion", at: path, required: false) ?? ""
        guard let method, let url, let headers, let urlValue = value["url"] else { return nil }
        return HARRequest(
            method: method.uppercased(), url: url, httpVersion: version, headers: headers, urlOffset: urlValue.offset)
    }

    private mutating func response(_ value: JSONValue, at path: JSONPath) -> HARResponse? {
        guard value.members != nil else {
            report(value, path, "expected a response object or null, found \(value.typeDescription)")
            return nil
        }
        var status: Int?
        if let statusValue = value["status"] {
            // Some tools write the status as a float (`200.0`); any whole number in range is fine.
            if let number = statusValue.doubleValue, number == number.rounded(), (0...999).contains(number) {
                status = Int(number)
            } else {
                report(
                    statusValue, path.appending("status"),
                    "expected an HTTP status (a whole number), found \(statusValue.numberText ?? statusValue.typeDescription)"
                )
            }
        } else {
            report(value, path, "missing \"status\"")
        }
        let headers = self.headers(value, at: path)
        var content: HARContent?
        let contentPath = path.appending("content")
        if let contentValue = value["content"] {
            content = self.content(contentValue, at: contentPath)
        } else {
            // Some writers leave `content` out of bodiless answers; an absent body is reported on import.
            content = HARContent(size: nil, mimeType: nil, text: nil, encoding: nil, offset: value.offset)
        }
        guard let status, let headers, let content else { return nil }
        return HARResponse(status: status, headers: headers, content: content, offset: value.offset)
    }

    private mutating func content(_ value: JSONValue, at path: JSONPath) -> HARContent? {
        guard value.members != nil else {
            report(value, path, "expected a content object, found \(value.typeDescription)")
            return nil
        }
        var size: Int?
        if let sizeValue = value["size"], !sizeValue.isNull {
            if let number = sizeValue.doubleValue, number == number.rounded(), number >= -1, number < 1e15 {
                size = number < 0 ? nil : Int(number)
            } else {
                report(
                    sizeValue, path.appending("size"),
                    "expected a byte count, found \(sizeValue.numberText ?? sizeValue.typeDescription)")
            }
        }
        let mimeType = string(value, "mimeType", at: path, required: false)
        let text = string(value, "text", at: path, required: false)
        let encoding = string(value, "encoding", at: path, required: false)
        return HARContent(
            size: size, mimeType: mimeType, text: text, encoding: encoding, offset: value.offset,
            textOffset: value["text"]?.offset)
    }

    /// `headers: [{"name", "value"}]`; nil after a problem.
    private mutating func headers(_ object: JSONValue, at path: JSONPath) -> [HeaderField]? {
        let headersPath = path.appending("headers")
        guard let value = object["headers"], !value.isNull else { return [] }
        guard let elements = value.elements else {
            report(value, headersPath, "expected an array of {\"name\", \"value\"}, found \(value.typeDescription)")
            return nil
        }
        var headers: [HeaderField] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = headersPath.appending(index)
            guard element.members != nil else {
                report(element, elementPath, "expected {\"name\", \"value\"}, found \(element.typeDescription)")
                valid = false
                continue
            }
            let name = string(element, "name", at: elementPath, required: true)
            let text = string(element, "value", at: elementPath, required: true)
            if let name, let text {
                headers.append(HeaderField(name: name, value: text))
            } else {
                valid = false
            }
        }
        return valid ? headers : nil
    }

    // MARK: - Helpers

    private mutating func string(_ object: JSONValue, _ key: String, at path: JSONPath, required: Bool) -> String? {
        guard let value = object[key], !(value.isNull && !required) else {
            if required { report(object, path, "missing \"\(key)\"") }
            return nil
        }
        guard let text = value.stringValue else {
            report(value, path.appending(key), "expected a string, found \(value.typeDescription)")
            return nil
        }
        return text
    }

    private mutating func report(_ value: JSONValue, _ path: JSONPath, _ message: String) {
        report(at: value.offset, path, message)
    }

    private mutating func report(at offset: Int, _ path: JSONPath, _ message: String) {
        problems.append(
            HARProblem(
                entry: currentEntry,
                at: SourceProblemLocation(
                    file: file, path: path.description, position: lineMap.position(ofOffset: offset)),
                message: message))
    }
}

extension HARArchive {
    /// A problem found after reading (while decoding a body, say), with its line and column.
    package func problem(file: String, entry: HAREntry, at path: JSONPath, offset: Int, _ message: String)
        -> HARProblem
    {
        HARProblem(
            entry: entry.index,
            at: SourceProblemLocation(file: file, path: path.description, position: lineMap.position(ofOffset: offset)),
            message: message)
    }
}
