/// Every bound the server enforces on what peers send and how long they take, in one value.
///
/// Each limit answers with the status named below and then closes the connection (after letting the
/// peer read the answer). The defaults suit a development or CI mock server on one host; raise them
/// for bigger uploads, lower the timeouts to shed slow clients sooner. Values below 1 (or non-positive
/// durations) are treated as the smallest meaningful value rather than rejected.
package struct HTTPLimits: Sendable, Equatable {
    /// Longest request line (method, target, version and line ending) in bytes; longer gets 414 URI Too
    /// Long. Default 8 KiB.
    package var maxRequestLineLength: Int = 8 * 1024

    /// Longest request head (request line plus all header lines and the blank line) in bytes; longer
    /// gets 431 Request Header Fields Too Large. A chunked body's framing is not part of the head: see
    /// ``maxChunkedFramingLength``. Default 16 KiB.
    package var maxHeadLength: Int = 16 * 1024

    /// Most header fields in one request; more gets 431. Default 100.
    package var maxHeaderCount: Int = 100

    /// Largest request body in bytes (after de-chunking); larger gets 413 Content Too Large, as soon as
    /// a `Content-Length` announces it or the chunks exceed it, whether in one chunk or many.
    /// Default 1 MiB.
    package var maxBodyLength: Int = 1024 * 1024

    /// Longest chunk-size line of a chunked body in bytes: the hexadecimal size with any leading zeros,
    /// its chunk extensions and the CRLF. Longer gets 400 Bad Request as soon as that many bytes
    /// arrived without a line end, so the server holds at most this much of a size line it has not
    /// finished reading (a line of a million zeros costs a connection 1 KiB, not a megabyte). Leading
    /// zeros are accepted up to it (RFC 9112 allows any number). Default 1 KiB: room for padded sizes
    /// and signing extensions such as S3's `;chunk-signature=` (about 90 bytes) many times over.
    package var maxChunkSizeLineLength: Int = 1024

    /// How many bytes a chunked body may spend on framing besides its data: every chunk-size line (with
    /// extensions), the CRLF after each chunk's data, and the trailer section. More gets 413 Content
    /// Too Large, like a body over ``maxBodyLength``. The framing counts here, never against
    /// ``maxHeadLength``, so a body in many small chunks is refused only for its size.
    ///
    /// Not set on its own but derived: ``maxBodyLength``, or ``maxHeadLength`` when that is larger (the
    /// head limit once bounded the trailer section, so a small body limit still leaves room for one).
    /// With the defaults 1 MiB: a body at the 1 MiB limit fits in chunks of 8 bytes or more, a 200 KiB
    /// body even in chunks of one byte (five bytes of framing each).
    package var maxChunkedFramingLength: Int { max(maxBodyLength, maxHeadLength) }

    /// How long a peer may take to send a whole request head once its first byte arrived (the slowloris
    /// bound); when it runs out the server answers 408 Request Timeout and closes. Default 10 s.
    package var headerReadTimeout: Duration = .seconds(10)

    /// How long a connection may sit without progress while the server waits on the peer's next
    /// bytes: between keep-alive requests, or between body bytes. An idle keep-alive connection is
    /// closed silently; a stalled body gets 408. Default 60 s.
    package var idleTimeout: Duration = .seconds(60)

    /// How long a response may wait with none of its unsent bytes taken by the peer (its socket
    /// buffers full, nothing read) before the connection is closed: a large body, a dripped fault, or a
    /// streamed one (server-sent events, a HAR download paced by
    /// ``HTTPResponseStream/whenDrained(_:)``). A stream's producer is told through
    /// ``HTTPResponseStream/onClose(_:)``, so it stops and lets go of what it holds. Counted from the
    /// last byte the peer took, and only while something waits: a quiet stream with everything sent
    /// never stalls, however long it stays open. Default 30 s.
    package var sendStallTimeout: Duration = .seconds(30)

    /// Most connections open at once across all event loops; each connection over the cap is answered
    /// 503 Service Unavailable and closed at once. Default 10,000. Note that the process's open-file
    /// limit (`ulimit -n`) may be lower: accepts that fail with `EMFILE` are logged, and accepting
    /// pauses briefly before retrying.
    package var maxConnections: Int = 10_000

    /// After a final response on a connection that is closing, how long the server keeps reading and
    /// discarding what the peer still sends, so the peer reads the response instead of a reset.
    /// Default 2 s.
    package var lingerTimeout: Duration = .seconds(2)

    /// How long ``HTTPServer/stop()`` waits for in-flight responses (including `respondLater` work and
    /// drips) before closing their connections anyway. Default 30 s.
    package var shutdownGracePeriod: Duration = .seconds(30)

    /// Creates limits with the documented defaults; change the properties you need.
    package init() {}
}
