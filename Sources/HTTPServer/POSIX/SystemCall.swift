#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed with an errno other than `EINTR` or "would block".
struct SystemError: Error, Equatable, CustomStringConvertible {
    /// The name of the call, e.g. `bind`.
    var call: String
    /// The errno it failed with.
    var code: Int32

    /// Whether the peer broke the connection (reset, broken pipe, timed out): routine for a server,
    /// worth closing the connection over but not worth logging.
    var isPeerDisconnect: Bool {
        code == ECONNRESET || code == EPIPE || code == ETIMEDOUT || code == ENOTCONN || code == ECONNABORTED
    }

    var description: String {
        "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}

/// The outcome of a non-blocking call that did not fail: it did something, or it would have blocked.
enum IOResult<Value> {
    case processed(Value)
    case wouldBlock
}

/// The one place that interprets errno (swift-nio's policy): `EINTR` is retried, `EAGAIN`/`EWOULDBLOCK`
/// becomes ``IOResult/wouldBlock``, anything else throws a ``SystemError`` naming the call.
@inline(__always)
func nonBlockingCall<Result: FixedWidthInteger>(
    _ name: StaticString,
    _ body: @autoclosure () -> Result
) throws(SystemError) -> IOResult<Result> {
    while true {
        let result = body()
        if result >= 0 { return .processed(result) }
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
        throw SystemError(call: "\(name)", code: code)
    }
}

/// Like ``nonBlockingCall(_:_:)`` for calls that cannot block (or whose blocking is an error).
@inline(__always)
func systemCall<Result: FixedWidthInteger>(
    _ name: StaticString,
    _ body: @autoclosure () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemError(call: "\(name)", code: code)
    }
}

/// Ignores SIGPIPE for the process, so a write to a closed socket fails with EPIPE instead of killing
/// it. Sockets also opt out per call (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on Darwin); this covers
/// any other descriptor and code that forgets.
func ignoreBrokenPipeSignal() {
    _ = signal(SIGPIPE, SIG_IGN)
}

/// Monotonic time in nanoseconds, for deadlines (never goes backwards, unaffected by clock changes).
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

extension Duration {
    /// This duration in whole nanoseconds, clamped to 0...UInt64.max / 4 (about 146 years).
    package var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        guard seconds < 4_000_000_000 else { return UInt64.max / 4 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
