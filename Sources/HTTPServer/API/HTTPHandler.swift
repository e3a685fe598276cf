/// Turns requests into responses. The server calls it for every complete, well-formed request; it
/// never sees malformed requests (the server answers those itself with a 4xx).
package protocol HTTPHandler: Sendable {
    /// Called on an event-loop thread for each complete request; must not block.
    ///
    /// Return ``HTTPHandlerResult/respond(_:)`` when the answer is at hand (the fast path: it is written
    /// on the same thread without a hop), or ``HTTPHandlerResult/respondLater(_:)`` for work that waits
    /// on something else, such as an upstream fetch.
    func handle(_ request: HTTPRequest) -> HTTPHandlerResult
}

/// What a handler does with a request.
package enum HTTPHandlerResult: Sendable {
    /// Answer now with this response; it is encoded and written on the event loop straight away.
    case respond(HTTPResponse)

    /// Answer later: the closure runs in a `Task` on a queue of the server's own (not the global
    /// concurrency pool, which a busy process may hold for a long time), and its response is handed
    /// back to the connection's event loop when it returns. The closure may await anything; it should
    /// not block the thread for long, since other servers' deferred work shares the queue. The event
    /// loop keeps serving other connections meanwhile; further pipelined requests on the same
    /// connection wait, so responses stay in order.
    case respondLater(@Sendable () async -> HTTPResponse)
}

/// A handler made from a closure, for small servers and tests.
package struct HTTPHandlerFunction: HTTPHandler {
    private let body: @Sendable (HTTPRequest) -> HTTPHandlerResult

    /// Wraps `body`, which must follow the same rules as ``HTTPHandler/handle(_:)``.
    package init(_ body: @escaping @Sendable (HTTPRequest) -> HTTPHandlerResult) {
        self.body = body
    }

    /// Calls the wrapped closure.
    package func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        body(request)
    }
}
