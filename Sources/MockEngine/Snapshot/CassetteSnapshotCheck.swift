/// The snapshot reader's promises checked on one input, a whole snapshot file's bytes: the stable
/// entry point the `snapshot` fuzz target and its regression tests call (see
/// docs/ARCHITECTURE.md#fuzzing). A snapshot is outside input: a damaged file, or one put in the folder
/// by hand, is read like any other.
package enum CassetteSnapshotCheck {
    /// Reads `bytes` as ``SnapshotFile/open(path:directory:builder:providers:)`` reads a snapshot (its
    /// header, then its index, checksum aside so the index reader itself is reached), and reads the
    /// same bytes as an index alone (so that a fuzzer reaches the index reader without forging a
    /// header around it); says which promise was broken, or nil when all were kept: a snapshot or a
    /// reason, never a trap; every cassette's bytes inside the contents, before the index; every
    /// interaction with at least one response, one only unless a sequence; and an index written again
    /// from what was read reads back the same.
    package static func brokenPromise(bytes: [UInt8]) -> String? {
        let header = Array(bytes.prefix(CassetteSnapshot.headerSize))
        if header.count == CassetteSnapshot.headerSize,
            let location = try? CassetteSnapshot.indexLocation(header: header, fileSize: bytes.count),
            let broken = brokenPromise(
                index: Array(bytes[location.offset..<location.offset + location.length]), contentEnd: location.offset)
        {
            return broken
        }
        return brokenPromise(index: bytes, contentEnd: 1 << 24)
    }

    private static func brokenPromise(index bytes: [UInt8], contentEnd: Int) -> String? {
        let index: CassetteSnapshot.Index
        do throws(CassetteSnapshot.Unusable) {
            index = try CassetteSnapshot.decode(index: bytes, contentEnd: contentEnd)
        } catch {
            return error.reason.isEmpty ? "a snapshot was refused without a reason" : nil
        }
        for record in index.records {
            if record.contentOffset < CassetteSnapshot.headerSize
                || record.contentOffset + record.contentCount > contentEnd
            {
                return
                    "\(record.file): its bytes \(record.contentOffset)+\(record.contentCount) lie outside the contents"
            }
            for interaction in record.interactions
            where interaction.responseCount < 1 || (!interaction.isSequence && interaction.responseCount != 1) {
                return "\(record.file): an interaction with \(interaction.responseCount) responses"
            }
        }
        let again: CassetteSnapshot.Index
        do throws(CassetteSnapshot.Unusable) {
            again = try CassetteSnapshot.decode(index: CassetteSnapshot.encode(index), contentEnd: contentEnd)
        } catch {
            return "an index written again from what was read does not read back: \(error.reason)"
        }
        return again == index ? nil : "an index written again from what was read reads back otherwise"
    }
}
