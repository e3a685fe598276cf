import Basics
import Dispatch
import HTTPServer

/// Replays cassettes: matching, then the request's provider's rules (a cassette naming a literal
/// secret wins over them), then the interaction's prepared response in the variant the request asks
/// for, at its sequence position, with its delay and fault, then global chaos.
package struct ReplayResponder: Responder {
    let unmatched: any UnmatchedRequestStrategy
    let chaos: ChaosConfiguration
    let random: SeededRandom
    let screening: ScreeningContext

    package func respond(to replayRequest: ReplayRequest, from library: CassetteLibrary) -> ReplayOutcome {
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
            return withChaos(unmatched.respond(to: replayRequest) { library.nearMiss(for: replayRequest) })
        }
        // Through the buffer, the entry and its prepared response are read where they lie: a copy of
        // either would retain each of their fields on every request, on both event loops at once.
        let answer = library.entries.withUnsafeBufferPointer { entries -> Answer in
            let entry = UnsafePointer(entries.baseAddress! + ordinal)
            let count = entry.pointee.responses.count
            let sequence = entry.pointee.position
            let position = sequence?.advance(count: count) ?? 0
            return entry.pointee.responses.withUnsafeBufferPointer { responses in
                let prepared = UnsafePointer(responses.baseAddress! + position)
                // Only a ranged interaction reads its range (the pattern's last rule).
                let window =
                    entry.pointee.isRanged ? entry.pointee.pattern.range?.window(for: replayRequest.parameters) : nil
                let label = entry.pointee.label
                let shown = sequence == nil ? label : "\(label) [\(position + 1)/\(count)]"
                if prepared.pointee.answersSlowly(for: replayRequest, window: window) {
                    return .slow(prepared.pointee, window: window, label: shown)
                }
                return .ready(
                    answering(
                        prepared.pointee, for: replayRequest, window: window, label: shown,
                        mayBeRemembered: sequence == nil)
                )
            }
        }
        switch answer {
        case .ready(var outcome):
            outcome.overridden = library.overridden(for: replayRequest, by: ordinal)
            return withChaos(outcome)
        case .slow(let prepared, let window, let label):
            // Off the event loop, which goes on serving other connections. A variant or range is made
            // on a queue of its own, one at a time, so a burst of requests for one huge variant makes
            // it once (the next in line finds it kept) and holds one in memory. A first encoding
            // (deferred for a large cassette file, which may hold small answers too) is not put
            // behind them: it may be a small answer, read back in a moment.
            let overridden = library.overridden(for: replayRequest, by: ordinal)
            let queue = prepared.isEncoded ? Self.slowAnswers : DispatchQueue.global()
            return .later { [self] in
                await withCheckedContinuation { continuation in
                    queue.async {
                        var outcome = answering(
                            prepared, for: replayRequest, window: window, label: label, mayBeRemembered: false)
                        outcome.overridden = overridden
                        continuation.resume(returning: withChaos(outcome))
                    }
                }
            }
        }
    }

    /// Where answers that work through a large body are made (``PreparedResponse/answersSlowly(for:window:)``).
    private static let slowAnswers = DispatchQueue(label: "mockweather.large-answers")

    /// What the matched interaction's answer needs: made at once, or off the event loop.
    private enum Answer {
        case ready(ReplayOutcome)
        case slow(PreparedResponse, window: ItemWindow?, label: String)
    }

    /// The outcome of answering `request` with `prepared` (its variant, range, delay and fault), as
    /// `label`; without `mayBeRemembered` (a position of a `responses` sequence, an answer made off the
    /// loop) it is never kept in the answer memo.
    private func answering(
        _ prepared: borrowing PreparedResponse, for request: ReplayRequest, window: ItemWindow?, label: String,
        mayBeRemembered: Bool
    ) -> ReplayOutcome {
        var response = prepared.response(for: request, window: window)
        var isRepeatable = mayBeRemembered && prepared.isEncoded && chaos.isQuiet
        switch prepared.delay {
        case .fixed(let milliseconds): response.delay = .milliseconds(milliseconds)
        case .uniform(let low, let high):
            response.delay = .milliseconds(random.integer(in: low...high))
            isRepeatable = false
        case nil: break
        }
        var served: ServedFault?
        if let fault = prepared.fault {
            response.fault = fault.httpFault(bodyCount: response.body.count)
            served = ServedFault(kind: fault.kind, isRandom: false)
        }
        var outcome = ReplayOutcome(response, .answered(label), fault: served)
        outcome.isRepeatable = isRepeatable
        return outcome
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
