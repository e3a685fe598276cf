/// Why the regions are empty: a resource file that is not there, cannot be read, or is not what
/// `Scripts/generate-korea-regions.py` writes. Each case names the file, and a malformed one the byte
/// offset and what was wrong there, so the message points at what to regenerate.
package enum KoreaRegionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A resource file is not there.
    case missingFile(path: String)
    /// A resource file is there but could not be read; `reason` is the system's word for why.
    case unreadable(path: String, reason: String)
    /// A resource file is not in the expected form: where and what.
    case malformed(path: String, offset: Int, reason: String)

    /// The file the problem is in.
    package var path: String {
        switch self {
        case .missingFile(let path), .unreadable(let path, _), .malformed(let path, _, _): path
        }
    }

    /// "World/korea/divisions.bin: byte 12: the division count is missing (the file ends)".
    package var description: String {
        switch self {
        case .missingFile(let path):
            "\(path): the Korean regions' file is missing (regenerate it with Scripts/generate-korea-regions.py)"
        case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
        case .malformed(let path, let offset, let reason): "\(path): byte \(offset): \(reason)"
        }
    }
}
