/// What the `expect` blocks of one API's cassettes may say (Cassettes/README.md lists each provider's):
/// the error kinds a correct client reports, and the details it decodes, each with the kind of value
/// it must be. `error` and `message` are the engine's own keys; every other key is a detail.
package struct ExpectVocabulary: Sendable {
    /// One detail key and what its value must be.
    package struct Detail: Sendable, Equatable {
        /// The key as cassettes write it (`celsius`, `pm2_5`).
        package var name: String
        /// What its value must be.
        package var kind: ExpectDetails.Kind

        /// A detail key.
        package init(_ name: String, _ kind: ExpectDetails.Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// The details, in the order they are kept and listed whatever order a file uses.
    package let details: [Detail]
    /// The names `expect.error` may take (`cityNotFound`, `unauthorized`, ...).
    package var errorKinds: [String]

    /// A vocabulary of `details` and `errorKinds`.
    package init(details: [Detail], errorKinds: [String]) {
        self.details = details
        self.errorKinds = errorKinds
        self.keyNames = Self.keyNames(of: details)
    }

    /// No details; the error kinds every HTTP API can produce (paths no provider claims).
    package static let generic = ExpectVocabulary(
        details: [],
        errorKinds: [
            "unauthorized", "invalidRequest", "rateLimited", "server", "decoding", "transport",
            "timeout",
        ])

    /// Every key an `expect` object may have: `error`, `message`, then the details. Kept rather than
    /// computed: every `expect` block of every cassette is checked against it at load.
    package let keyNames: [String]

    private static func keyNames(of details: [Detail]) -> [String] { ["error", "message"] + details.map(\.name) }

    /// The detail named `name`, or nil.
    package func detail(named name: String) -> Detail? {
        details.first { $0.name == name }
    }
}
