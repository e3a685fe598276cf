import Basics
package import HTTPServer

/// Replays cassettes: matching, then the request's provider's rules (a cassette naming a literal
/// secret wins over them), then the interaction's prepared response in the variant the request asks
/// for, at its sequence position, with its delay and fault, then global chaos.
package struct ReplayResponder: Responder {
    let store: CassetteStore
    let unmatched: any UnmatchedRequestStrategy
    let chaos: ChaosConfiguration
    let random: SeededRandom
    let screening: ScreeningContext

    package func respond(to request: HTTPRequest, as replayRequest: ReplayRequest) -> ReplayOutcome {
        let library = store.library
        let best = library.match(replayRequest)
        // The API checks the key before anything else, so its rules come before the location; a
        // cassette that stages a key state by naming the key itself is the user's word and wins.
        if best?.quality.namesSecret != true, let provider = replayRequest.provider,
            let screened = provider.provider.screen(replayRequest, context: screening)
        {
            var outcome = ReplayOutcome(screened.response, .answered(screened.rule))
            outcome.shownBody = screened.shownBody
            return withChaos(outcome)
        }
        guard let ordinal = best?.ordinal else {
            // After the key (the API checks it first), before the strategy: a point no API has is
            // the API's 400, in record mode too (nothing upstream would answer otherwise).
            if let problem = replayRequest.outOfRangeCoordinate, let provider = replayRequest.provider,
                let names = provider.vocabulary.coordinates
            {
                let response = provider.provider.errorResponse(
                    status: 400, message: names.message(for: problem), for: replayRequest)
                return withChaos(ReplayOutcome(response, .answered(problem.rule)))
            }
            return withChaos(
                unmatched.respond(
                    to: request, as: replayRequest, nearMiss: library.nearMiss(for: replayRequest), library: library))
        }
        // Through the buffer, the entry and its prepared response are read where they lie: a copy of
        // either would retain each of their fields on every request, on both event loops at once.
        let (response, served, shownLabel, isRepeatable) = library.entries.withUnsafeBufferPointer { entries in
            let entry = UnsafePointer(entries.baseAddress! + ordinal)
            let count = entry.pointee.responses.count
            let sequence = entry.pointee.position
            let position = sequence?.advance(count: count) ?? 0
            return entry.pointee.responses.withUnsafeBufferPointer { responses in
                let prepared = UnsafePointer(responses.baseAddress! + position)
                // Only a ranged interaction reads its range (the pattern's last rule).
                let window =
                    entry.pointee.isRanged ? entry.pointee.pattern.range?.window(for: replayRequest.parameters) : nil
                var response = prepared.pointee.response(for: replayRequest, window: window)
                var isRepeatable = sequence == nil && prepared.pointee.isEncoded && chaos.isQuiet
                switch prepared.pointee.delay {
                case .fixed(let milliseconds): response.delay = .milliseconds(milliseconds)
                case .uniform(let low, let high):
                    response.delay = .milliseconds(random.integer(in: low...high))
                    isRepeatable = false
                case nil: break
                }
                var served: ServedFault?
                if let fault = prepared.pointee.fault {
                    response.fault = fault.httpFault(bodyCount: response.body.count)
                    served = ServedFault(kind: fault.kind, isRandom: false)
                }
                let label = entry.pointee.label
                let shown = sequence == nil ? label : "\(label) [\(position + 1)/\(count)]"
                return (response, served, shown, isRepeatable)
            }
        }
        var outcome = ReplayOutcome(response, .answered(shownLabel), fault: served)
        outcome.overridden = library.overridden(for: replayRequest, by: ordinal)
        outcome.isRepeatable = isRepeatable
        return withChaos(outcome)
    }

    /// `outcome` with `--latency` added to its delay and, at `--fault-rate`, a random fault in place
    /// of its own.
    private func withChaos(_ outcome: consuming ReplayOutcome) -> ReplayOutcome {
        // Without --latency or --fault-rate there is nothing to change (the usual case); consumed, so
        // it is handed back without a copy.
        guard !chaos.isQuiet, case .now(var response) = outcome.answer else { return outcome }
        if let latency = chaos.latencyMilliseconds {
            let milliseconds = Int((response.delay ?? .zero).inMilliseconds) + random.integer(in: latency)
            response.delay = .milliseconds(milliseconds)
        }
        if chaos.faultRate > 0, !chaos.faultKinds.isEmpty, random.unitInterval() < chaos.faultRate {
            let kind = chaos.faultKinds[random.integer(in: 0...(chaos.faultKinds.count - 1))]
            response.fault = FaultSpecification(kind).httpFault(bodyCount: response.body.count)
            outcome.fault = ServedFault(kind: kind, isRandom: true)
        }
        outcome.answer = .now(response)
        return outcome
    }
}
