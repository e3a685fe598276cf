/// A request as the parser completes it, before the connection adds who sent it.
struct ParsedRequest {
    var method: String
    var target: String
    var requestTarget: RequestTarget
    var version: HTTPVersion
    var headers: HTTPHeaders
    var body: [UInt8]
    /// Whether the connection may stay open after the response (version default and `Connection`).
    var keepAlive: Bool
}

/// An incremental HTTP/1.1 request parser (RFC 9112): an explicit state machine that accepts bytes in
/// any split, down to one byte at a time, and enforces ``HTTPLimits`` as it goes.
///
/// The caller owns the bytes. Each ``parse(_:)`` call is handed the bytes not yet consumed and says
/// how many it consumed; complete lines and body bytes are always consumed, a partial line never is, so
/// the caller keeps at most one partial line. The parser remembers how much of that partial line it has
/// already scanned, so byte-at-a-time input costs linear, not quadratic, time.
///
/// A chunked body's framing (size lines, extensions, CRLFs, trailer fields) counts against
/// ``HTTPLimits/maxChunkedFramingLength``, never the head limit, and each size line against
/// ``HTTPLimits/maxChunkSizeLineLength``; where a growing line could cross either, the error is the
/// bound it crosses first, so the answer never depends on how the bytes were split.
struct HTTPRequestParser {
    enum Event {
        /// Everything usable was consumed; call again with more bytes.
        case needMoreData
        /// The head of a request that sent `Expect: 100-continue` is complete and a body follows: the
        /// caller may send `100 Continue`, then keep parsing.
        case expectsContinue
        /// A whole request; the parser is ready for the next one.
        case request(ParsedRequest)
        /// The request is malformed or over a limit; the parser must not be used again.
        case error(HTTPParseError)
    }

    private enum State {
        case requestLine
        case headerLines
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailerLines
    }

    private let limits: HTTPLimits
    /// ``HTTPLimits/maxChunkedFramingLength`` of the adjusted limits, worked out once.
    private let framingAllowance: Int
    private var state = State.requestLine
    private var scannedLength = 0
    private var headLength = 0
    /// Bytes of chunked framing so far in this request's body, counted against `framingAllowance`.
    private var framingLength = 0
    private var lineNumber = 0
    private var head = Head()

    /// What the head says so far about the request being parsed.
    private struct Head {
        var method = ""
        var target = ""
        var requestTarget = RequestTarget(path: "", query: nil, authority: nil)
        var version = HTTPVersion.http11
        var headers = HTTPHeaders(reservingCapacity: 8)
        var contentLength: Int?
        var transferCodings: [String] = []
        var hostCount = 0
        var host: String?
        var connectionClose = false
        var connectionKeepAlive = false
        var expectsContinue = false
        var body: [UInt8] = []
    }

    init(limits: HTTPLimits) {
        var limits = limits
        limits.maxRequestLineLength = max(16, limits.maxRequestLineLength)
        limits.maxHeadLength = max(limits.maxRequestLineLength, limits.maxHeadLength)
        limits.maxHeaderCount = max(1, limits.maxHeaderCount)
        limits.maxBodyLength = max(0, limits.maxBodyLength)
        limits.maxChunkSizeLineLength = max(3, limits.maxChunkSizeLineLength)  // "0" and CRLF
        self.limits = limits
        framingAllowance = limits.maxChunkedFramingLength
    }

    /// Whether part of a request (beyond empty lines) has been consumed.
    var hasPartialRequest: Bool {
        if case .requestLine = state { return false }
        return true
    }

    /// Whether the head is complete and the body is being read.
    var isReadingBody: Bool {
        switch state {
        case .requestLine, .headerLines: false
        default: true
        }
    }

    /// Consumes what it can of `bytes` and reports the first event.
    mutating func parse(_ bytes: UnsafeRawBufferPointer) -> (consumed: Int, event: Event) {
        var offset = 0
        while true {
            switch state {
            case .fixedBody(let remaining):
                let take = min(remaining, bytes.count - offset)
                head.body.append(contentsOf: bytes[offset..<offset + take])
                offset += take
                if take == remaining { return (offset, .request(completeRequest())) }
                state = .fixedBody(remaining: remaining - take)
                return (offset, .needMoreData)

            case .chunkData(let remaining):
                let take = min(remaining, bytes.count - offset)
                head.body.append(contentsOf: bytes[offset..<offset + take])
                offset += take
                guard take == remaining else {
                    state = .chunkData(remaining: remaining - take)
                    return (offset, .needMoreData)
                }
                state = .chunkDataEnd

            case .chunkDataEnd:
                let available = bytes.count - offset
                if available >= 1 && bytes[offset] != UInt8(ascii: "\r") {
                    return (offset, .error(.missingChunkTerminator))
                }
                if available >= 2 && bytes[offset + 1] != UInt8(ascii: "\n") {
                    return (offset, .error(.missingChunkTerminator))
                }
                guard available >= 2 else { return (offset, .needMoreData) }
                offset += 2
                state = .chunkSize

            case .requestLine, .headerLines, .chunkSize, .trailerLines:
                let searchStart = offset + scannedLength
                guard let lineFeed = Self.firstLineFeed(in: bytes, from: searchStart) else {
                    let partial = bytes.count - offset
                    if let error = lineLimitError(length: partial) { return (offset, .error(error)) }
                    scannedLength = partial
                    return (offset, .needMoreData)
                }
                let lineLength = lineFeed + 1 - offset
                if let error = lineLimitError(length: lineLength) { return (offset, .error(error)) }
                lineNumber += 1
                guard lineFeed > offset, bytes[lineFeed - 1] == UInt8(ascii: "\r") else {
                    return (offset, .error(bareLineFeedError()))
                }
                let line = UnsafeRawBufferPointer(rebasing: bytes[offset..<(lineFeed - 1)])
                offset = lineFeed + 1
                scannedLength = 0
                if let event = processLine(line, length: lineLength) { return (offset, event) }
            }
        }
    }

    /// The error for a line (or partial line) of `length` bytes in the current state, if over a limit.
    private func lineLimitError(length: Int) -> HTTPParseError? {
        switch state {
        case .requestLine:
            if length > limits.maxRequestLineLength { return .requestLineTooLong(limit: limits.maxRequestLineLength) }
            if headLength + length > limits.maxHeadLength { return .headTooLarge(limit: limits.maxHeadLength) }
        case .headerLines:
            if headLength + length > limits.maxHeadLength { return .headTooLarge(limit: limits.maxHeadLength) }
        case .chunkSize:
            // The bound a growing line crosses first: the same answer for the line whole or in pieces.
            let framingRoom = framingAllowance - framingLength
            if length > min(limits.maxChunkSizeLineLength, framingRoom) {
                if limits.maxChunkSizeLineLength <= framingRoom {
                    return .chunkSizeLineTooLong(limit: limits.maxChunkSizeLineLength)
                }
                return .chunkedFramingTooLarge(limit: framingAllowance)
            }
        case .trailerLines:
            if framingLength + length > framingAllowance { return .chunkedFramingTooLarge(limit: framingAllowance) }
        default:
            break
        }
        return nil
    }

    /// The error for a line that ends in LF without CR, in the terms of the current state.
    private func bareLineFeedError() -> HTTPParseError {
        switch state {
        case .chunkSize: .invalidChunkSize("it ends with a bare LF; expected CRLF")
        case .trailerLines: .invalidTrailer(.bareLineFeed(line: lineNumber))
        default: .bareLineFeed(line: lineNumber)
        }
    }

    private mutating func processLine(_ line: UnsafeRawBufferPointer, length: Int) -> Event? {
        switch state {
        case .requestLine:
            headLength += length
            if line.isEmpty {
                // RFC 9112 §2.2: ignore empty lines before a request line (some clients send CRLF after a body).
                lineNumber = 0
                return nil
            }
            if let error = parseRequestLine(line) { return .error(error) }
            state = .headerLines
            return nil
        case .headerLines:
            headLength += length
            if line.isEmpty { return finishHead() }
            if let error = parseHeaderLine(line, isTrailer: false) { return .error(error) }
            return nil
        case .chunkSize:
            let size: Int
            switch Self.parseChunkSize(line) {
            case .success(let parsed): size = parsed
            case .failure(let error): return .error(error)
            }
            if size == 0 {
                framingLength += length
                state = .trailerLines
                lineNumber = 0  // trailer fields are numbered from the line after the last chunk
            } else {
                guard size <= limits.maxBodyLength - head.body.count else {
                    return .error(.bodyTooLarge(limit: limits.maxBodyLength))
                }
                // The CRLF after the data counts now, so reading the data needs no check.
                framingLength += length
                guard framingLength + 2 <= framingAllowance else {
                    return .error(.chunkedFramingTooLarge(limit: framingAllowance))
                }
                framingLength += 2
                state = .chunkData(remaining: size)
            }
            return nil
        case .trailerLines:
            framingLength += length
            if line.isEmpty { return .request(completeRequest()) }
            if let error = parseHeaderLine(line, isTrailer: true) { return .error(.invalidTrailer(error)) }
            return nil
        default:
            preconditionFailure("processLine called while reading body bytes")
        }
    }

    // MARK: Request line

    private mutating func parseRequestLine(_ line: UnsafeRawBufferPointer) -> HTTPParseError? {
        guard let firstSpace = line.firstIndex(of: UInt8(ascii: " ")) else {
            return .malformedRequestLine("found no space")
        }
        let afterMethod = firstSpace + 1
        guard let secondSpace = line[afterMethod...].firstIndex(of: UInt8(ascii: " ")) else {
            return .malformedRequestLine("found only one space")
        }
        let methodBytes = line[..<firstSpace]
        let targetBytes = line[afterMethod..<secondSpace]
        let versionBytes = line[(secondSpace + 1)...]
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(\.isTokenCharacter) else { return .invalidMethod }
        guard !targetBytes.isEmpty else { return .malformedRequestLine("found an empty request-target") }
        guard let version = Self.parseVersion(versionBytes) else { return .malformedVersion }
        guard version.major == 1 else { return .unsupportedVersion(version) }
        let method = Self.method(methodBytes)
        let target = UnsafeRawBufferPointer(rebasing: targetBytes)
        guard
            let requestTarget = RequestTarget(parsingBytes: target.assumingMemoryBound(to: UInt8.self), method: method)
        else { return .invalidTarget }
        head.method = method
        head.target =
            target.count == 1 && target[0] == UInt8(ascii: "/") ? "/" : String(decoding: target, as: UTF8.self)
        head.requestTarget = requestTarget
        head.version = version.minor == 0 ? .http10 : HTTPVersion(major: 1, minor: version.minor)
        return nil
    }

    private static func method(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        // The common methods as literals: no UTF-8 validation or storage for them.
        let raw = UnsafeRawBufferPointer(rebasing: bytes)
        switch raw.count {
        case 3 where raw[0] == UInt8(ascii: "G") && raw[1] == UInt8(ascii: "E") && raw[2] == UInt8(ascii: "T"):
            return "GET"
        case 4 where raw.elementsEqual("HEAD".utf8): return "HEAD"
        case 4 where raw.elementsEqual("POST".utf8): return "POST"
        default: return String(decoding: raw, as: UTF8.self)
        }
    }

    private static func parseVersion(_ bytes: Slice<UnsafeRawBufferPointer>) -> HTTPVersion? {
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8) else { return nil }
        let base = bytes.startIndex
        let major = bytes[base + 5]
        let dot = bytes[base + 6]
        let minor = bytes[base + 7]
        guard major.isDigit, dot == UInt8(ascii: "."), minor.isDigit else { return nil }
        return HTTPVersion(major: Int(major - UInt8(ascii: "0")), minor: Int(minor - UInt8(ascii: "0")))
    }

    // MARK: Header fields

    private mutating func parseHeaderLine(_ line: UnsafeRawBufferPointer, isTrailer: Bool) -> HTTPParseError? {
        let first = line[0]
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { return .obsoleteLineFolding(line: lineNumber) }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return .headerWithoutColon(line: lineNumber)
        }
        guard colon > 0 else { return .invalidHeaderName(line: lineNumber) }
        let nameBytes = line[..<colon]
        let last = line[colon - 1]
        if last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { return .whitespaceBeforeColon(line: lineNumber) }
        guard nameBytes.allSatisfy(\.isTokenCharacter) else { return .invalidHeaderName(line: lineNumber) }

        var valueStart = colon + 1
        var valueEnd = line.count
        while valueStart < valueEnd && line[valueStart].isOptionalWhitespace { valueStart += 1 }
        while valueEnd > valueStart && line[valueEnd - 1].isOptionalWhitespace { valueEnd -= 1 }
        let valueBytes = line[valueStart..<valueEnd]
        var hasNonASCII = false
        for byte in valueBytes {
            if byte >= 0x80 {
                hasNonASCII = true
            } else if (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F {
                let reason = byte == 0 ? "holds a NUL byte" : "holds a control character (0x\(String(byte, radix: 16)))"
                return .invalidHeaderValue(line: lineNumber, reason: reason)
            }
        }
        if isTrailer { return nil }  // trailer fields are checked, then dropped

        let value: String
        if hasNonASCII {
            guard let decoded = String(validating: valueBytes, as: UTF8.self) else {
                return .invalidHeaderValue(line: lineNumber, reason: "is not valid UTF-8")
            }
            value = decoded
        } else {
            value = String(decoding: valueBytes, as: UTF8.self)
        }
        guard head.headers.count < limits.maxHeaderCount else { return .tooManyHeaders(limit: limits.maxHeaderCount) }
        if let error = interpret(name: nameBytes, value: value, valueBytes: valueBytes) { return error }
        head.headers.addChecked(name: Self.headerName(nameBytes), value: value)
        return nil
    }

    private static func headerName(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        let base = bytes.startIndex
        if bytes.count == 4 && bytes[base] == UInt8(ascii: "H") && bytes[base + 1] == UInt8(ascii: "o")
            && bytes[base + 2] == UInt8(ascii: "s") && bytes[base + 3] == UInt8(ascii: "t")
        {
            return "Host"
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    /// Records what the framing-relevant fields say; other fields pass through untouched.
    private mutating func interpret(
        name: Slice<UnsafeRawBufferPointer>,
        value: String,
        valueBytes: Slice<UnsafeRawBufferPointer>
    ) -> HTTPParseError? {
        switch name.count {
        case 4 where name.equalsLowercase("host"):
            head.hostCount += 1
            head.host = value
        case 6 where name.equalsLowercase("expect"):
            guard value.equalsCaseInsensitively("100-continue") else { return .unsupportedExpectation(value) }
            head.expectsContinue = true
        case 10 where name.equalsLowercase("connection"):
            for option in Self.listElements(valueBytes) {
                if option.equalsLowercase("close") { head.connectionClose = true }
                if option.equalsLowercase("keep-alive") { head.connectionKeepAlive = true }
            }
        case 14 where name.equalsLowercase("content-length"):
            var length: Int?
            for element in Self.listElements(valueBytes) {
                guard let parsed = Self.parseDecimal(element), length == nil || length == parsed else {
                    return .invalidContentLength(value)
                }
                length = parsed
            }
            guard let length, head.contentLength == nil || head.contentLength == length else {
                return .invalidContentLength(value)
            }
            head.contentLength = length
        case 17 where name.equalsLowercase("transfer-encoding"):
            for coding in Self.listElements(valueBytes) {
                head.transferCodings.append(String(decoding: coding, as: UTF8.self).lowercased())
            }
        default:
            break
        }
        return nil
    }

    // MARK: End of head

    private mutating func finishHead() -> Event? {
        if head.version >= .http11 && head.hostCount == 0 { return .error(.missingHost) }
        if head.hostCount > 1 { return .error(.duplicateHost) }
        var isChunked = false
        if !head.transferCodings.isEmpty {
            if head.contentLength != nil { return .error(.contentLengthWithTransferEncoding) }
            if head.version < .http11 { return .error(.transferEncodingInHTTP10) }
            if let unknown = head.transferCodings.first(where: { $0 != "chunked" }) {
                return .error(.unsupportedTransferCoding(unknown))
            }
            guard head.transferCodings.count == 1 else { return .error(.chunkedNotFinal) }
            isChunked = true
        }
        let contentLength = head.contentLength ?? 0
        if contentLength > limits.maxBodyLength { return .error(.bodyTooLarge(limit: limits.maxBodyLength)) }

        let expectsBody = isChunked || contentLength > 0
        if isChunked {
            framingLength = 0
            state = .chunkSize
        } else if contentLength > 0 {
            head.body.reserveCapacity(contentLength)
            state = .fixedBody(remaining: contentLength)
        } else {
            return .request(completeRequest())
        }
        // RFC 9110 §10.1.1: a server ignores 100-continue from an HTTP/1.0 client.
        if expectsBody && head.expectsContinue && head.version >= .http11 { return .expectsContinue }
        return nil
    }

    private mutating func completeRequest() -> ParsedRequest {
        let keepAlive =
            head.version >= .http11 ? !head.connectionClose : head.connectionKeepAlive && !head.connectionClose
        var target = head.requestTarget
        if target.authority == nil { target.authority = head.host }
        let request = ParsedRequest(
            method: head.method,
            target: head.target,
            requestTarget: target,
            version: head.version,
            headers: head.headers,
            body: head.body,
            keepAlive: keepAlive
        )
        head = Head()
        state = .requestLine
        headLength = 0
        lineNumber = 0
        return request
    }

    // MARK: Small lexers

    @inline(__always)
    private static func firstLineFeed(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// The comma-separated elements of a list field, without surrounding whitespace; empty ones skipped.
    private static func listElements(_ bytes: Slice<UnsafeRawBufferPointer>) -> [Slice<UnsafeRawBufferPointer>] {
        bytes.split(separator: UInt8(ascii: ",")).compactMap { element in
            var start = element.startIndex
            var end = element.endIndex
            while start < end && element[start].isOptionalWhitespace { start += 1 }
            while end > start && element[end - 1].isOptionalWhitespace { end -= 1 }
            return start < end ? element[start..<end] : nil
        }
    }

    private static func parseDecimal(_ bytes: Slice<UnsafeRawBufferPointer>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }  // 18 digits cannot overflow Int64
        var value = 0
        for byte in bytes {
            guard byte.isDigit else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// `1*HEXDIG [ BWS ; chunk-ext ]` (RFC 9112 §7.1): the size, or why the line is not one. Leading
    /// zeros are fine however many (the line's length is bounded before it gets here); a size over
    /// `Int.max` is ``HTTPParseError/chunkSizeOverflow``.
    private static func parseChunkSize(_ line: UnsafeRawBufferPointer) -> Result<Int, HTTPParseError> {
        guard !line.isEmpty else {
            return .failure(.invalidChunkSize("expected hexadecimal digits, found an empty line"))
        }
        var size = 0
        var index = 0
        while index < line.count, let digit = line[index].hexDigitValue {
            guard size <= Int.max >> 4 else { return .failure(.chunkSizeOverflow) }
            size = size << 4 | digit
            index += 1
        }
        guard index > 0 else {
            return .failure(.invalidChunkSize("expected hexadecimal digits, found \(describe(line[0]))"))
        }
        while index < line.count && line[index].isOptionalWhitespace { index += 1 }
        guard index == line.count || line[index] == UInt8(ascii: ";") else {
            return .failure(.invalidChunkSize("expected ';' or CRLF after the size, found \(describe(line[index]))"))
        }
        for byte in line[index...] where (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F {
            return .failure(
                .invalidChunkSize("the chunk extension holds a control character (0x\(String(byte, radix: 16)))"))
        }
        return .success(size)
    }

    /// A byte for a message: the character if it is visible ASCII, its value otherwise.
    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UInt8 {
    /// `tchar` from RFC 9110 §5.6.2: the characters of methods, header names and other tokens (the
    /// cassette decoder checks header names and methods with it too, so both agree on what a token is).
    @inlinable
    package var isTokenCharacter: Bool {
        // One bit per ASCII character: the same set as `isTokenCharacterBySwitch`, without branches.
        if self < 64 { return (0x03FF_6CFA_0000_0000 as UInt64) >> self & 1 == 1 }
        return self < 128 && (0x57FF_FFFF_C7FF_FFFE as UInt64) >> (self - 64) & 1 == 1
    }

    /// The readable definition the bit masks of ``isTokenCharacter`` encode (tests compare the two).
    var isTokenCharacterBySwitch: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }

    var isOptionalWhitespace: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }

    var hexDigitValue: Int? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(self - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(self - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(self - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

extension Collection<UInt8> {
    /// Whether these bytes equal `lowercase` (which must be lower-case ASCII), ignoring ASCII case.
    func equalsLowercase(_ lowercase: StaticString) -> Bool {
        guard count == lowercase.utf8CodeUnitCount else { return false }
        return lowercase.withUTF8Buffer { expected in
            zip(self, expected).allSatisfy { $0.asciiLowercased == $1 }
        }
    }
}
