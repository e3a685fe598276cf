/// The places by folded name (``NameFolding``): each place under its name, its Korean name and its other
/// Korean names, so that a query is one dictionary look-up. A key's places are a chain through one
/// array rather than an array per key, which keeps tens of thousands of keys to two allocations.
struct NameIndex: Sendable {
    private struct Entry: Sendable {
        var place: Int32
        var next: Int32
    }

    private var heads: [String: Int32] = [:]
    private var entries: [Entry] = []

    /// An empty index with room for about `capacity` names.
    init(capacity: Int) {
        heads.reserveCapacity(capacity)
        entries.reserveCapacity(capacity)
    }

    /// Files `place` under `key` (a key from ``NameFolding``); a place filed twice under a key is found once.
    mutating func add(_ key: String, place: Int) {
        guard !key.isEmpty else { return }
        let head = heads[key] ?? -1
        if head >= 0 && entries[Int(head)].place == Int32(place) { return }
        entries.append(Entry(place: Int32(place), next: head))
        heads[key] = Int32(entries.count - 1)
    }

    /// The places filed under `key`, each once, in no particular order.
    func places(under key: String) -> [Int] {
        var found: [Int] = []
        var entry = heads[key] ?? -1
        while entry >= 0 {
            let place = Int(entries[Int(entry)].place)
            if !found.contains(place) { found.append(place) }
            entry = entries[Int(entry)].next
        }
        return found
    }
}
