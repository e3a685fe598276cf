#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open start-up snapshot: its index is read when it is opened, its cassettes' bytes when they are
/// first asked for (docs/ARCHITECTURE.md#start-up-snapshots). The descriptor stays open while any
/// cassette read from it is in use, so a snapshot replaced or removed meanwhile is still read whole.
package final class SnapshotFile: Sendable {
    /// The snapshot's path, for messages.
    package let path: String
    /// The cassette directory it is of.
    let directory: String
    /// What its cassettes are decoded with when read back.
    let providers: ProviderSet
    private let descriptor: Int32

    private init(path: String, directory: String, providers: ProviderSet, descriptor: Int32) {
        self.path = path
        self.directory = directory
        self.providers = providers
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Opens the snapshot at `path` and reads its index, or says why it cannot be used: missing, not a
    /// regular file of this user's that only this user can write, not a snapshot, another format,
    /// another build (`builder`), another directory, damaged. Never trusts a length it reads beyond
    /// what the file holds.
    package static func open(
        path: String, directory: String, builder: String, providers: ProviderSet
    ) throws(CassetteSnapshot.Unusable) -> (file: SnapshotFile, outlines: [CassetteOutline]) {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            let reason = errno
            throw .init(reason == ENOENT ? "there is none yet" : "it cannot be opened (\(describe(reason)))")
        }
        let file = SnapshotFile(path: path, directory: directory, providers: providers, descriptor: descriptor)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .init("it is not a regular file")
        }
        guard status.st_uid == geteuid(), status.st_mode & 0o022 == 0 else {
            throw .init("it belongs to another user or others may write it")
        }
        let size = Int(status.st_size)
        guard case .success(let header) = file.read(offset: 0, count: CassetteSnapshot.headerSize) else {
            throw .init("it is truncated")
        }
        let location = try CassetteSnapshot.indexLocation(header: header, fileSize: size)
        guard case .success(let indexBytes) = file.read(offset: location.offset, count: location.length),
            SnapshotChecksum.of(indexBytes) == location.checksum
        else { throw .init("its index is damaged") }
        let index = try CassetteSnapshot.decode(index: indexBytes, contentEnd: location.offset)
        guard index.builder == builder else { throw .init("it was written by another build of mockweather") }
        guard index.directory == directory else { throw .init("it is of another directory (\(index.directory))") }
        let outlines = index.records.map { record in
            CassetteOutline(
                cassette: LoadedCassette(
                    file: record.file, source: record.source, precedence: 0,
                    interactionCount: record.interactions.count,
                    content: CassetteContent(
                        stored: StoredCassette(
                            snapshot: file, file: record.file, offset: record.contentOffset,
                            count: record.contentCount, checksum: record.checksum),
                        identity: record.identity)),
                interactions: record.interactions)
        }
        return (file, outlines)
    }

    /// `count` bytes from `offset`, or the `errno` of the failure (`EIO` for a file shorter than that).
    func read(offset: Int, count: Int) -> Result<[UInt8], SystemError> {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = pread(
                    descriptor, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if got > 0 {
                    initialized += got
                } else if got == 0 {
                    failure = EIO
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        return failure == 0 ? .success(bytes) : .failure(SystemError(code: failure))
    }

    /// An `errno` with its text.
    struct SystemError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { SnapshotFile.describe(code) }
    }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags)
        #else
        Darwin.open(path, flags)
        #endif
    }
}

/// A cassette kept in a start-up snapshot: where its bytes are and their checksum.
package struct StoredCassette: Sendable {
    let snapshot: SnapshotFile
    /// The file's path relative to the cassette directory.
    let file: String
    let offset: Int
    let count: Int
    let checksum: UInt64

    /// The bytes validated when the snapshot was written: from the snapshot, checked against their
    /// checksum, else from the cassette file while its identity is still `identity`, the one they
    /// were read with (a snapshot damaged since it was opened).
    func read(identity: FileIdentity?) throws(CassetteContentError) -> [UInt8] {
        let problem: String
        switch snapshot.read(offset: offset, count: count) {
        case .success(let bytes) where SnapshotChecksum.of(bytes) == checksum: return bytes
        case .success: problem = "the start-up snapshot \(snapshot.path) was damaged since it was read"
        case .failure(let error):
            problem = "the start-up snapshot \(snapshot.path) cannot be read (\(error.description))"
        }
        let path = snapshot.directory + "/" + file
        guard let identity, FileIdentity.of(path: path) == identity,
            case .success(let bytes) = CassetteFiles.read(path), bytes.count == count,
            SnapshotChecksum.of(bytes) == checksum
        else { throw CassetteContentError(file: file, reason: "\(problem), and the file has changed since") }
        return bytes
    }

    /// The cassette its bytes decode to.
    func decode(identity: FileIdentity?) throws(CassetteContentError) -> Cassette {
        let bytes = try read(identity: identity)
        let decoded = CassetteDecoder.decode(file: file, bytes: bytes, providers: snapshot.providers)
        guard let cassette = decoded.cassette else {
            throw CassetteContentError(
                file: file, reason: "its bytes no longer decode: \(decoded.problems.first?.description ?? "no reason")")
        }
        return cassette
    }
}
