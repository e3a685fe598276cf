import KoreaRegions

/// Korea's regions file (`World/korea/divisions.bin`) on arbitrary bytes: refused with a problem naming
/// the file, or read into a table whose lookups and name searches answer its own divisions
/// (``RegionFileCheck``). The file is ours, but a copied or half-written bundle is outside input too.
enum KoreaRegionsTarget {
    static let target = FuzzTarget(
        name: "korea-regions",
        summary: "Korea's regions file (divisions.bin): a table whose lookups answer its divisions, or a refusal"
    ) { bytes in
        RegionFileCheck.brokenPromise(file: bytes)
    }
}
