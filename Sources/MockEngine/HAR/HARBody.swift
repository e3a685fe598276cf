import Basics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The body of an entry's response as the server meant it: `content.text` taken as UTF-8 or, with
/// `encoding: base64`, as bytes, then uncompressed if the tool kept it compressed.
///
/// HAR asks tools to store bodies decoded (unchunked, decompressed) and most do; some keep the
/// compressed bytes with the `Content-Encoding` header. Both are handled: gzip and deflate are
/// decompressed here, a body that is already plain is taken as it is, and a body still in a coding
/// mockweather cannot decode (br, zstd) is reported, never stored as if it were the answer.
package enum HARBody {
    /// A body that cannot be had: the field at fault and why.
    package struct Problem: Error, Sendable {
        /// Which of `content`, `content.text` or `content.encoding` is at fault.
        package enum Field { case content, text, encoding }
        /// The field at fault.
        package var field: Field
        /// Why the body cannot be had.
        package var message: String
        /// True when decompressing it would overspend the import's budget
        /// (`HARImportBudget.maximumInflatedBytes`): the import stops there.
        package var spentBudget = false
    }

    /// The body bytes, or the problem with them. What decompressing makes is taken from
    /// `inflateBudget` (the bytes the whole import may still inflate), and decompression stops as soon
    /// as it would overspend it, so a bomb never grows past what is left.
    package static func bytes(
        of response: HARResponse, method: String, inflateBudget: inout Int
    ) -> Result<[UInt8], Problem> {
        let content = response.content
        guard let text = content.text else {
            // No text and nothing to carry is an empty body; anything else is a body the tool dropped.
            let isBodiless = method == "HEAD" || response.status == 204 || response.status == 304
            if content.size == 0 || (content.size == nil && isBodiless) { return .success([]) }
            let size = content.size.map { " (content.size says \($0) bytes)" } ?? ""
            return .failure(
                Problem(
                    field: .content,
                    message:
                        "missing body: content.text is absent\(size), so the tool did not keep the response body; "
                        + "save the capture again with response bodies included (mockweather never invents one)"))
        }
        var bytes: [UInt8]
        switch content.encoding?.lowercased() {
        case nil, "":
            bytes = Array(text.utf8)
        case "base64":
            // Some writers wrap base64 in lines; anything else that is not base64 is refused.
            let compact = text.filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: compact) else {
                return .failure(
                    Problem(
                        field: .text, message: "content.encoding is \"base64\" but content.text is not valid base64"))
            }
            bytes = Array(data)
        case let other?:
            return .failure(
                Problem(
                    field: .encoding,
                    message:
                        "unknown content.encoding \(JSONValue.quoted(other)); HAR defines \"base64\" (or none for text)"
                ))
        }
        let codings = contentCodings(of: response.headers)
        for coding in codings.reversed() {
            switch decode(bytes, coding: coding, budget: inflateBudget) {
            case .success(.some(let decoded)):
                bytes = decoded
                inflateBudget -= decoded.count
            case .success(nil): return .success(bytes)  // the tool had decoded it already
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(bytes)
    }

    /// `Content-Encoding` codings in the order applied, without `identity`.
    static func contentCodings(of headers: [HeaderField]) -> [String] {
        headers.filter { $0.name.lowercased() == "content-encoding" }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingWhitespace().lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
    }

    /// The bytes with `coding` undone; nil when they are plainly not in that coding (already decoded).
    private static func decode(_ bytes: [UInt8], coding: String, budget: Int) -> Result<[UInt8]?, Problem> {
        let limit = min(Inflate.maximumOutput, max(budget, 0))
        do throws(Inflate.Failure) {
            switch coding {
            case "gzip", "x-gzip":
                return Inflate.isGzip(bytes) ? .success(try Inflate.gunzip(bytes, limit: limit)) : .success(nil)
            case "deflate":
                if Inflate.isZlibHeader(bytes) || !looksDecoded(bytes) {
                    return .success(try Inflate.zlibOrRawDeflate(bytes, limit: limit))
                }
                return .success(nil)
            default:
                if looksDecoded(bytes) { return .success(nil) }
                return .failure(
                    Problem(
                        field: .text,
                        message:
                            "the body is still \(coding)-compressed (Content-Encoding: \(coding)), which mockweather "
                            + "cannot decode; save the capture with decoded bodies (browsers and proxies decode by default)"
                    ))
            }
        } catch {
            if error.exceededLimit != nil, limit < Inflate.maximumOutput {
                return .failure(
                    Problem(
                        field: .text,
                        message: "decompressing it goes past the \(limit) bytes left of the import's budget",
                        spentBudget: true))
            }
            return .failure(
                Problem(
                    field: .text,
                    message: "the body is marked Content-Encoding: \(coding) but does not decompress: \(error)"))
        }
    }

    /// Whether bytes read as a decoded body: UTF-8 text, or an image format that is never compressed
    /// again. Compressed streams are neither.
    private static func looksDecoded(_ bytes: [UInt8]) -> Bool {
        if bytes.isEmpty || String(validating: bytes, as: UTF8.self) != nil { return true }
        let imageSignatures: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47],  // PNG
            [0xFF, 0xD8, 0xFF],  // JPEG
            [0x47, 0x49, 0x46, 0x38],  // GIF
            [0x52, 0x49, 0x46, 0x46],  // RIFF (WebP)
        ]
        return imageSignatures.contains { bytes.starts(with: $0) }
    }
}
