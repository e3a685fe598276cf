import Basics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error, written unbuffered so that lines reach a pipe immediately.
///
/// A script that waits for `mockweather listening on ...` must see it as soon as it is written, not when
/// a stdio buffer happens to fill, so executables write through these instead of `print`.
package struct Console: Sendable {
    private let descriptor: Int32

    /// Standard output (file descriptor 1).
    package static let standardOutput = Console(descriptor: 1)
    /// Standard error (file descriptor 2).
    package static let standardError = Console(descriptor: 2)

    /// Whether the stream is a terminal, which is when progress lines and colour make sense.
    package var isTerminal: Bool {
        isatty(descriptor) == 1
    }

    /// Writes `text` as is, retrying short writes and interrupted calls; a closed stream is ignored,
    /// because there is nobody left to tell.
    package func write(_ text: String) {
        FileDescriptorWriter.writeAll(Array(text.utf8), to: descriptor)
    }

    /// Writes `line` followed by a newline.
    package func writeLine(_ line: String) {
        write(line + "\n")
    }
}
