import Basics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a start-up snapshot of a validated load (docs/ARCHITECTURE.md#start-up-snapshots): every
/// cassette read from a file whose identity can be trusted, with its bytes, atomically, so a reader
/// finds the previous snapshot, the new one or none. The bytes are streamed, never all in memory.
enum SnapshotWriter {
    /// Writes `outlines` (those with a trusted identity; the rest are read again by the next load) as
    /// the snapshot of `directory` at `path`. Returns how many cassettes it holds.
    static func write(
        _ outlines: [CassetteOutline], directory: String, builder: String, to path: String
    ) throws(AtomicFile.WriteError) -> Int {
        var records: [CassetteSnapshot.Record] = []
        _ = try AtomicFile.write(to: path, replacing: true, permissions: 0o600, synchronizing: false) { descriptor in
            var output = BufferedOutput(descriptor: descriptor)
            // The header is written last, in place, once the index is known.
            if let failure = output.write([UInt8](repeating: 0, count: CassetteSnapshot.headerSize)) {
                return failure
            }
            for outline in outlines {
                let cassette = outline.cassette
                guard let identity = cassette.identity, cassette.precedence == 0,
                    let bytes = try? cassette.content.bytes()
                else { continue }
                records.append(
                    CassetteSnapshot.Record(
                        file: cassette.file, identity: identity, contentOffset: output.offset,
                        contentCount: bytes.count, checksum: SnapshotChecksum.of(bytes), source: cassette.source,
                        interactions: outline.interactions))
                if let failure = output.write(bytes) { return failure }
            }
            let indexOffset = output.offset
            let index = CassetteSnapshot.encode(
                CassetteSnapshot.Index(builder: builder, directory: directory, records: records))
            if let failure = output.write(index) ?? output.flush() { return failure }
            let header = CassetteSnapshot.header(
                indexOffset: indexOffset, indexLength: index.count, indexChecksum: SnapshotChecksum.of(index))
            return output.writeHeader(header)
        }
        return records.count
    }

    /// Writes in blocks of a megabyte, keeping count of the offset.
    private struct BufferedOutput {
        let descriptor: Int32
        private(set) var offset = 0
        private var pending: [UInt8] = []

        init(descriptor: Int32) {
            self.descriptor = descriptor
            pending.reserveCapacity(1 << 20)
        }

        mutating func write(_ bytes: [UInt8]) -> String? {
            offset += bytes.count
            pending += bytes
            return pending.count >= 1 << 20 ? flush() : nil
        }

        mutating func flush() -> String? {
            defer { pending.removeAll(keepingCapacity: true) }
            return FileDescriptorWriter.writeAll(pending, to: descriptor).map(Self.failure)
        }

        func writeHeader(_ header: [UInt8]) -> String? {
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { return Self.failure(errno) }
            return FileDescriptorWriter.writeAll(header, to: descriptor).map(Self.failure)
        }

        static func failure(_ code: Int32) -> String { "cannot write the snapshot: \(SnapshotFile.describe(code))" }
    }
}
