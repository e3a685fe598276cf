/// The providers a server answers for, in registration order, found by a request's path or host
/// (docs/ARCHITECTURE.md#providers). Made once at start-up; lookups are a few prefix comparisons.
package struct ProviderSet: Sendable {
    /// Parameters that carry a key at many APIs; masked wherever they appear, whichever API a request is for.
    package static let genericSecretParameters = ["api_key", "apikey", "key"]

    /// The providers, in registration order.
    package let registered: [RegisteredProvider]
    /// Every provider's secret parameters and the generic ones, lower-case: masked in any query or text.
    package let secretParameters: Set<String>
    /// The same names as a sorted list, for the request path: each parameter of every request is
    /// checked against them, and a handful of short names compare faster than they hash.
    package let secretParameterNames: [String]
    /// Path prefixes with their provider, longest first.
    private let prefixes: [(prefix: String, provider: RegisteredProvider)]
    /// This set, told apart from every other made in the process (copies share it): what a cassette
    /// decodes to depends on the providers, so ``CassetteDecodeMemo`` keys on it.
    package let identity = Identity()

    /// A set's identity: an object, held by whoever keys on it, so its address is never reused
    /// for another set while it is.
    package final class Identity: Hashable, Sendable {
        package static func == (lhs: Identity, rhs: Identity) -> Bool { lhs === rhs }
        package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// The set of `providers`. Two providers with the same name or path prefix are a programming error.
    package init(_ providers: [any Provider]) {
        let registered = providers.map(RegisteredProvider.init)
        self.registered = registered
        precondition(
            Set(providers.map(\.name)).count == providers.count, "two providers share a name: \(providers.map(\.name))")
        let prefixes = registered.flatMap { entry in entry.provider.pathPrefixes.map { (prefix: $0, provider: entry) } }
        precondition(
            Set(prefixes.map(\.prefix)).count == prefixes.count, "two providers share a path prefix")
        self.prefixes = prefixes.sorted { $0.prefix.utf8.count > $1.prefix.utf8.count }
        secretParameters = Set(Self.genericSecretParameters + providers.flatMap(\.vocabulary.secretParameters))
        secretParameterNames = secretParameters.sorted()
    }

    /// No provider: every path is unclaimed (engine tests).
    package static let none = ProviderSet([])

    /// The provider whose path prefix `path` (percent-decoded) starts with, or nil.
    package func provider(forPath path: String) -> RegisteredProvider? {
        for entry in prefixes where Self.hasPrefix(entry.prefix, path) { return entry.provider }
        return nil
    }

    /// Whether `text` starts with the bytes of `prefix`, compared on contiguous UTF-8: the request
    /// path runs it on every request, where the generic `starts(with:)` walks both views.
    private static func hasPrefix(_ prefix: String, _ text: String) -> Bool {
        var prefix = prefix
        var text = text
        return prefix.withUTF8 { prefixBytes in
            text.withUTF8 { textBytes in
                guard textBytes.count >= prefixBytes.count else { return false }
                for index in prefixBytes.indices where prefixBytes[index] != textBytes[index] { return false }
                return true
            }
        }
    }

    /// The provider serving `host` (lower-case, without a port), or nil.
    package func provider(forHost host: String) -> RegisteredProvider? {
        registered.first { $0.provider.hosts.contains(host) }
    }

    /// The provider called `name`, or nil.
    package func provider(named name: String) -> RegisteredProvider? {
        registered.first { $0.provider.name == name }
    }

    /// Every provider's live hosts, in registration order.
    package var hosts: [String] { registered.flatMap(\.provider.hosts) }

    /// The vocabulary for `path`: its provider's, or the empty one.
    package func vocabulary(forPath path: String) -> RequestVocabulary {
        provider(forPath: path)?.vocabulary ?? .empty
    }

    /// The expectations for `path`: its provider's, or the generic ones.
    package func expectations(forPath path: String) -> ExpectVocabulary {
        provider(forPath: path)?.provider.expectations ?? .generic
    }

    /// Whether `name` (decoded, lower-case) is a secret parameter of any provider, or a generic one.
    package func isSecretParameter(_ name: String) -> Bool {
        secretParameters.contains(name)
    }
}

/// One provider with what the request path reads of it worked out once: a reference, so a request
/// carries its provider for the price of one retain.
package final class RegisteredProvider: Sendable {
    /// The provider.
    package let provider: any Provider
    /// Its vocabulary, read once.
    package let vocabulary: RequestVocabulary
    /// Its secret headers by lower-case name.
    package let secretHeaderNames: Set<String>

    init(_ provider: any Provider) {
        self.provider = provider
        vocabulary = provider.vocabulary
        secretHeaderNames = Set(provider.vocabulary.secretHeaders.map(\.name))
    }

    /// The provider's name.
    package var name: String { provider.name }
}
