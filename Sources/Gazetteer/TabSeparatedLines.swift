#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The data lines of one of the gazetteer's files, read in place from its bytes: lines end with LF,
/// fields are separated by tabs, lines that begin with `#` are headers. Each field is checked and
/// converted where it is read, and a bad one is a ``GazetteerError/malformed(file:line:field:problem:)``
/// naming this file, the line and the field.
struct TabSeparatedLines {
    /// The format every file's first line names (`# mockweather-gazetteer/1 places`).
    static let format = "mockweather-gazetteer/1"

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var position = 0
    /// The current line's number, 1-based.
    private(set) var lineNumber = 0
    private var fields: [Range<Int>] = []
    private var fieldNames: [String] = []

    /// The lines of `bytes`, which must begin with the header naming `kind` (`places`).
    init(_ bytes: UnsafeBufferPointer<UInt8>, file: String, kind: String) throws(GazetteerError) {
        self.bytes = bytes
        self.file = file
        let header = Array("# \(Self.format) \(kind)".utf8)
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        guard Array(bytes[..<end]) == header else {
            throw .malformed(
                file: file, line: 1, field: "header", problem: "expected '# \(Self.format) \(kind)' as the first line")
        }
    }

    /// Moves to the next data line and splits it into `fieldNames.count` fields; false after the last.
    mutating func next(fieldNames names: [String]) throws(GazetteerError) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        if fieldNames.count != names.count { fieldNames = names }
        while position < bytes.count {
            lineNumber += 1
            let start = position
            // memchr rather than a loop over the bytes: it is as fast in a debug build as in a release one.
            let end = Self.offset(of: 0x0A, in: base, from: start, to: bytes.count)
            position = end + 1
            if base[start] == 0x23 { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = start
            while fieldStart <= end {
                let fieldEnd = Self.offset(of: 0x09, in: base, from: fieldStart, to: end)
                fields.append(fieldStart..<fieldEnd)
                fieldStart = fieldEnd + 1
            }
            guard fields.count == names.count else {
                let expected = "\(names.count) tab-separated fields expected (\(names.joined(separator: ", ")))"
                throw problem(field: "line", "\(expected), found \(fields.count)")
            }
            return true
        }
        return false
    }

    /// The offset of the first `byte` in `start ..< end` of `base`, or `end` when there is none.
    private static func offset(of byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The bytes of field `index` of the current line.
    func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[fields[index]])
    }

    /// Field `index` as text, which must be valid UTF-8 and, unless `allowingEmpty`, not empty.
    func text(_ index: Int, allowingEmpty: Bool = false) throws(GazetteerError) -> String {
        let field = bytes(index)
        guard allowingEmpty || !field.isEmpty else { throw problem(field: fieldNames[index], "is empty") }
        // ASCII is valid UTF-8 as it is; only the other fields need the (slower) validating initializer.
        guard field.contains(where: { $0 >= 0x80 }) else { return String(decoding: field, as: UTF8.self) }
        guard let text = String(validating: field, as: UTF8.self) else {
            throw problem(field: fieldNames[index], "is not UTF-8")
        }
        return text
    }

    /// Field `index` as a whole number in `range`.
    func integer(_ index: Int, in range: ClosedRange<Int>) throws(GazetteerError) -> Int {
        let field = bytes(index)
        let negative = field.first == 0x2D
        var value = 0
        var offset = negative ? 1 : 0
        while offset < field.count {
            let digit = Int(field[offset]) &- 0x30
            guard digit >= 0 && digit <= 9, offset < 18 else {
                throw problem(field: fieldNames[index], "'\(quoted(index))' is not a whole number")
            }
            value = value * 10 + digit
            offset += 1
        }
        guard field.count > (negative ? 1 : 0) else {
            throw problem(field: fieldNames[index], "'\(quoted(index))' is not a whole number")
        }
        let number = negative ? -value : value
        guard range.contains(number) else {
            throw problem(field: fieldNames[index], "\(number) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// Field `index` as a decimal number (`-33.8678`, at most 6 decimals) in `range`.
    func decimal(_ index: Int, in range: ClosedRange<Double>) throws(GazetteerError) -> Double {
        let field = bytes(index)
        let negative = field.first == 0x2D
        var digits = 0
        var digitCount = 0
        var scale = 0
        var pointSeen = false
        var offset = negative ? 1 : 0
        var valid = true
        while valid && offset < field.count {
            let byte = field[offset]
            if byte == 0x2E && !pointSeen {
                pointSeen = true
            } else if byte >= 0x30 && byte <= 0x39 && digitCount < 15 && (!pointSeen || scale < 6) {
                digits = digits * 10 + Int(byte - 0x30)
                digitCount += 1
                if pointSeen { scale += 1 }
            } else {
                valid = false
            }
            offset += 1
        }
        guard valid && digitCount > 0 else {
            throw problem(field: fieldNames[index], "'\(quoted(index))' is not a decimal number")
        }
        // Both numbers are exact in a Double, so the quotient is the correctly rounded value, as `Double(_:)`
        // gives it.
        let magnitude = Double(digits) / Self.powersOfTen[scale]
        let number = negative ? -magnitude : magnitude
        guard range.contains(number) else {
            throw problem(field: fieldNames[index], "\(number) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Field `index` as text to quote in a message, whatever its bytes.
    private func quoted(_ index: Int) -> String {
        String(decoding: bytes(index), as: UTF8.self)
    }

    /// A problem with `field` of the current line.
    func problem(field: String, _ what: String) -> GazetteerError {
        .malformed(file: file, line: lineNumber, field: field, problem: what)
    }
}
