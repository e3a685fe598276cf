import HTTPServer

/// Record mode as the engine sees it (docs/ARCHITECTURE.md#recording): something that forwards a
/// request upstream and answers with what came back. `MockRecording` builds one; the engine never
/// imports it, so replay-only code carries no recorder.
package protocol RequestForwarder: Sendable {
    /// Forwards `request` as received (``ReplayRequest/http``) and answers with the upstream's answer
    /// (later: it waits on the network). `replacing` overwrites the cassette already recorded for the
    /// same request.
    func forward(_ request: ReplayRequest, replacing: Bool) -> ReplayOutcome
}

/// `--record new|all`: how the stack makes its forwarder once its store exists.
package struct RecordingHook: Sendable {
    /// `all`: every request goes upstream (each answer replaces its cassette); otherwise only those
    /// no cassette matches, and existing files are never overwritten.
    package var forwardsEverything: Bool
    /// The real keys, masked in the journal, the log and error bodies.
    package var secrets: [String]
    /// Makes the forwarder over the store (which it adds recordings to), with a sink for its messages.
    package var makeForwarder: @Sendable (CassetteStore, @escaping @Sendable (String) -> Void) -> any RequestForwarder

    /// A hook; see the properties.
    package init(
        forwardsEverything: Bool, secrets: [String],
        makeForwarder: @escaping @Sendable (CassetteStore, @escaping @Sendable (String) -> Void) -> any RequestForwarder
    ) {
        self.forwardsEverything = forwardsEverything
        self.secrets = secrets
        self.makeForwarder = makeForwarder
    }
}

/// `--record all`: every request goes upstream.
package struct ForwardingResponder: Responder {
    let forwarder: any RequestForwarder
    /// Refuses what a web page of another origin sent (``LocalAccessPolicy``).
    let access: LocalAccessPolicy

    package func respond(to request: ReplayRequest, from library: CassetteLibrary) -> ReplayOutcome {
        if let refused = access.refusedForwarding(request) { return refused }
        return forwarder.forward(request, replacing: true)
    }
}

/// `--record new`: what no cassette matches goes upstream, in place of ``FailClosedResponder``.
package struct ForwardingUnmatchedStrategy: UnmatchedRequestStrategy {
    let forwarder: any RequestForwarder
    /// Refuses what a web page of another origin sent (``LocalAccessPolicy``).
    let access: LocalAccessPolicy

    package func respond(to request: ReplayRequest, nearMiss: () -> NearMiss?) -> ReplayOutcome {
        if let refused = access.refusedForwarding(request) { return refused }
        return forwarder.forward(request, replacing: false)
    }
}

extension LocalAccessPolicy {
    /// The answer to a request record mode must not forward (nothing goes upstream, nothing is
    /// written), or nil when it may.
    fileprivate func refusedForwarding(_ request: ReplayRequest) -> ReplayOutcome? {
        guard let refusal = refusal(ofForwarding: request.http) else { return nil }
        let message = "record mode forwarded nothing: \(refusal)"
        let response = HTTPResponse.json(status: refusal.status, .object([("error", .string(message))]))
        return ReplayOutcome(response, .answered("(record mode: refused, \(refusal.kindLabel))"))
    }
}
