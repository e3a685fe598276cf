extension Sequence {
    /// The elements transformed in order, each awaited before the next begins (a test's requests to
    /// one mock, in sequence).
    package func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }

    /// The non-nil results of `transform`, in order, each awaited before the next begins.
    package func asyncCompactMap<T>(_ transform: (Element) async throws -> T?) async rethrows -> [T] {
        var results: [T] = []
        for element in self { if let result = try await transform(element) { results.append(result) } }
        return results
    }
}
