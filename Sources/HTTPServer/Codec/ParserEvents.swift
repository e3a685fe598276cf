/// What the request parser makes of a byte stream, as text: the stable entry point the fuzz targets
/// and their regression tests call (see docs/ARCHITECTURE.md#fuzzing), so they need none of the
/// parser's internals.
package enum ParserEvents {
    /// Feeds `bytes` to a fresh parser in pieces that end at `cuts` (offsets into `bytes`, in any
    /// order; out-of-range ones are ignored), as a connection would hand over what each read
    /// returned, and describes each event until the stream ends or the parser reports an error.
    /// A request is described as `request METHOD target ...`. A stream that makes the parser stop
    /// consuming without asking for more ends with `"stalled"`, which a caller should treat as a hang,
    /// and one that it claims to consume past the bytes it was given ends with `over-consumed N of M`.
    /// (The `request ` prefix keeps a method named like a marker, `stalled` or `over-consumed`, from
    /// reading as one.)
    package static func events(of bytes: [UInt8], cutAt cuts: [Int], limits: HTTPLimits) -> [String] {
        var parser = HTTPRequestParser(limits: limits)
        var pending: [UInt8] = []
        var events: [String] = []
        var start = 0
        for end in Set(cuts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]).sorted() {
            pending.append(contentsOf: bytes[start..<end])
            start = end
            // Every request consumes at least its request line, and announces `100-continue` at most
            // once, so more steps than this mean the parser is going round without progress.
            let maximumSteps = 2 * pending.count + 3
            var steps = 0
            parsing: while true {
                steps += 1
                guard steps <= maximumSteps else { return events + ["stalled"] }
                let (consumed, event) = pending.withUnsafeBytes { parser.parse($0) }
                guard consumed <= pending.count else {
                    return events + ["over-consumed \(consumed) of \(pending.count)"]
                }
                pending.removeFirst(consumed)
                switch event {
                case .needMoreData: break parsing
                case .expectsContinue: events.append("100-continue")
                case .request(let request): events.append(describe(request))
                case .error(let error): return events + ["error: \(error)"]
                }
            }
        }
        return events + [
            "\(parser.hasPartialRequest ? "partial request" : "between requests"), \(pending.count) bytes held"
        ]
    }

    private static func describe(_ request: ParsedRequest) -> String {
        let headers = request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "|")
        return "request \(request.method) \(request.target) \(request.version) [\(headers)] body \(request.body) "
            + "keepAlive \(request.keepAlive)"
    }
}
