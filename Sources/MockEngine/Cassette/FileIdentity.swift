#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a file that changes whenever its contents can have changed: the device and
/// inode (a file replaced by a rename, as editors and `git checkout` write, is another inode), the size,
/// and the modification and status-change times to the nanosecond (docs/ARCHITECTURE.md#start-up-snapshots).
///
/// The status-change time (`ctime`) cannot be set from user space: `touch -r` or `utimensat` can put a
/// modification time back after an edit, but the edit still moves `ctime`.
package struct FileIdentity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    /// Nanoseconds since 1970.
    package var modified: Int64
    /// Nanoseconds since 1970.
    package var statusChanged: Int64

    /// An identity from its parts (the snapshot reader).
    package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, statusChanged: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.statusChanged = statusChanged
    }

    /// The identity `fstat` or `stat` reported.
    init(_ status: stat) {
        // `dev_t` is a signed 32-bit integer on Darwin: only its bits matter here.
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
        modified = Self.nanoseconds(status.st_mtimespec)
        statusChanged = Self.nanoseconds(status.st_ctimespec)
        #else
        modified = Self.nanoseconds(status.st_mtim)
        statusChanged = Self.nanoseconds(status.st_ctim)
        #endif
    }

    /// The identity of the file at `path` (links followed, as reading it follows them), or nil when it
    /// cannot be examined.
    package static func of(path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// How long after its last change a file must have been read before its identity is trusted to
    /// stand for what was read: a write in the same tick of the file system's clock as the read leaves
    /// every field as it was (git's "racy clean" files). Two seconds covers coarse clocks (FAT's two
    /// seconds, network file systems) with room to spare.
    package static let settlingNanoseconds: Int64 = 2_000_000_000

    /// Whether the file had been left alone for ``settlingNanoseconds`` when it was read at `readAt`
    /// (nanoseconds since 1970, ``FileIdentity/now()``): only then does an unchanged identity later
    /// prove unchanged contents.
    package func isSettled(readAt: Int64) -> Bool {
        readAt - max(modified, statusChanged) >= Self.settlingNanoseconds
    }

    /// The real-time clock in nanoseconds since 1970, as file times are kept.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return nanoseconds(time)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
