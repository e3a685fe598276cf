public import Foundation

/// Why a cassette directory could not be loaded.
public enum CassetteLoadError: Error, Sendable, CustomStringConvertible {
    /// The directory does not exist or is not a directory.
    case directoryNotFound(String)
    /// The files were read and at least one has problems; every problem is listed.
    case invalid(CassetteValidationError)

    /// A human message naming the directory and, for invalid cassettes, every problem.
    public var description: String {
        switch self {
        case .directoryNotFound(let path): "cassette directory not found: \(path) (give one with --cassettes DIR)"
        case .invalid(let error): error.description
        }
    }
}

/// Finds, reads and validates cassette files.
///
/// Files are the `*.json` files found recursively under the directory (hidden files and folders are
/// skipped), taken in byte order of their relative paths: that order breaks matching ties (DESIGN §2).
public enum CassetteLoader {
    /// Loads every cassette under `directory`, or throws with every problem of every file at once.
    public static func load(directory: URL) throws(CassetteLoadError) -> [Cassette] {
        let files = try CassetteFiles.list(in: directory)
        var sources: [(file: String, bytes: [UInt8])] = []
        var problems: [CassetteProblem] = []
        for file in files {
            do {
                sources.append((file.relativePath, Array(try Data(contentsOf: file.url))))
            } catch {
                problems.append(CassetteProblem(file: file.relativePath, jsonPath: "$", location: nil,
                                                message: "cannot read the file: \(error.localizedDescription)"))
            }
        }
        let result = decode(sources)
        problems += result.problems
        guard problems.isEmpty else {
            throw .invalid(CassetteValidationError(directory: directory.path, problems: problems))
        }
        return result.cassettes
    }

    /// Decodes in-memory files (relative path and contents), checking each on its own and then the
    /// set for the same request in two places. Files are taken in the order given.
    static func decode(_ files: [(file: String, bytes: [UInt8])]) -> (cassettes: [Cassette], problems: [CassetteProblem])
    {
        var cassettes: [Cassette] = []
        var problems: [CassetteProblem] = []
        for (file, bytes) in files {
            let result = CassetteDecoder.decode(file: file, bytes: bytes)
            problems += result.problems
            if let cassette = result.cassette { cassettes.append(cassette) }
        }
        problems += duplicateRequests(in: cassettes)
        return (cassettes, problems)
    }

    /// "The same request in two files" (or twice in one): only the first could ever answer.
    static func duplicateRequests(in cassettes: [Cassette]) -> [CassetteProblem] {
        var firstSeen: [String: (file: String, path: String)] = [:]
        var problems: [CassetteProblem] = []
        for cassette in cassettes {
            for (index, interaction) in cassette.interactions.enumerated() {
                let key = interaction.request.canonicalKey
                let path = "$.interactions[\(index)].request"
                if let earlier = firstSeen[key] {
                    problems.append(CassetteProblem(
                        file: cassette.file, jsonPath: path, location: nil,
                        message: "the same request as \(earlier.file) \(earlier.path) (\(interaction.request.method) "
                            + "\(interaction.request.path) \(interaction.request.summary)); only the first would ever "
                            + "match: remove one or make them differ"))
                } else {
                    firstSeen[key] = (cassette.file, path)
                }
            }
        }
        return problems
    }
}

/// The cassette files of a directory and a fingerprint of their state, for loading and `--watch`.
struct CassetteFiles {
    struct File: Sendable, Equatable {
        var url: URL
        var relativePath: String
    }

    static func list(in directory: URL) throws(CassetteLoadError) -> [File] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .directoryNotFound(directory.path)
        }
        return walk(directory, prefix: "").sorted { Array($0.relativePath.utf8).lexicographicallyPrecedes($1.relativePath.utf8) }
    }

    private static func walk(_ directory: URL, prefix: String) -> [File] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var files: [File] = []
        for name in names where !name.hasPrefix(".") {
            let url = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            let relative = prefix.isEmpty ? name : "\(prefix)/\(name)"
            if isDirectory.boolValue {
                files += walk(url, prefix: relative)
            } else if name.hasSuffix(".json") {
                files.append(File(url: url, relativePath: relative))
            }
        }
        return files
    }

    /// A value that changes whenever a cassette file is added, removed, renamed or rewritten
    /// (path, size and modification time to the nanosecond).
    static func fingerprint(of directory: URL) -> [String] {
        guard let files = try? list(in: directory) else { return ["(missing)"] }
        return files.map { file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.url.path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
            return "\(file.relativePath)|\(size)|\(modified)"
        }
    }
}
