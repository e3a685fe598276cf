#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Tells ThreadSanitizer about a happens-before edge that really exists but that it cannot see,
/// and does nothing when the process is not sanitized. The same as the package's `Locking` module
/// holds, repeated because WeatherClient imports nothing from this package.
///
/// On Linux, `Mutex` from Synchronization takes a contended lock in the kernel (`FUTEX_LOCK_PI`)
/// or in a spin loop compiled into the uninstrumented Synchronization library, so ThreadSanitizer
/// sees the releasing unlock but never the matching acquire, and reports the next access under the
/// lock as a data race. Apps that embed this library run their own tests under ThreadSanitizer,
/// where a suppression file of ours cannot reach, so the edge is announced here instead. The hooks
/// are looked up with `dlsym`, as the Swift concurrency runtime looks up its own, and are absent
/// (one nil check) in every process that is not sanitized.
enum ThreadSanitizerHooks {
    /// Marks `address` as acquired: everything released at it happens before what follows.
    static func acquire(_ address: UnsafeRawPointer) {
        hooks.acquire?(address)
    }

    /// Marks `address` as released: what came before happens before the next acquire of it.
    static func release(_ address: UnsafeRawPointer) {
        hooks.release?(address)
    }

    private typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void

    /// C function pointers are immutable once looked up; the compiler cannot tell that they are
    /// safe to share.
    private struct Hooks: @unchecked Sendable {
        let acquire: Hook?
        let release: Hook?
    }

    private static let hooks = Hooks(acquire: lookUp("__tsan_acquire"), release: lookUp("__tsan_release"))

    private static func lookUp(_ name: String) -> Hook? {
        #if os(Linux)
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, name) else { return nil }
        return unsafeBitCast(symbol, to: Hook.self)
    }
}
