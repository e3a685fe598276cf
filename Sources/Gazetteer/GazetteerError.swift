/// Why the gazetteer has no places: a resource file that could not be read or a line of one that is
/// not what `Scripts/generate-gazetteer.py` writes. Each case names the file, and a malformed one the
/// line and the field, so the message points at what to regenerate or fix.
package enum GazetteerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `file` could not be opened or read; `reason` is the system's word for why.
    case unreadable(file: String, reason: String)
    /// Line `line` (1-based) of `file` has a `field` that is not as the format says: `problem`.
    case malformed(file: String, line: Int, field: String, problem: String)

    /// The file the problem is in.
    package var file: String {
        switch self {
        case .unreadable(let file, _), .malformed(let file, _, _, _): file
        }
    }

    /// "places.tsv:12: latitude: 'north' is not a number of degrees".
    package var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot be read: \(reason) (regenerate it with Scripts/generate-gazetteer.py)"
        case .malformed(let file, let line, let field, let problem):
            "\(file):\(line): \(field): \(problem)"
        }
    }
}
