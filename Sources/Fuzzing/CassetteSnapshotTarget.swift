import MockEngine

/// The start-up snapshot reader on arbitrary bytes: a snapshot whose every part lies where it may and
/// writes back the same, or a reason, never a crash (``CassetteSnapshotCheck``).
enum CassetteSnapshotTarget {
    static let target = FuzzTarget(
        name: "snapshot",
        summary: "start-up snapshot reader: records inside the file that write back the same, or a reason"
    ) { bytes in
        CassetteSnapshotCheck.brokenPromise(bytes: bytes)
    }
}
