#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A start-up snapshot: one cassette directory's validated load, kept on disk so a later start reads
/// it instead of decoding every unchanged file again (docs/ARCHITECTURE.md#start-up-snapshots).
///
/// The file, integers little-endian:
///
/// ```
/// 0   "MWSNAP\r\n"                  magic (the CR LF catches a text-mode copy)
/// 8   u32 format version, u32 0
/// 16  u64 index offset, u64 index length, u64 index checksum
/// 40  each cassette file's bytes as validated, back to back
///     index: builder, directory, string table, then per file: relative path, identity (or none),
///     where its bytes are and their checksum, source, and per interaction: sequence or not, how many
///     responses, the request pattern (PatternCoding)
/// ```
///
/// Only what matching and listing need is read at start; a cassette's bytes are read, checked and
/// decoded when one of its interactions is first asked for.
package enum CassetteSnapshot {
    static let magic: [UInt8] = Array("MWSNAP\r\n".utf8)
    /// Raised whenever what is written changes; a snapshot of another version is not read.
    static let formatVersion: UInt32 = 1
    static let headerSize = 40

    /// One cassette file as a snapshot remembers it.
    struct Record: Sendable, Equatable {
        var file: String
        /// Nil for a file that had changed too recently to trust its identity when it was read: a later
        /// load reads it again.
        var identity: FileIdentity?
        var contentOffset: Int
        var contentCount: Int
        var checksum: UInt64
        var source: CassetteSource
        var interactions: [InteractionOutline]
    }

    /// A snapshot's index: who wrote it, for which directory, and its records in path order.
    struct Index: Sendable, Equatable {
        /// The program that wrote it (``StartupCache/builderIdentity``): decoding is a function of the
        /// program, so another build's snapshot is not read.
        var builder: String
        /// The absolute path of the cassette directory it is of.
        var directory: String
        var records: [Record]
    }

    /// Why a snapshot was not read (shown once at start-up); the load then reads every file.
    package struct Unusable: Error, Sendable, CustomStringConvertible {
        /// For people: "written by another build of mockweather".
        package var reason: String
        /// The reason `reason`.
        package init(_ reason: String) { self.reason = reason }
        /// The reason.
        package var description: String { reason }
    }

    // MARK: - The index

    static func encode(_ index: Index) -> [UInt8] {
        var strings = PatternCoding.StringTable()
        var body = SnapshotByteWriter()
        body.count(index.records.count)
        for record in index.records {
            body.count(strings.number(record.file))
            body.bool(record.identity != nil)
            if let identity = record.identity {
                body.unsigned(identity.device)
                body.unsigned(identity.inode)
                body.signed(identity.size)
                body.signed(identity.modified)
                body.signed(identity.statusChanged)
            }
            body.count(record.contentOffset)
            body.count(record.contentCount)
            body.fixed64(record.checksum)
            body.byte(UInt8(CassetteSource.allCases.firstIndex(of: record.source)!))
            body.count(record.interactions.count)
            for interaction in record.interactions {
                body.bool(interaction.isSequence)
                body.count(interaction.responseCount)
                PatternCoding.write(interaction.request, into: &body, strings: &strings)
            }
        }
        var writer = SnapshotByteWriter()
        writer.string(index.builder)
        writer.string(index.directory)
        writer.count(strings.strings.count)
        for string in strings.strings { writer.string(string) }
        writer.append(body.bytes)
        return writer.bytes
    }

    /// The index in `bytes`, whose contents end at `contentEnd`, or why it is not one.
    static func decode(index bytes: [UInt8], contentEnd: Int) throws(Unusable) -> Index {
        var reader = SnapshotByteReader(bytes)
        let damaged = Unusable("its index is damaged")
        guard let builder = reader.string(), let directory = reader.string(),
            let stringCount = reader.count(eachAtLeast: 1)
        else { throw damaged }
        var strings: [String] = []
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount {
            guard let string = reader.string() else { throw damaged }
            strings.append(string)
        }
        func string() -> String? {
            guard let number = reader.unsigned(), number < UInt64(strings.count) else { return nil }
            return strings[Int(number)]
        }
        guard let recordCount = reader.count(eachAtLeast: 14) else { throw damaged }
        var shared = PatternCoding.SharedRules()
        var records: [Record] = []
        records.reserveCapacity(recordCount)
        for _ in 0..<recordCount {
            guard let file = string(), let hasIdentity = reader.bool() else { throw damaged }
            var identity: FileIdentity?
            if hasIdentity {
                guard let device = reader.unsigned(), let inode = reader.unsigned(), let size = reader.signed(),
                    let modified = reader.signed(), let statusChanged = reader.signed()
                else { throw damaged }
                identity = FileIdentity(
                    device: device, inode: inode, size: size, modified: modified, statusChanged: statusChanged)
            }
            guard let offset = reader.unsigned(), let count = reader.unsigned(), let checksum = reader.fixed64(),
                let sourceNumber = reader.byte(), Int(sourceNumber) < CassetteSource.allCases.count,
                offset >= UInt64(headerSize), count <= UInt64(contentEnd), offset <= UInt64(contentEnd) - count,
                let interactionCount = reader.count(eachAtLeast: 8)
            else { throw damaged }
            var interactions: [InteractionOutline] = []
            interactions.reserveCapacity(interactionCount)
            for _ in 0..<interactionCount {
                // A response takes at least `{"status":200}` of the file: a forged count cannot make the
                // library prepare more responses than the bytes could hold.
                guard let isSequence = reader.bool(), let responseCount = reader.unsigned(),
                    responseCount > 0, responseCount <= count / 14, isSequence || responseCount == 1,
                    let pattern = PatternCoding.read(from: &reader, strings: strings, shared: &shared)
                else { throw damaged }
                interactions.append(
                    InteractionOutline(request: pattern, isSequence: isSequence, responseCount: Int(responseCount)))
            }
            guard !interactions.isEmpty else { throw damaged }
            records.append(
                Record(
                    file: file, identity: identity, contentOffset: Int(offset), contentCount: Int(count),
                    checksum: checksum, source: CassetteSource.allCases[Int(sourceNumber)],
                    interactions: interactions))
        }
        guard reader.isAtEnd else { throw damaged }
        return Index(builder: builder, directory: directory, records: records)
    }

    // MARK: - The header

    static func header(indexOffset: Int, indexLength: Int, indexChecksum: UInt64) -> [UInt8] {
        var writer = SnapshotByteWriter()
        writer.append(magic)
        writer.fixed32(formatVersion)
        writer.fixed32(0)
        writer.fixed64(UInt64(indexOffset))
        writer.fixed64(UInt64(indexLength))
        writer.fixed64(indexChecksum)
        return writer.bytes
    }

    /// Where the index is, from the first ``headerSize`` bytes of a file `fileSize` bytes long.
    static func indexLocation(header bytes: [UInt8], fileSize: Int) throws(Unusable) -> (
        offset: Int, length: Int, checksum: UInt64
    ) {
        guard bytes.count == headerSize, Array(bytes[0..<8]) == magic else { throw Unusable("not a snapshot") }
        var reader = SnapshotByteReader(bytes, from: 8)
        guard let version = reader.fixed32(), reader.fixed32() == 0 else { throw Unusable("not a snapshot") }
        guard version == formatVersion else {
            throw Unusable("snapshot format \(version), this mockweather writes \(formatVersion)")
        }
        guard let offset = reader.fixed64(), let length = reader.fixed64(), let checksum = reader.fixed64(),
            offset >= UInt64(headerSize), offset <= UInt64(fileSize), length == UInt64(fileSize) - offset
        else { throw Unusable("it is truncated or damaged") }
        return (Int(offset), Int(length), checksum)
    }
}
