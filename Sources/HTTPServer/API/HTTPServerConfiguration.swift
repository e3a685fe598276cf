#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where and how an ``HTTPServer`` listens.
package struct HTTPServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal (`127.0.0.1`, `::1`, `0.0.0.0`, `::`) or a host
    /// name that resolves to one (`localhost`). Default `127.0.0.1`, so nothing is exposed off-host by
    /// accident.
    package var host: String

    /// The TCP port to bind, 0...65535; 0 picks a free port (read it from ``HTTPServer/start()`` or
    /// ``HTTPServer/port``). Default 8080.
    package var port: Int

    /// How many event-loop threads serve connections; values below 1 mean 1. Default: one per online
    /// CPU core.
    package var eventLoopCount: Int

    /// Request limits and timeouts.
    package var limits: HTTPLimits

    /// Receives one line of text for each problem the server survives (a failed accept, a handler
    /// response replaced by a 500, a peer reset is *not* reported). Called on event-loop threads, so
    /// it must not block. Default: writes the line to standard error.
    package var log: @Sendable (String) -> Void

    /// What timeouts, delays and drips measure time with; tests inject a clock they advance.
    package var clock: any ServerClock = MonotonicServerClock()

    /// When set, a connection whose first byte opens a TLS handshake is served with TLS from this
    /// context (HTTPS on the same port as plain HTTP, which still works); nil serves plain HTTP only.
    package var directTLS: (any TLSServerContext)?

    /// Creates a configuration; every parameter has the documented default.
    package init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        eventLoopCount: Int = HTTPServerConfiguration.onlineCoreCount,
        limits: HTTPLimits = HTTPLimits(),
        log: @escaping @Sendable (String) -> Void = HTTPServerConfiguration.logToStandardError
    ) {
        self.host = host
        self.port = port
        self.eventLoopCount = eventLoopCount
        self.limits = limits
        self.log = log
    }

    /// The number of CPU cores online now (at least 1).
    package static var onlineCoreCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Writes `line` and a newline to standard error in one `write`, so lines from several threads
    /// never interleave.
    package static func logToStandardError(_ line: String) {
        var bytes = Array("httpserver: \(line)\n".utf8)
        bytes.withUnsafeMutableBytes { buffer in
            _ = write(2, buffer.baseAddress, buffer.count)
        }
    }
}
