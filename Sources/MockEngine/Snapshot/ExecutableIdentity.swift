import Basics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What names the running program's build in its snapshots (docs/ARCHITECTURE.md#start-up-snapshots):
/// what a snapshot holds is a function of the program that decoded it, so a snapshot is read only by
/// the build that wrote it.
///
/// On Linux, the linker's build ID (the ELF note `NT_GNU_BUILD_ID`, a hash of the linked program): the
/// same source built the same way (two CI jobs of one commit) has the same, any change to the code a
/// new one. Elsewhere, or when the program has none, the executable file's identity, which any rebuild
/// changes.
enum ExecutableIdentity {
    /// `build 13085ba9...`, or `executable DEVICE:INODE:SIZE:MTIME`, or nil when the program cannot be found.
    static func current() -> String? {
        #if canImport(Darwin)
        guard let executable = FileSystemFacts.executablePath() else { return nil }
        #else
        let executable = "/proc/self/exe"
        if let buildID = buildID(ofELF: executable) {
            return "build " + buildID.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        }
        #endif
        guard let identity = FileIdentity.of(path: executable) else { return nil }
        return "executable \(identity.device):\(identity.inode):\(identity.size):\(identity.modified)"
    }

    /// The `NT_GNU_BUILD_ID` note of the 64-bit little-endian ELF file at `path`, read from its program
    /// headers' notes; nil when it is not such a file or has none. Every offset and length read is
    /// checked against what was read.
    static func buildID(ofELF path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            guard count >= 0, count <= 1 << 20, offset <= UInt64(Int.max) else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        func integer(_ bytes: [UInt8], _ at: Int, _ width: Int) -> UInt64? {
            guard at >= 0, at + width <= bytes.count else { return nil }
            return (0..<width).reduce(0) { $0 | UInt64(bytes[at + $1]) << UInt64(8 * $1) }
        }
        // ELF magic, 64-bit (class 2), little-endian (data 1).
        guard let header = read(0, 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1,
            let tableOffset = integer(header, 0x20, 8), let entrySize = integer(header, 0x36, 2),
            let entryCount = integer(header, 0x38, 2), entrySize >= 56,
            let table = read(tableOffset, Int(entrySize * entryCount))
        else { return nil }
        for entry in 0..<Int(entryCount) {
            let base = entry * Int(entrySize)
            // PT_NOTE is 4.
            guard integer(table, base, 4) == 4, let offset = integer(table, base + 8, 8),
                let size = integer(table, base + 32, 8), size <= 1 << 16, let notes = read(offset, Int(size))
            else { continue }
            var position = 0
            while let nameSize = integer(notes, position, 4), let descriptionSize = integer(notes, position + 4, 4),
                let type = integer(notes, position + 8, 4)
            {
                let name = position + 12
                let description = name + Int((nameSize + 3) & ~3)
                let next = description + Int((descriptionSize + 3) & ~3)
                guard nameSize <= 1 << 16, descriptionSize <= 1 << 16, next <= notes.count else { break }
                // NT_GNU_BUILD_ID is 3, named "GNU\0".
                if type == 3, nameSize == 4, notes[name..<name + 4] == [0x47, 0x4E, 0x55, 0], descriptionSize > 0 {
                    return Array(notes[description..<description + Int(descriptionSize)])
                }
                position = next
            }
        }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
