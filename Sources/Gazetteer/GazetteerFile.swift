internal import Basics

/// The bytes of one of the gazetteer's files, read whole (``WholeFile``): the files are a few
/// megabytes and read once.
enum GazetteerFile {
    /// Everything in the file at `path`.
    static func read(_ path: String) throws(GazetteerError) -> [UInt8] {
        do {
            return try WholeFile.read(path)
        } catch {
            throw .unreadable(file: path, reason: error.reason)
        }
    }
}
