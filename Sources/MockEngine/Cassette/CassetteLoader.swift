import Dispatch
package import Foundation
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a cassette directory could not be loaded.
public enum CassetteLoadError: Error, Sendable, CustomStringConvertible {
    /// The directory does not exist or is not a directory.
    case directoryNotFound(String)
    /// The files were read and at least one has problems; every problem is listed.
    case invalid(CassetteValidationError)

    /// A human message naming the directory and, for invalid cassettes, every problem. It names no
    /// command-line flag: a program embedding the library has none (the executable adds its advice).
    public var description: String {
        switch self {
        case .directoryNotFound(let path): "cassette directory not found: \(path)"
        case .invalid(let error): error.description
        }
    }
}

/// Finds, reads and validates cassette files.
///
/// Files are the `*.json` files found recursively under the directory (hidden files and folders are
/// skipped), taken in byte order of their relative paths: that order breaks matching ties
/// (docs/ARCHITECTURE.md#cassettes).
package enum CassetteLoader {
    /// Loads every cassette under `directory`, each interaction read with the vocabulary of its
    /// provider in `providers`, or throws with every problem of every file at once.
    ///
    /// Files are read and decoded on all cores; the result is in path order whatever the scheduling.
    package static func load(directory: URL, providers: ProviderSet) throws(CassetteLoadError) -> [Cassette] {
        let files = try CassetteFiles.list(in: directory)
        let results = Locked(
            [(cassette: Cassette?, problems: [CassetteProblem], keys: [RequestPattern.CanonicalKey])?](
                repeating: nil, count: files.count))
        let chunk = 64
        DispatchQueue.concurrentPerform(iterations: (files.count + chunk - 1) / chunk) { batch in
            let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
            defer { scratch.deallocate() }
            for position in batch * chunk..<min(files.count, (batch + 1) * chunk) {
                let file = files[position]
                let result: (cassette: Cassette?, problems: [CassetteProblem], keys: [RequestPattern.CanonicalKey])
                switch CassetteFiles.read(file.path, scratch: scratch) {
                case .success(let bytes):
                    let decoded = CassetteDecoder.decode(file: file.relativePath, bytes: bytes, providers: providers)
                    // The duplicate check runs on one core once all files are in: its keys are made here.
                    let keys = decoded.cassette?.interactions.map(\.request.canonicalKey) ?? []
                    result = (decoded.cassette, decoded.problems, keys)
                case .failure(let reason):
                    let problem = CassetteProblem(
                        file: file.relativePath, jsonPath: "$", line: nil, column: nil,
                        message: "cannot read the file: \(reason)")
                    result = (nil, [problem], [])
                }
                results.withLock { $0[position] = result }
            }
        }
        let decoded = results.withLock { $0.compactMap { $0 } }
        let cassettes = decoded.compactMap(\.cassette)
        let keys = decoded.filter { $0.cassette != nil }.map(\.keys)
        let problems = decoded.flatMap(\.problems) + duplicateRequests(in: cassettes, keys: keys)
        guard problems.isEmpty else {
            throw .invalid(CassetteValidationError(directory: directory.path, problems: problems))
        }
        return cassettes
    }

    /// Decodes in-memory files (relative path and contents), checking each on its own and then the
    /// set for the same request in two places. Files are taken in the order given.
    package static func decode(_ files: [(file: String, bytes: [UInt8])], providers: ProviderSet) -> (
        cassettes: [Cassette], problems: [CassetteProblem]
    ) {
        var cassettes: [Cassette] = []
        var problems: [CassetteProblem] = []
        for (file, bytes) in files {
            let result = CassetteDecoder.decode(file: file, bytes: bytes, providers: providers)
            problems += result.problems
            if let cassette = result.cassette { cassettes.append(cassette) }
        }
        problems += duplicateRequests(in: cassettes)
        return (cassettes, problems)
    }

    /// "The same request in two files" (or twice in one): only the first could ever answer.
    package static func duplicateRequests(in cassettes: [Cassette]) -> [CassetteProblem] {
        duplicateRequests(in: cassettes, keys: cassettes.map { $0.interactions.map(\.request.canonicalKey) })
    }

    /// The same, with each interaction's `canonicalKey` made beforehand (`keys[c][i]` for interaction
    /// `i` of cassette `c`).
    static func duplicateRequests(in cassettes: [Cassette], keys: [[RequestPattern.CanonicalKey]]) -> [CassetteProblem]
    {
        var firstSeen: [RequestPattern.CanonicalKey: (file: String, index: Int)] = [:]
        firstSeen.reserveCapacity(keys.reduce(0) { $0 + $1.count })
        var problems: [CassetteProblem] = []
        func path(_ index: Int) -> String { "$.interactions[\(index)].request" }
        for (cassette, cassetteKeys) in zip(cassettes, keys) {
            for (index, interaction) in cassette.interactions.enumerated() {
                let key = cassetteKeys[index]
                if let earlier = firstSeen[key] {
                    problems.append(
                        CassetteProblem(
                            file: cassette.file, jsonPath: path(index), line: nil, column: nil,
                            message:
                                "the same request as \(earlier.file) \(path(earlier.index)) (\(interaction.request.method) "
                                + "\(interaction.request.path) \(interaction.request.summary)); only the first would ever "
                                + "match: remove one or make them differ"))
                } else {
                    firstSeen[key] = (cassette.file, index)
                }
            }
        }
        return problems
    }
}

/// The cassette files of a directory and a fingerprint of their state, for loading and `--watch`.
package struct CassetteFiles {
    package struct File: Sendable, Equatable {
        /// Absolute path (plain text: building 10,000 URLs is measurable at start-up).
        package var path: String
        package var relativePath: String
    }

    package static func list(in directory: URL) throws(CassetteLoadError) -> [File] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .directoryNotFound(directory.path)
        }
        // String's `<` orders by Unicode scalar values, which is byte order for UTF-8.
        return walk(directory.path, prefix: "").sorted { $0.relativePath < $1.relativePath }
    }

    /// Lists with `readdir` (no per-entry URL or `stat` unless the file system hides the type), which
    /// keeps start-up fast with tens of thousands of cassettes.
    private static func walk(_ directory: String, prefix: String) -> [File] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var files: [File] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let relative = prefix.isEmpty ? name : "\(prefix)/\(name)"
            var isDirectory = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            var isRegular = Int32(entry.pointee.d_type) == Int32(DT_REG)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) || Int32(entry.pointee.d_type) == Int32(DT_LNK) {
                var status = stat()
                guard stat(directory + "/" + name, &status) == 0 else { continue }
                isDirectory = status.st_mode & S_IFMT == S_IFDIR
                isRegular = status.st_mode & S_IFMT == S_IFREG
            }
            if isDirectory {
                files += walk(directory + "/" + name, prefix: relative)
            } else if isRegular, name.hasSuffix(".json") {
                files.append(
                    File(path: directory + "/" + name, relativePath: relative))
            }
        }
        return files
    }

    /// The file's bytes, read with plain `open`/`read`. A file that fits `scratch` (a buffer the
    /// caller reuses across files) takes one `read` and one copy of exactly its size; a bigger one is
    /// read to its end.
    package static func read(_ path: String, scratch: UnsafeMutableRawBufferPointer? = nil) -> Result<
        [UInt8], ReadError
    > {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadError(errno: errno)) }
        defer { close(descriptor) }
        if let scratch, let base = scratch.baseAddress {
            while true {
                let count = systemRead(descriptor, base, scratch.count)
                if count >= 0, count < scratch.count {
                    // A regular file returns less than asked only at its end.
                    return .success(Array(UnsafeRawBufferPointer(rebasing: scratch[..<count])))
                }
                if count == scratch.count { break }  // bigger than the scratch buffer: read the rest below
                if errno != EINTR { return .failure(ReadError(errno: errno)) }
            }
            var bytes = Array(UnsafeRawBufferPointer(scratch))
            return readRest(descriptor, appendingTo: &bytes)
        }
        var bytes: [UInt8] = []
        return readRest(descriptor, appendingTo: &bytes)
    }

    private static func readRest(_ descriptor: Int32, appendingTo bytes: inout [UInt8]) -> Result<[UInt8], ReadError> {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 {
                return .success(bytes)
            } else if errno != EINTR {
                return .failure(ReadError(errno: errno))
            }
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    package struct ReadError: Error, CustomStringConvertible {
        var errno: Int32
        package var description: String { String(cString: strerror(errno)) }
    }

    /// A value that changes whenever a cassette file is added, removed, renamed or rewritten
    /// (path, size and modification time to the nanosecond).
    static func fingerprint(of directory: URL) -> [String] {
        guard let files = try? list(in: directory) else { return ["(missing)"] }
        return files.map { file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
            return "\(file.relativePath)|\(size)|\(modified)"
        }
    }
}
