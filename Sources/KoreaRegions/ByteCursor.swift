/// Reads `divisions.bin` front to back: LEB128 varints, zigzag-signed ones and UTF-8 names, each checked
/// where it is read. A problem is a ``KoreaRegionsError/malformed(path:offset:reason:)`` naming the file,
/// the offset of the value that was wrong and what it was meant to be.
struct ByteCursor {
    private let bytes: [UInt8]
    private let path: String
    /// The offset of the next byte to read.
    private(set) var offset = 0

    /// A cursor at the start of `bytes`, the contents of the file at `path`.
    init(_ bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// The next `count` bytes, which must be there.
    mutating func bytes(_ count: Int, what: String) throws(KoreaRegionsError) -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw problem(at: offset, "\(what) is cut short (the file ends)") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// An unsigned varint no greater than `limit`, described as `what` in a message.
    mutating func unsigned(_ what: String, atMost limit: UInt64 = UInt64(Int.max)) throws(KoreaRegionsError) -> Int {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw problem(at: start, "\(what) is missing (the file ends)") }
            let byte = bytes[offset]
            offset += 1
            guard shift < 63 || (shift == 63 && byte <= 1) else {
                throw problem(at: start, "\(what) is not a number (a varint longer than 64 bits)")
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        guard value <= limit else { throw problem(at: start, "\(what) is \(value), more than \(limit)") }
        return Int(value)
    }

    /// A zigzag-encoded signed varint within `range`.
    mutating func signed(_ what: String, in range: ClosedRange<Int>) throws(KoreaRegionsError) -> Int {
        let start = offset
        let raw = try unsigned(what, atMost: UInt64.max >> 1)
        let value = raw & 1 == 0 ? raw >> 1 : -(raw >> 1) - 1
        guard range.contains(value) else {
            throw problem(at: start, "\(what) is \(value), outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// `count` points, each two zigzag varint steps (east, then north) from the point before, the first
    /// from `start`: appended to `longitudes` and `latitudes`, and the last point returned. Every step is
    /// at most `largestStep` either way and every point inside `box`. One loop over the buffer, since the
    /// regions' file is millions of steps and a call per varint costs seconds in a debug build.
    mutating func steps(
        _ count: Int, from start: (longitude: Int, latitude: Int), largestStep: Int,
        box: (longitudes: ClosedRange<Int>, latitudes: ClosedRange<Int>), what: String,
        longitudes: inout [Int32], latitudes: inout [Int32]
    ) throws(KoreaRegionsError) -> (longitude: Int, latitude: Int) {
        enum Failure {
            case cut, tooLong
            case tooLarge(Int)
            case outside(latitude: Int, longitude: Int)
        }
        var longitude = start.longitude
        var latitude = start.latitude
        var position = offset
        var failure: (Failure, at: Int)?
        bytes.withUnsafeBufferPointer { buffer in
            for _ in 0..<count {
                let pointStart = position
                var pair = (0, 0)
                for index in 0..<2 {
                    let stepStart = position
                    var raw: UInt64 = 0
                    var shift: UInt64 = 0
                    while true {
                        guard position < buffer.count else {
                            failure = (.cut, stepStart)
                            return
                        }
                        let byte = buffer[position]
                        position += 1
                        guard shift < 63 else {
                            failure = (.tooLong, stepStart)
                            return
                        }
                        raw |= UInt64(byte & 0x7F) << shift
                        if byte & 0x80 == 0 { break }
                        shift += 7
                    }
                    guard raw >> 1 <= UInt64(largestStep) else {
                        failure = (.tooLarge(Int(truncatingIfNeeded: raw >> 1)), stepStart)
                        return
                    }
                    let step = raw & 1 == 0 ? Int(raw >> 1) : -Int(raw >> 1) - 1
                    if index == 0 { pair.0 = step } else { pair.1 = step }
                }
                longitude += pair.0
                latitude += pair.1
                guard box.longitudes.contains(longitude), box.latitudes.contains(latitude) else {
                    failure = (.outside(latitude: latitude, longitude: longitude), pointStart)
                    return
                }
                longitudes.append(Int32(longitude))
                latitudes.append(Int32(latitude))
            }
        }
        offset = position
        if let (kind, at) = failure {
            offset = at
            switch kind {
            case .cut: throw problem(at: at, "\(what) is missing (the file ends)")
            case .tooLong: throw problem(at: at, "\(what) is not a number (a varint longer than 64 bits)")
            case .tooLarge(let size):
                throw problem(at: at, "\(what) is \(size), more than \(largestStep) either way")
            case .outside(let latitude, let longitude):
                throw problem(at: at, "\(what) leads outside Korea's box (\(latitude), \(longitude))")
            }
        }
        return (longitude, latitude)
    }

    /// A name: its byte count, then that many bytes of UTF-8.
    mutating func name(_ what: String) throws(KoreaRegionsError) -> String {
        let count = try unsigned("\(what)'s length", atMost: 256)
        let start = offset
        let utf8 = try bytes(count, what: what)
        guard count > 0, let text = String(validating: utf8, as: UTF8.self) else {
            throw problem(at: start, "\(what) is \(count == 0 ? "empty" : "not UTF-8")")
        }
        return text
    }

    /// A problem with the value that starts at `offset`.
    func problem(at offset: Int, _ what: String) -> KoreaRegionsError {
        .malformed(path: path, offset: offset, reason: what)
    }
}
