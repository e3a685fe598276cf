/// Encodes fixes into an ``OutputFile`` through a buffer: one `write(2)` per 64 KiB in instant mode, one per
/// fix when `flushesEachFix` is set (realtime, so that a reader sees each fix when it happens).
package final class FixWriter {
    // Used from one playback loop only; see OutputBuffer for why the exclusivity check is switched off.
    @exclusivity(unchecked) private var encoder: any FixEncoder
    private let file: OutputFile
    private let buffer = OutputBuffer(capacity: 1 << 17)
    private let flushesEachFix: Bool
    private static let flushThreshold = 1 << 16

    /// Creates a writer and writes the format's header into its buffer.
    package init(encoder: any FixEncoder, file: OutputFile, flushesEachFix: Bool) {
        self.encoder = encoder
        self.file = file
        self.flushesEachFix = flushesEachFix
        self.encoder.begin(into: buffer)
    }

    /// Encodes one fix, writing out the buffer when it is full (or at once when flushing each fix).
    ///
    /// - Throws: ``OutputError`` when writing fails.
    package func write(_ fix: LocationFix) throws(OutputError) {
        encoder.encode(fix, into: buffer)
        if flushesEachFix || buffer.count >= Self.flushThreshold { try file.write(buffer) }
    }

    /// Closes the document (closing tags), writes everything out and commits a file output.
    ///
    /// - Throws: ``OutputError`` when writing or committing fails.
    package func finish() throws(OutputError) {
        encoder.end(into: buffer)
        try file.write(buffer)
        try file.commit()
    }
}
