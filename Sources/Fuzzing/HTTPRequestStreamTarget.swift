import HTTPServer

/// The HTTP/1.1 request parser on a whole byte stream (one request, several pipelined, or garbage).
///
/// The parser promises to accept bytes in any split, so the stream is parsed three ways (in one
/// piece, one byte at a time, and cut at points drawn from the input itself) and the three must
/// report the same requests, in the same order, ending the same way. Each way runs with the default
/// limits and with tight ones, so the limit checks are reached by short inputs too.
enum HTTPRequestStreamTarget {
    static let target = FuzzTarget(
        name: "http-request",
        summary: "HTTP/1.1 request parser: whole, byte-at-a-time and randomly split streams must agree"
    ) { bytes in
        for limits in [HTTPLimits(), tightLimits] {
            let whole = ParserEvents.events(of: bytes, cutAt: [], limits: limits)
            if let stall = whole.first(where: { $0 == "stalled" || $0.hasPrefix("over-consumed ") }) {
                return "in one piece: \(stall)"
            }
            let splits: [(String, [Int])] = [
                ("byte at a time", Array(0..<bytes.count)),
                ("cut at \(cuts(for: bytes))", cuts(for: bytes)),
            ]
            for (how, cuts) in splits {
                let split = ParserEvents.events(of: bytes, cutAt: cuts, limits: limits)
                if split != whole {
                    return "\(how), the parser saw\n\(split.joined(separator: "\n"))\nbut in one piece\n"
                        + whole.joined(separator: "\n")
                }
            }
        }
        return nil
    }

    private static let tightLimits: HTTPLimits = {
        var limits = HTTPLimits()
        limits.maxRequestLineLength = 64
        limits.maxHeadLength = 160
        limits.maxHeaderCount = 4
        limits.maxBodyLength = 48
        limits.maxChunkSizeLineLength = 24  // under the framing allowance (160), so both bounds are reached
        return limits
    }()

    /// Up to eight cut points, the same for the same input: a SplitMix64 stream seeded with the
    /// input's FNV-1a hash, so a finding replays exactly.
    private static func cuts(for bytes: [UInt8]) -> [Int] {
        guard bytes.count > 1 else { return [] }
        var state = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        let count = Int(next() % 9)
        return (0..<count).map { _ in 1 + Int(next() % UInt64(bytes.count - 1)) }.sorted()
    }
}
