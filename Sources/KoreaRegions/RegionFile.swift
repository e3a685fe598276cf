internal import Basics

/// The bytes of one of the regions' files, read whole (``WholeFile``): the files are a few megabytes,
/// read once, and raw (no decompression at run time).
enum RegionFile {
    /// Everything in the file at `path`.
    static func read(_ path: String) throws(KoreaRegionsError) -> [UInt8] {
        do {
            return try WholeFile.read(path)
        } catch {
            if error.isMissing { throw .missingFile(path: path) }
            throw .unreadable(path: path, reason: error.reason)
        }
    }
}
