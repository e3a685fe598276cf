/// Encodes responses into bytes ready for one write: status line, the handler's headers, then the
/// server's own `Date`, `Content-Length` and `Connection`, a blank line and the body.
///
/// Lives on one event loop (it owns that loop's cached `Date`) and appends to a buffer the connection
/// reuses, so encoding a response allocates nothing.
struct ResponseEncoder {
    private var date = HTTPDateCache()

    /// What the encoder needs to know about the request being answered.
    struct Context {
        var keepAlive: Bool
        var isHeadRequest: Bool
        var requestVersion: HTTPVersion
        /// Leave out `Content-Length`, so the body ends where the connection closes (only for faults;
        /// requires `keepAlive` to be false).
        var omitsContentLength = false
        /// The body follows as chunks (`Transfer-Encoding: chunked`) written after the head; `body`
        /// is not written (the connection sends it as the first chunk). Requires `keepAlive` false.
        var isChunkedStream = false
    }

    /// The reason `response` cannot be sent as it is (status out of range, a header that would break
    /// framing), or `nil` if it is fine.
    static func problem(with response: HTTPResponse) -> String? {
        guard (200...599).contains(response.status) else {
            return "status \(response.status) is outside 200...599"
        }
        if response.stream != nil, response.status == 204 || response.status == 304 {
            return "a \(response.status) response cannot have a streamed body"
        }
        // Fields are checked as they are added; only a list that may hold a bad one is scanned here.
        if response.headers.traits.mayBeInvalid {
            for (name, value) in response.headers {
                guard !name.isEmpty, name.utf8.allSatisfy(\.isTokenCharacter) else {
                    return "header name '\(name)' is not a token"
                }
                for byte in value.utf8 where byte == 0 || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
                    return "header '\(name)' has a CR, LF or NUL in its value"
                }
            }
        }
        if let reason = response.reason {
            for byte in reason.utf8 where byte < 0x20 && byte != UInt8(ascii: "\t") {
                return "the reason phrase has a control character"
            }
        }
        return nil
    }

    /// Whether the handler asked for the connection to close after this response.
    static func asksToClose(_ response: HTTPResponse) -> Bool {
        guard response.headers.traits.mayNameConnection, let value = response.headers["Connection"] else {
            return false
        }
        return value.utf8.split(separator: UInt8(ascii: ",")).contains { element in
            element.filter { !$0.isOptionalWhitespace }.equalsLowercase("close")
        }
    }

    /// Appends the encoded `response` to `buffer`. `response` must have passed ``problem(with:)``.
    mutating func encode(_ response: HTTPResponse, context: Context, into buffer: inout [UInt8]) {
        let status = response.status
        Self.appendStatusLine(status: status, reason: response.reason, to: &buffer)

        let fields: (hasDate: Bool, contentLength: String?)
        if let wire = response.headers.wireForm {
            buffer.append(contentsOf: wire.bytes)
            fields = (wire.hasDate, wire.contentLength)
        } else {
            fields = Self.appendFields(of: response.headers, to: &buffer)
        }
        let hasDate = fields.hasDate
        let handlerContentLength = fields.contentLength
        if !hasDate {
            date.refresh()
            buffer.appendUTF8("Date: ")
            buffer.append(contentsOf: date.bytes)
            buffer.append(UInt8(ascii: "\r"))
            buffer.append(UInt8(ascii: "\n"))
        }

        let forbidsBody = HTTPResponse.forbidsBody(status: status)
        if context.isChunkedStream {
            precondition(!context.keepAlive, "a streamed body closes the connection after it")
            buffer.appendUTF8("Transfer-Encoding: chunked\r\n")
        } else if context.omitsContentLength {
            precondition(!context.keepAlive, "a body delimited by the close needs the connection to close")
        } else if !forbidsBody || (status == 304 && handlerContentLength != nil) {
            buffer.appendUTF8("Content-Length: ")
            if context.isHeadRequest || status == 304, let declared = handlerContentLength,
                declared.utf8.allSatisfy(\.isDigit), !declared.isEmpty
            {
                // A HEAD (or 304) answer may state the length a GET would have had without carrying it.
                buffer.appendUTF8(declared)
            } else {
                Self.appendDecimal(response.body.count, to: &buffer)
            }
            buffer.append(UInt8(ascii: "\r"))
            buffer.append(UInt8(ascii: "\n"))
        }
        if !context.keepAlive {
            buffer.appendUTF8("Connection: close\r\n")
        } else if context.requestVersion < .http11 {
            buffer.appendUTF8("Connection: keep-alive\r\n")
        }
        buffer.append(UInt8(ascii: "\r"))
        buffer.append(UInt8(ascii: "\n"))
        if !forbidsBody && !context.isHeadRequest && !context.isChunkedStream {
            buffer.append(contentsOf: response.body)
        }
    }

    /// Appends `bytes` as one chunk of a chunked body (`bytes` must not be empty: an empty chunk ends
    /// the body).
    static func appendChunk(_ bytes: [UInt8], to buffer: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        var size = bytes.count
        var hex: [UInt8] = []
        repeat {
            hex.append(digits[size & 0xf])
            size >>= 4
        } while size > 0
        buffer.append(contentsOf: hex.reversed())
        buffer.append(UInt8(ascii: "\r"))
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: bytes)
        buffer.append(UInt8(ascii: "\r"))
        buffer.append(UInt8(ascii: "\n"))
    }

    /// The last chunk and the empty trailer section that end a chunked body.
    static let lastChunk = Array("0\r\n\r\n".utf8)

    /// Appends `Name: value` lines for the handler's fields, leaving out `Connection`, `Content-Length`
    /// and `Transfer-Encoding` (the server writes its own); says whether a `Date` was among them and
    /// what `Content-Length` the handler gave.
    static func appendFields(of headers: HTTPHeaders, to buffer: inout [UInt8]) -> (
        hasDate: Bool, contentLength: String?
    ) {
        var hasDate = false
        var handlerContentLength: String?
        let needsSorting = headers.traits.mayNameFramingOrDate || headers.traits.mayNameConnection
        for (name, value) in headers {
            let utf8 = name.utf8
            switch needsSorting ? utf8.count : 0 {
            case 4 where utf8.equalsLowercase("date"):
                hasDate = true
            case 10 where utf8.equalsLowercase("connection"):
                continue
            case 14 where utf8.equalsLowercase("content-length"):
                handlerContentLength = value
                continue
            case 17 where utf8.equalsLowercase("transfer-encoding"):
                continue
            default:
                break
            }
            buffer.appendUTF8(name)
            buffer.append(UInt8(ascii: ":"))
            buffer.append(UInt8(ascii: " "))
            buffer.appendUTF8(value)
            buffer.append(UInt8(ascii: "\r"))
            buffer.append(UInt8(ascii: "\n"))
        }
        return (hasDate, handlerContentLength)
    }

    private static func appendStatusLine(status: Int, reason: String?, to buffer: inout [UInt8]) {
        if reason == nil && status == 200 {
            buffer.appendUTF8("HTTP/1.1 200 OK\r\n")
            return
        }
        buffer.appendUTF8("HTTP/1.1 ")
        appendDecimal(status, to: &buffer)
        buffer.append(UInt8(ascii: " "))
        buffer.appendUTF8(reason ?? HTTPResponse.standardReason(for: status))
        buffer.append(UInt8(ascii: "\r"))
        buffer.append(UInt8(ascii: "\n"))
    }

    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        if value < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: max(0, value)))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            )
        var remaining = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { storage in
            while remaining > 0 {
                storage[19 - count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
                count += 1
            }
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: storage[(20 - count)...]))
        }
    }

    /// The length of the head (through the blank line) of an encoded response.
    static func headLength(of encoded: [UInt8]) -> Int {
        var index = 3
        while index < encoded.count {
            if encoded[index] == UInt8(ascii: "\n"), encoded[index - 1] == UInt8(ascii: "\r"),
                encoded[index - 2] == UInt8(ascii: "\n"), encoded[index - 3] == UInt8(ascii: "\r")
            {
                return index + 1
            }
            index += 1
        }
        return encoded.count
    }

    /// The complete bytes of a response the server makes itself (errors, 503, 100 Continue).
    mutating func encodeServerResponse(status: Int, message: String, keepAlive: Bool, into buffer: inout [UInt8]) {
        let response = HTTPResponse(
            status: status,
            headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Array("\(status) \(HTTPResponse.standardReason(for: status)): \(message)\n".utf8)
        )
        encode(
            response, context: Context(keepAlive: keepAlive, isHeadRequest: false, requestVersion: .http11),
            into: &buffer)
    }
}

extension [UInt8] {
    /// Appends the UTF-8 of `text` with one copy (appending `text.utf8` goes byte by byte).
    @inline(__always)
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
