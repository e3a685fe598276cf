import HTTPServer

/// Replays cassettes: `--require-key`, then matching, then the interaction's prepared response with
/// its units variant, sequence position, delay and fault, then global chaos.
struct ReplayResponder: Responder {
    /// The API's own answer to a request without a key (reference: openweathermap.md, exact bytes).
    static let invalidKeyBody =
        "{\"cod\":401, \"message\": \"Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.\"}"

    let store: CassetteStore
    let unmatched: any UnmatchedRequestStrategy
    let chaos: ChaosConfiguration
    let random: SeededRandom
    let requireKey: Bool

    func respond(to request: HTTPRequest, as replayRequest: ReplayRequest) -> ReplayOutcome {
        // Icons are served without a key at the API, so they never need one here either.
        if requireKey, (replayRequest.parameters["appid"] ?? "").isEmpty, IconPath.code(of: replayRequest.path) == nil {
            // The API checks the key before the location, so this comes before matching.
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            let response = HTTPResponse(status: 401, headers: headers, body: Array(Self.invalidKeyBody.utf8))
            return applyChaos(
                ReplayOutcome(
                    result: .respond(response), status: 401, matched: "(API key required)",
                    isUnmatched: false))
        }
        let library = store.library
        guard let ordinal = library.match(replayRequest) else {
            let outcome = unmatched.respond(
                to: request, as: replayRequest,
                nearMiss: library.nearMiss(for: replayRequest), library: library)
            return applyChaos(outcome)
        }
        let entry = library.entries[ordinal]
        let position = entry.position?.advance(count: entry.responses.count) ?? 0
        let prepared = entry.responses[position]
        var response = prepared.response(
            in: Units(requestValue: replayRequest.parameters["units"]),
            excluding: ExcludedBlocks(requestValue: replayRequest.parameters["exclude"]),
            itemLimit: ForecastCount.limit(requestValue: replayRequest.parameters["cnt"]),
            window: entry.pattern.range?.window(for: replayRequest.parameters))
        var delay = 0
        switch prepared.delay {
        case .fixed(let milliseconds): delay = milliseconds
        case .uniform(let low, let high): delay = random.integer(in: low...high)
        case nil: break
        }
        var outcome = ReplayOutcome(
            result: .respond(response), status: prepared.status,
            matched: entry.position == nil ? entry.label : "\(entry.label) [\(position + 1)/\(entry.responses.count)]",
            isUnmatched: false, delayMilliseconds: delay)
        if let fault = prepared.fault {
            Self.apply(fault, to: &response)
            outcome.fault = Self.name(of: fault)
        }
        outcome.result = .respond(response)
        return applyChaos(outcome)
    }

    private func applyChaos(_ outcome: ReplayOutcome) -> ReplayOutcome {
        // Without --latency, --fault-rate or a delay there is nothing to change (the usual case).
        if chaos.latencyMilliseconds == nil, chaos.faultRate <= 0, outcome.delayMilliseconds <= 0 { return outcome }
        guard case .respond(var response) = outcome.result else { return outcome }
        var outcome = outcome
        if let latency = chaos.latencyMilliseconds {
            outcome.delayMilliseconds += random.integer(in: latency)
        }
        if chaos.faultRate > 0, !chaos.faultKinds.isEmpty, random.unitInterval() < chaos.faultRate {
            let kind = chaos.faultKinds[random.integer(in: 0...(chaos.faultKinds.count - 1))]
            Self.apply(FaultSpecification(kind), to: &response)
            outcome.fault = "\(kind.rawValue) (random fault)"
        }
        if outcome.delayMilliseconds > 0 { response.delay = .milliseconds(outcome.delayMilliseconds) }
        outcome.result = .respond(response)
        return outcome
    }

    static func name(of fault: FaultSpecification) -> String {
        fault.kind.rawValue
    }

    /// Sets the server fault for a cassette fault. A cut body always keeps at least its first byte
    /// short of the whole, so the client really gets less than the full body.
    static func apply(_ fault: FaultSpecification, to response: inout HTTPResponse) {
        switch fault {
        case .reset: response.fault = .reset
        case .empty: response.fault = .closeWithoutResponse
        case .hang: response.fault = .hang
        case .drip(let rate): response.fault = .drip(bytesPerSecond: rate)
        case .truncate(let bodyBytes, let announcesLength):
            let keep = min(bodyBytes ?? response.body.count / 2, max(0, response.body.count - 1))
            response.fault = .truncateBody(keepingBytes: keep, announcingFullLength: announcesLength)
        }
    }
}
