/// The cassette decoder's promises checked on one input: the stable entry point the fuzz target and
/// its regression tests call (see docs/ARCHITECTURE.md#fuzzing).
package enum CassetteDecoderCheck {
    /// Decodes `bytes` (read with `providers`) and says which promise the decoder broke, or nil when it kept them all.
    ///
    /// It returns a cassette exactly when it reports no problem; it explains every refusal, each
    /// problem with a message, a JSON path from the root and, where it gives a position, a line and
    /// column that lie in the file; and it reads the same bytes the same way twice.
    package static func brokenPromise(file: String, bytes: [UInt8], providers: ProviderSet) -> String? {
        let decoded = CassetteDecoder.decode(file: file, bytes: bytes, providers: providers)
        switch (decoded.cassette, decoded.problems.isEmpty) {
        case (nil, true): return "the decoder refused the file without naming a problem"
        case (.some, false): return "the decoder returned a cassette and problems: \(decoded.problems)"
        default: break
        }
        let lines = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        for problem in decoded.problems {
            if problem.message.isEmpty { return "a problem with no message: \(problem)" }
            if !problem.jsonPath.hasPrefix("$") { return "a problem whose path is not from the root: \(problem)" }
            if let line = problem.line, !(1...lines).contains(line) || (problem.column ?? 1) < 1 {
                return "a problem at a position outside the file's \(lines) lines: \(problem)"
            }
        }
        let again = CassetteDecoder.decode(file: file, bytes: bytes, providers: providers)
        guard again.cassette == decoded.cassette, again.problems == decoded.problems else {
            return "decoding the same bytes twice gave different results"
        }
        return nil
    }
}
