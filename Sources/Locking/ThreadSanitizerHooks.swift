#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ThreadSanitizer's annotation entry points, looked up with `dlsym` as the Swift concurrency
/// runtime looks up its own: present in a sanitized process, absent (a nil check) otherwise.
@usableFromInline package enum ThreadSanitizerHooks {
    /// Marks `address` as acquired: everything released at it happens before what follows.
    @inlinable
    package static func acquire(_ address: UnsafeRawPointer) {
        hooks.acquire?(address)
    }

    /// Marks `address` as released: what came before happens before the next acquire of it.
    @inlinable
    package static func release(_ address: UnsafeRawPointer) {
        hooks.release?(address)
    }

    @usableFromInline typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void

    /// C function pointers, immutable once looked up; the compiler cannot tell they are shareable.
    @usableFromInline struct Hooks: @unchecked Sendable {
        @usableFromInline let acquire: Hook?
        @usableFromInline let release: Hook?
    }

    @usableFromInline static let hooks = Hooks(acquire: lookUp("__tsan_acquire"), release: lookUp("__tsan_release"))

    private static func lookUp(_ name: String) -> Hook? {
        #if os(Linux)
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, name) else { return nil }
        return unsafeBitCast(symbol, to: Hook.self)
    }
}
