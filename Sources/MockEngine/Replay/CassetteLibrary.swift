import Dispatch
import Locking
import Synchronization

/// A loaded, indexed, ready-to-serve set of cassettes. Immutable apart from sequence positions;
/// a reload or a recorded cassette produces a new library (see `CassetteStore`).
package final class CassetteLibrary: Sendable {
    /// The cassettes in file order.
    package let cassettes: [Cassette]
    /// The APIs the cassettes answer for.
    package let providers: ProviderSet
    package let entries: [Entry]
    let index: MatchIndex

    /// One interaction, ready to answer.
    package struct Entry: Sendable {
        var cassetteName: String
        var interactionIndex: Int
        var interactionCount: Int
        package var pattern: RequestPattern
        package var responses: [PreparedResponse]
        /// Present for `responses` sequences only.
        var position: SequencePosition?
        /// `openweathermap/current/seoul`, or `name#1` when the cassette has several interactions
        /// (made once at load: every answered request logs it).
        package let label: String
        /// The cassette's ``Cassette/precedence``.
        var precedence: Int
    }

    /// Indexes `cassettes` and prepares every response (its bytes are encoded on its first request);
    /// cassettes are assumed valid (loaded through `CassetteLoader` with the same `providers`).
    package init(cassettes: [Cassette], providers: ProviderSet) {
        self.cassettes = cassettes
        self.providers = providers
        // Entries (labels, prepared responses) are made on all cores, in file order.
        var running = 0
        let offsets = cassettes.map { cassette in
            defer { running += cassette.interactions.count }
            return running
        }
        let total = running
        let slots = Locked([Entry?](repeating: nil, count: total))
        let indexing = Locked<MatchIndex?>(nil)
        let chunk = 64
        // Iteration 0 builds the index (one pass over the patterns, in file order) while the others
        // make the entries, so neither waits for the other on a multi-core machine.
        DispatchQueue.concurrentPerform(iterations: (cassettes.count + chunk - 1) / chunk + 1) { iteration in
            if iteration == 0 {
                let built = MatchIndex(cassettes: cassettes, providers: providers)
                indexing.withLock { $0 = built }
                return
            }
            let batch = iteration - 1
            var prepared: [(Int, Entry)] = []
            for position in batch * chunk..<min(cassettes.count, (batch + 1) * chunk) {
                let cassette = cassettes[position]
                for (index, interaction) in cassette.interactions.enumerated() {
                    let label = cassette.interactions.count > 1 ? "\(cassette.name)#\(index)" : cassette.name
                    prepared.append(
                        (
                            offsets[position] + index,
                            Entry(
                                cassetteName: cassette.name, interactionIndex: index,
                                interactionCount: cassette.interactions.count, pattern: interaction.request,
                                responses: interaction.responses.map {
                                    PreparedResponse(
                                        $0, cassetteName: label,
                                        provider: providers.provider(forPath: interaction.request.path))
                                },
                                position: interaction.isSequence ? SequencePosition() : nil, label: label,
                                precedence: cassette.precedence)
                        ))
                }
            }
            slots.withLock { slots in for (ordinal, entry) in prepared { slots[ordinal] = entry } }
        }
        // Mapped, not compact-mapped: the result is allocated once at its size. Growing it by appends
        // kept up to twice the entries' memory for the library's lifetime (8.9 MB for 5.4 at 10,000
        // cassettes).
        self.entries = slots.withLock { slots in slots.map { $0! } }
        self.index = indexing.withLock { $0! }
    }

    /// The number of interactions across all cassettes.
    package var interactionCount: Int { entries.count }

    /// A library with `cassette` added after the others (record mode adds what it captures).
    /// Throws when the cassette repeats a request the library already answers.
    func adding(_ cassette: Cassette) throws(CassetteValidationError) -> CassetteLibrary {
        let problems = CassetteLoader.duplicateRequests(in: cassettes + [cassette])
        guard problems.isEmpty else { throw CassetteValidationError(directory: "(runtime)", problems: problems) }
        return CassetteLibrary(cassettes: cassettes + [cassette], providers: providers)
    }

    /// A library with `cassette` in place of the one with the same name (record mode re-recording a
    /// request), or added after the others when there is none. Throws when it repeats a request
    /// another cassette answers.
    func replacing(_ cassette: Cassette) throws(CassetteValidationError) -> CassetteLibrary {
        guard let position = cassettes.firstIndex(where: { $0.name == cassette.name }) else {
            return try adding(cassette)
        }
        var updated = cassettes
        updated[position] = cassette
        let problems = CassetteLoader.duplicateRequests(in: updated)
        guard problems.isEmpty else { throw CassetteValidationError(directory: "(runtime)", problems: problems) }
        return CassetteLibrary(cassettes: updated, providers: providers)
    }

    /// The best matching interaction's ordinal and how well it matched: highest precedence, then most
    /// specific, then nearest, then first in file order.
    package func match(_ request: ReplayRequest) -> (ordinal: Int, quality: MatchQuality)? {
        match(request, below: nil)
    }

    /// The best match among interactions of precedence lower than `ceiling` (all when nil).
    private func match(_ request: ReplayRequest, below ceiling: Int?) -> (ordinal: Int, quality: MatchQuality)? {
        let candidates = index.candidates(for: request)
        // Through the buffer, each entry is read where it lies: the array's subscript would copy it,
        // retaining every field, on each candidate of each request.
        return entries.withUnsafeBufferPointer { entries in
            var best: (ordinal: Int, quality: MatchQuality, precedence: Int)?
            for ordinal in candidates {
                let precedence = entries[ordinal].precedence
                if let ceiling, precedence >= ceiling { continue }
                guard let quality = Matchers.match(rules: entries[ordinal].pattern.rules, request) else { continue }
                if let current = best,
                    precedence < current.precedence
                        || (precedence == current.precedence && !quality.isBetter(than: current.quality))
                {
                    continue
                }
                best = (ordinal, quality, precedence)
            }
            return best.map { ($0.ordinal, $0.quality) }
        }
    }

    /// The label of the interaction that would have answered `request` had the one at `ordinal` (of
    /// higher precedence) not been there, or nil when none of lower precedence matches.
    func overridden(for request: ReplayRequest, by ordinal: Int) -> String? {
        let precedence = entries[ordinal].precedence
        guard precedence > 0, let shadowed = match(request, below: precedence) else { return nil }
        return entries[shadowed.ordinal].label
    }

    /// Rewinds every sequence to its first response.
    func resetSequences() {
        for entry in entries { entry.position?.reset() }
    }
}

/// Where an interaction's `responses` sequence has got to; shared by all event loops.
package final class SequencePosition: Sendable {
    private let next = Atomic<Int>(0)

    /// The index to serve now (the last one repeats) and advances past it.
    func advance(count: Int) -> Int {
        let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return min(max(position, 0), count - 1)
    }

    func reset() { next.store(0, ordering: .relaxed) }

    /// How many requests it has answered since the last reset.
    var served: Int { max(0, next.load(ordering: .relaxed)) }
}
