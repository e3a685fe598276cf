import Basics
import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// The DEFLATE decoder against streams made by Python's zlib module (stored, fixed-Huffman and
/// dynamic-Huffman blocks; gzip, zlib and raw wrappers), and its refusals.
@Suite struct InflateTests {
    private static let text = String(repeating: "Seoul -2.34 °C overcast clouds; ", count: 40)

    private func bytes(_ base64: String) throws -> [UInt8] { Array(try #require(Data(base64Encoded: base64))) }

    @Test func fixedHuffmanRawStreamDecodes() throws {
        let stream = try bytes("C07NL81R0DXSMzZROLTBWSG/LLUoObG4RCE5J780pdhaIXhUwaiCUQWjCka2AgA=")
        #expect(try Inflate.zlibOrRawDeflate(stream) == Array(Self.text.utf8))
    }

    @Test func zlibStreamDecodesAndItsChecksumIsVerified() throws {
        var stream = try bytes("eNoLTs0vzVHQNdIzNlE4tMFZIb8stSg5sbhEITknvzSl2FoheFTBqIJRBaMKRrYCAEOjy5g=")
        #expect(try Inflate.zlibOrRawDeflate(stream) == Array(Self.text.utf8))
        stream[stream.count - 1] ^= 1
        #expect(throws: Inflate.Failure(message: "zlib Adler-32 checksum does not match")) {
            try Inflate.zlibOrRawDeflate(stream)
        }
    }

    @Test func gzipMemberWithDynamicHuffmanBlockDecodesTheCapturedBody() throws {
        // Charles's fixture keeps this body gzip-compressed (a dynamic-Huffman block).
        let har = try HARFixtures.bytes("charles.har")
        let root = try JSONParser.parse(har)
        let text = try #require(root["log"]?["entries"]?.elements?[1]["response"]?["content"]?["text"]?.stringValue)
        let decoded = try Inflate.gunzip(try bytes(text))
        #expect(String(decoding: decoded, as: UTF8.self).hasPrefix(#"{"coord":{"lon":126.9778,"lat":37.5683}"#))
        #expect(decoded.count == 522)
    }

    @Test func gzipWithAWrongCRCIsRefused() throws {
        var stream = try bytes(
            "H4sIAAAAAAACAwtOzS/NUdA10jM2UTi0wVkhvyy1KDmxuEQhOSe/NKXYWiF4VMGoglEFowpGtgIAg3o8pygFAAA=")
        #expect(try Inflate.gunzip(stream) == Array(Self.text.utf8))
        stream[stream.count - 8] ^= 0xFF
        #expect(throws: Inflate.Failure(message: "gzip CRC-32 does not match")) { try Inflate.gunzip(stream) }
    }

    @Test func truncatedStreamIsRefused() throws {
        let stream = try bytes(
            "H4sIAAAAAAACAwtOzS/NUdA10jM2UTi0wVkhvyy1KDmxuEQhOSe/NKXYWiF4VMGoglEFowpGtgIAg3o8pygFAAA=")
        #expect(throws: Inflate.Failure.self) { try Inflate.gunzip(Array(stream.prefix(20))) }
    }

    @Test func storedBlockWithABadLengthCheckIsRefused() throws {
        let stream: [UInt8] = [0x01, 0x05, 0x00, 0x00, 0x00, 0x41, 0x42, 0x43, 0x44, 0x45]
        #expect(throws: Inflate.Failure(message: "stored block length check fails")) {
            try Inflate.zlibOrRawDeflate(stream)
        }
        let valid: [UInt8] = [0x01, 0x05, 0x00, 0xFA, 0xFF, 0x41, 0x42, 0x43, 0x44, 0x45]
        #expect(try Inflate.zlibOrRawDeflate(valid) == Array("ABCDE".utf8))
    }

    @Test func reservedBlockTypeIsRefused() {
        #expect(throws: Inflate.Failure(message: "invalid DEFLATE block type 3")) {
            try Inflate.zlibOrRawDeflate([0x07, 0x00])
        }
    }

    @Test func distanceBeforeTheStartIsRefused() {
        // Fixed block: a length/distance pair as the very first symbol.
        #expect(throws: Inflate.Failure.self) { try Inflate.zlibOrRawDeflate([0x03, 0x02, 0x00]) }
    }

    @Test func notGzipIsSaidSo() {
        #expect(throws: Inflate.Failure(message: "not gzip data (no 1f 8b magic number)")) {
            try Inflate.gunzip(Array("{\"not\": \"gzip\", \"padding\": 1}".utf8))
        }
    }
}
