import Dispatch
import Locking
import Synchronization

/// A loaded, indexed, ready-to-serve set of cassettes. Immutable apart from sequence positions;
/// a reload or a recorded cassette produces a new library (see `CassetteStore`).
package final class CassetteLibrary: Sendable {
    /// The cassettes in file order: what listing needs, and each one's whole form on demand.
    package let cassettes: [LoadedCassette]
    /// The APIs the cassettes answer for.
    package let providers: ProviderSet
    package let entries: [Entry]
    let index: MatchIndex

    /// One interaction, ready to answer. Small: a library holds one per interaction, hundreds of
    /// thousands in a large set (docs/ARCHITECTURE.md#start-up-snapshots).
    package struct Entry: Sendable {
        /// Where its cassette is in ``CassetteLibrary/cassettes``.
        let cassette: Int32
        let interactionIndex: Int32
        let interactionCount: Int32
        /// The cassette's ``Cassette/precedence``.
        let precedence: Int32
        /// Whether the pattern has a `range` (read for every answer: a flag, not a look at its rules).
        let isRanged: Bool
        package let pattern: RequestPattern
        package let responses: [PreparedResponse]
        /// Present for `responses` sequences only.
        let position: SequencePosition?
        /// `openweathermap/current/seoul`, or `name#1` when the cassette has several interactions
        /// (made once at load: every answered request logs it).
        package let label: String
    }

    /// Indexes `cassettes` (decoded, held in memory); see ``init(outlines:providers:)``.
    package convenience init(cassettes: [Cassette], providers: ProviderSet) {
        self.init(outlines: cassettes.map { CassetteOutline(decoded: $0) }, providers: providers)
    }

    /// Indexes the cassettes of `outlines` and prepares every response (its template is taken and its
    /// bytes encoded on its first request); the outlines are assumed valid (loaded through
    /// `CassetteLoader` with the same `providers`).
    package init(outlines: [CassetteOutline], providers: ProviderSet) {
        self.providers = providers
        var running = 0
        let offsets = outlines.map { outline in
            defer { running += outline.interactions.count }
            return running
        }
        let total = running
        let indexing = Locked<MatchIndex?>(nil)
        let chunk = 64
        // Entries (labels, prepared responses) are made on all cores, each batch straight into its own
        // part of the array: a second array of optional slots would double the entries' memory at the
        // peak of start-up. Iteration 0 builds the index (one pass over the patterns, in file order)
        // meanwhile, so neither waits for the other on a multi-core machine.
        guard total > 0 else {
            // With no interaction the array would be the runtime's one shared empty storage, and setting
            // its count (to 0) from two libraries at once is a write ThreadSanitizer reports.
            self.entries = []
            self.index = MatchIndex(outlines: outlines, providers: providers)
            self.cassettes = outlines.map(\.cassette)
            return
        }
        self.entries = [Entry](unsafeUninitializedCapacity: total) { buffer, initialized in
            let slots = EntrySlots(base: buffer.baseAddress)
            DispatchQueue.concurrentPerform(iterations: (outlines.count + chunk - 1) / chunk + 1) { iteration in
                if iteration == 0 {
                    let built = MatchIndex(outlines: outlines, providers: providers)
                    indexing.withLock { $0 = built }
                    return
                }
                let batch = iteration - 1
                for position in batch * chunk..<min(outlines.count, (batch + 1) * chunk) {
                    outlines[position].makeEntries(
                        cassette: position, providers: providers, into: slots, from: offsets[position])
                }
            }
            initialized = total
        }
        self.index = indexing.withLock { $0! }
        self.cassettes = outlines.map(\.cassette)
    }

    /// The start of the entries' storage while it is filled: each batch initializes only the slots of
    /// its own cassettes, and every slot is initialized before the array is used.
    fileprivate struct EntrySlots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Entry>?

        func initialize(_ ordinal: Int, to entry: consuming Entry) {
            (base! + ordinal).initialize(to: entry)
        }
    }

    /// The number of interactions across all cassettes.
    package var interactionCount: Int { entries.count }

    /// The cassettes as outlines again, in file order: a reload's prior load, a snapshot's contents,
    /// and the base record mode adds to.
    package var outlines: [CassetteOutline] {
        var ordinal = 0
        return cassettes.map { cassette in
            defer { ordinal += cassette.interactionCount }
            return CassetteOutline(
                cassette: cassette,
                interactions: entries[ordinal..<ordinal + cassette.interactionCount].map { entry in
                    InteractionOutline(
                        request: entry.pattern, isSequence: entry.position != nil,
                        responseCount: entry.responses.count)
                })
        }
    }

    /// The cassette `entry` is an interaction of.
    package func cassette(of entry: Entry) -> LoadedCassette { cassettes[Int(entry.cassette)] }

    /// The whole form of the cassette at `position` of ``cassettes``: decoded, or read back from the
    /// snapshot it is kept in.
    package func cassette(at position: Int) throws(CassetteContentError) -> Cassette {
        try cassettes[position].content.cassette()
    }

    /// Every cassette in its whole form, in file order (those kept in a snapshot read back).
    package func wholeCassettes() throws(CassetteContentError) -> [Cassette] {
        var whole: [Cassette] = []
        whole.reserveCapacity(cassettes.count)
        for cassette in cassettes { whole.append(try cassette.content.cassette()) }
        return whole
    }

    /// A library with `cassette` added after the others (record mode adds what it captures).
    /// Throws when the cassette repeats a request the library already answers.
    func adding(_ cassette: Cassette) throws(CassetteValidationError) -> CassetteLibrary {
        try replacing(with: outlines + [CassetteOutline(decoded: cassette)])
    }

    /// A library with `cassette` in place of the one with the same name (record mode re-recording a
    /// request), or added after the others when there is none. Throws when it repeats a request
    /// another cassette answers.
    func replacing(_ cassette: Cassette) throws(CassetteValidationError) -> CassetteLibrary {
        guard let position = cassettes.firstIndex(where: { $0.name == cassette.name }) else {
            return try adding(cassette)
        }
        var updated = outlines
        updated[position] = CassetteOutline(decoded: cassette)
        return try replacing(with: updated)
    }

    private func replacing(with outlines: [CassetteOutline]) throws(CassetteValidationError) -> CassetteLibrary {
        let problems = CassetteLoader.duplicateRequests(
            in: outlines, keys: [[RequestPattern.CanonicalKey]?](repeating: nil, count: outlines.count))
        guard problems.isEmpty else { throw CassetteValidationError(directory: "(runtime)", problems: problems) }
        return CassetteLibrary(outlines: outlines, providers: providers)
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
                let precedence = Int(entries[ordinal].precedence)
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
        let precedence = Int(entries[ordinal].precedence)
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

extension CassetteOutline {
    /// Makes this cassette's entries (it is at `cassette` in the library) into `slots` from ordinal
    /// `first` on.
    fileprivate func makeEntries(
        cassette position: Int, providers: ProviderSet, into slots: CassetteLibrary.EntrySlots, from first: Int
    ) {
        let count = interactions.count
        let name = cassette.name
        for index in interactions.indices {
            let interaction = interactions[index]
            let label = count > 1 ? "\(name)#\(index)" : name
            let provider = providers.provider(forPath: interaction.request.path)
            slots.initialize(
                first + index,
                to: CassetteLibrary.Entry(
                    cassette: Int32(position), interactionIndex: Int32(index), interactionCount: Int32(count),
                    precedence: Int32(cassette.precedence), isRanged: interaction.request.range != nil,
                    pattern: interaction.request,
                    responses: (0..<interaction.responseCount).map { response in
                        PreparedResponse(
                            content: cassette.content, interaction: index, response: response, cassetteName: label,
                            provider: provider)
                    },
                    position: interaction.isSequence ? SequencePosition() : nil, label: label))
        }
    }
}
