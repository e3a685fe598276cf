/// Why the server rejected a request before a handler saw it, and the status it answers with.
///
/// The description goes into the error response's body, so a developer staring at a failing client
/// sees what was expected, what was found, and where (line numbers count from 1, the request line).
enum HTTPParseError: Error, Equatable, CustomStringConvertible {
    case requestLineTooLong(limit: Int)
    case headTooLarge(limit: Int)
    case tooManyHeaders(limit: Int)
    case bodyTooLarge(limit: Int)
    case bareLineFeed(line: Int)
    case malformedRequestLine(String)
    case invalidMethod
    case invalidTarget
    case malformedVersion
    case unsupportedVersion(HTTPVersion)
    case obsoleteLineFolding(line: Int)
    case headerWithoutColon(line: Int)
    case whitespaceBeforeColon(line: Int)
    case invalidHeaderName(line: Int)
    case invalidHeaderValue(line: Int, reason: String)
    case missingHost
    case duplicateHost
    case invalidContentLength(String)
    case contentLengthWithTransferEncoding
    case transferEncodingInHTTP10
    case unsupportedTransferCoding(String)
    case chunkedNotFinal
    /// A chunk-size line that is not `1*HEXDIG [ chunk-ext ] CRLF`; `reason` says what was found.
    case invalidChunkSize(String)
    case chunkSizeOverflow
    case chunkSizeLineTooLong(limit: Int)
    case chunkedFramingTooLarge(limit: Int)
    case missingChunkTerminator
    /// A bad field in the trailer section; its line numbers count from the line after the last chunk.
    indirect case invalidTrailer(HTTPParseError)
    case unsupportedExpectation(String)

    /// The status this error is answered with.
    var status: Int {
        switch self {
        case .requestLineTooLong: 414
        case .headTooLarge, .tooManyHeaders: 431
        case .bodyTooLarge, .chunkedFramingTooLarge: 413
        case .unsupportedVersion: 505
        case .unsupportedTransferCoding: 501
        case .unsupportedExpectation: 417
        default: 400
        }
    }

    var description: String {
        switch self {
        case .requestLineTooLong(let limit):
            "request line longer than \(limit) bytes"
        case .headTooLarge(let limit):
            "request head (request line and header fields) longer than \(limit) bytes"
        case .tooManyHeaders(let limit):
            "more than \(limit) header fields"
        case .bodyTooLarge(let limit):
            "request body longer than \(limit) bytes"
        case .bareLineFeed(let line):
            "line \(line) ends with a bare LF; HTTP/1.1 lines end with CRLF"
        case .malformedRequestLine(let reason):
            "malformed request line: expected 'METHOD SP request-target SP HTTP/1.1', \(reason)"
        case .invalidMethod:
            "request line: the method is not a token (letters, digits and !#$%&'*+-.^_`|~)"
        case .invalidTarget:
            "request line: the request-target is not an origin-form path, an absolute http(s) URI, "
                + "host:port (CONNECT) or * (OPTIONS), or holds bytes outside visible ASCII"
        case .malformedVersion:
            "request line: expected the version 'HTTP/1.1' or 'HTTP/1.0'"
        case .unsupportedVersion(let version):
            "\(version) is not supported; this server speaks HTTP/1.1 and HTTP/1.0"
        case .obsoleteLineFolding(let line):
            "line \(line) starts with whitespace (obsolete line folding is not accepted)"
        case .headerWithoutColon(let line):
            "line \(line): expected a header field 'Name: value', found no colon"
        case .whitespaceBeforeColon(let line):
            "line \(line): whitespace between a header field name and the colon is not allowed"
        case .invalidHeaderName(let line):
            "line \(line): the header field name is empty or not a token"
        case .invalidHeaderValue(let line, let reason):
            "line \(line): the header field value \(reason)"
        case .missingHost:
            "an HTTP/1.1 request needs a Host header field"
        case .duplicateHost:
            "more than one Host header field"
        case .invalidContentLength(let value):
            "Content-Length must be a non-negative decimal integer (or a list of equal ones), found '\(value)'"
        case .contentLengthWithTransferEncoding:
            "both Content-Length and Transfer-Encoding are present; the body's length is ambiguous"
        case .transferEncodingInHTTP10:
            "Transfer-Encoding is not allowed in an HTTP/1.0 request"
        case .unsupportedTransferCoding(let coding):
            "transfer coding '\(coding)' is not supported; only 'chunked' is"
        case .chunkedNotFinal:
            "'chunked' must be the last transfer coding, and appear once"
        case .invalidChunkSize(let reason):
            "chunked body: malformed chunk-size line: \(reason)"
        case .chunkSizeOverflow:
            "chunked body: the chunk size does not fit in 63 bits (more than 7fffffffffffffff)"
        case .chunkSizeLineTooLong(let limit):
            "chunked body: a chunk-size line (size, extensions and CRLF) longer than \(limit) bytes"
        case .chunkedFramingTooLarge(let limit):
            "chunked body: the chunk-size lines, extensions, CRLFs and trailer fields take more than \(limit) "
                + "bytes besides the data"
        case .missingChunkTerminator:
            "chunked body: expected CRLF after the chunk data"
        case .invalidTrailer(let problem):
            "chunked body's trailer section, \(problem)"
        case .unsupportedExpectation(let value):
            "Expect: '\(value)' is not supported; only '100-continue' is"
        }
    }
}
