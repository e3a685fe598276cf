import Foundation

/// One cassette file read as plain JSON (never through MockWeather's types: the mock and the client are
/// independent readings of the API, and this suite is where they must agree).
struct CassetteFile: Sendable {
    /// The path relative to the cassette directory without `.json`, as the server names it.
    let name: String
    let url: URL
    /// The decoded top-level object; `nil` when the file is not a JSON object (reported as a case).
    let object: [String: PlainJSON]?
    let readProblem: String?

    /// Every `*.json` file under `directory`, recursively, in path order; hidden entries are skipped, as
    /// the server skips them.
    static func all(in directory: URL) -> [CassetteFile] {
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory,
                includingPropertiesForKeys: keys,
                options: [.skipsHiddenFiles]
            )
        else { return [] }
        var files: [CassetteFile] = []
        let base = directory.standardizedFileURL.path + "/"
        for case let url as URL in enumerator where url.pathExtension == "json" {
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
            let name = String(relative.dropLast(".json".count))
            files.append(read(url, name: name))
        }
        return files.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    private static func read(_ url: URL, name: String) -> CassetteFile {
        do {
            let json = PlainJSON(serialized: try JSONSerialization.jsonObject(with: Data(contentsOf: url)))
            guard case .object(let object) = json else {
                return CassetteFile(name: name, url: url, object: nil, readProblem: "the file is not a JSON object")
            }
            return CassetteFile(name: name, url: url, object: object, readProblem: nil)
        } catch {
            return CassetteFile(name: name, url: url, object: nil, readProblem: "not readable as JSON: \(error)")
        }
    }
}

/// A JSON value, decoded without any knowledge of the cassette format.
indirect enum PlainJSON: Sendable, Equatable {
    case object([String: PlainJSON])
    case array([PlainJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// A value as `JSONSerialization` gives it. Not a `Decodable` that tries each kind in turn: every
    /// failed try throws, and Swift Testing captures a backtrace for each error thrown in the test
    /// process, which made reading the bundled set several seconds of CPU under ThreadSanitizer.
    init(serialized value: Any) {
        switch value {
        case let object as [String: Any]: self = .object(object.mapValues(PlainJSON.init(serialized:)))
        case let array as [Any]: self = .array(array.map(PlainJSON.init(serialized:)))
        case let string as String: self = .string(string)
        // JSON's true and false come as NSNumbers of C type char ("c") on Linux and Darwin alike, and
        // no JSON number does.
        case let number as NSNumber where String(cString: number.objCType) == "c": self = .bool(number.boolValue)
        case let number as NSNumber: self = .number(number.doubleValue)
        default: self = .null
        }
    }

    subscript(key: String) -> PlainJSON? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    var string: String? {
        if case .string(let string) = self { string } else { nil }
    }

    var number: Double? {
        if case .number(let number) = self { number } else { nil }
    }

    /// A query value as the request would carry it: strings as they are, numbers without a needless `.0`.
    var queryText: String? {
        switch self {
        case .string(let string): string
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        default: nil
        }
    }
}
