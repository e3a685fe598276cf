import Basics
import Dispatch
import Foundation
import HTTPServer
import Locking
import MockEngine

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request of a replaying session, from the stack's answer to the URLProtocol client's calls:
/// the answer's delay and fault acted out the way URLSession reports the real thing.
///
/// | answer | what the session reports |
/// |---|---|
/// | plain | the status, headers and body |
/// | `delayMs` | the same, that much later; a timeout if the delay outlasts the request's own |
/// | `hang` | `URLError(.timedOut)` after the request's own `timeoutInterval` |
/// | `reset`, `empty` | `URLError(.networkConnectionLost)` |
/// | `truncate` | a short body; with the full `Content-Length` announced, then `.networkConnectionLost` |
/// | `drip` | the body in pieces at the cassette's rate |
///
/// The protocol object and its client are not `Sendable`: they are only touched through
/// ``ClientThread``, one block at a time and in order, and never after the load finished or was
/// stopped.
final class ReplayLoad: @unchecked Sendable {
    private let urlProtocol: URLProtocol
    private let client: (any URLProtocolClient)?
    private let request: URLRequest
    private let thread = ClientThread()
    private let state = Locked(State())

    private struct State {
        var finished = false
        var task: Task<Void, Never>?
    }

    /// Requests whose `timeoutInterval` is not positive wait as long as URLSession's default.
    static let defaultTimeout: TimeInterval = 60

    init(protocol urlProtocol: URLProtocol, client: (any URLProtocolClient)?, request: URLRequest) {
        self.urlProtocol = urlProtocol
        self.client = client
        self.request = request
    }

    func start(with stack: ReplayStack) {
        switch stack.handle(RequestConversion.httpRequest(from: request)) {
        case .respond(let response) where response.delay == nil && response.fault == nil:
            // Answered at once, on the thread that called `startLoading`, which is where the client
            // expects its calls (Apple's URLSession, on that thread's run loop): no hop to another
            // thread and back for an answer that is ready.
            answerNow(response)
        case .respond(let response):
            act(response)
        case .respondLater(let produce):
            let task = Task { [self] in act(await produce()) }
            state.withLock { $0.task = task }
        }
    }

    /// URLSession stopped the load (cancelled, or it has what it needs): nothing more is delivered.
    func cancel() {
        let task = state.withLock { state in
            state.finished = true
            return state.task
        }
        task?.cancel()
    }

    func fail(_ error: URLError) {
        deliver(finishing: true) { urlProtocol, client in client.urlProtocol(urlProtocol, didFailWithError: error) }
    }

    private var timeout: TimeInterval {
        request.timeoutInterval > 0 ? request.timeoutInterval : Self.defaultTimeout
    }

    /// Acts out `response`'s delay and fault from their one description (``HTTPFault``): what of the
    /// response is delivered, at what pace, then how the load ends, as URLSession reports the real
    /// thing. A fault that never sends a byte and then leaves the connection open, or a delay past the
    /// request's own timeout, times out at that timeout.
    private func act(_ response: HTTPResponse) {
        let delay = response.delay?.inSeconds ?? 0
        let hangs = response.fault.map { $0.sendsNoResponse && $0.ending == .hang } ?? false
        if hangs || delay >= timeout {
            after(timeout) { [self] in fail(URLError(.timedOut)) }
        } else if delay > 0 {
            after(delay) { [self] in answer(response) }
        } else {
            answer(response)
        }
    }

    private func answer(_ response: HTTPResponse) {
        let body = response.sendsBody(answering: request.httpMethod) ? response.body : []
        guard let fault = response.fault else {
            sendHead(response, contentLength: body.count)
            send(body)
            finish()
            return
        }
        // What of the answer arrives: nothing, the head, or the head and (part of) the body.
        let delivered: ArraySlice<UInt8>?
        var contentLength: Int? = body.count
        switch fault.bytes {
        case .none, .prefix:
            // A response cut anywhere in its head never reaches the client as a response.
            delivered = nil
        case .head:
            delivered = []
        case .headAndBodyPrefix(let keeping, let announcingFullLength):
            delivered = body.prefix(max(0, keeping))
            if !announcingFullLength { contentLength = nil }
        case .all:
            delivered = body[...]
        }
        guard let delivered else {
            fail(URLError(.networkConnectionLost))
            return
        }
        sendHead(response, contentLength: contentLength)
        // Then how it ends: a body that stops short of an announced length, or a connection dropped
        // under it, is a lost connection; a clean end (or a close ending a body without a length) is
        // the answer as delivered.
        let complete = delivered.count == body.count || contentLength == nil
        let breaks = fault.ending == .reset || !complete
        let end: @Sendable () -> Void = { [self] in
            if breaks { fail(URLError(.networkConnectionLost)) } else { finish() }
        }
        if let rate = fault.bytesPerSecond {
            drip(delivered, bytesPerSecond: max(1, rate), then: end)
        } else {
            send(Array(delivered))
            end()
        }
    }

    /// A tenth of a second's worth at a time (at least a byte), then the next piece when its time comes.
    ///
    /// Foundation on Linux keeps only the last piece a protocol loads for a task without a data
    /// delegate (`data(for:)`, completion handlers), so there the whole body comes at once, as late as
    /// its last piece would.
    private func drip(_ rest: ArraySlice<UInt8>, bytesPerSecond: Int, then end: @escaping @Sendable () -> Void) {
        guard !rest.isEmpty else {
            end()
            return
        }
        #if canImport(FoundationNetworking)
        after(Double(rest.count) / Double(bytesPerSecond)) { [self] in
            send(Array(rest))
            end()
        }
        #else
        let piece = max(1, bytesPerSecond / 10)
        send(Array(rest.prefix(piece)))
        let remaining = rest.dropFirst(piece)
        after(Double(min(piece, rest.count)) / Double(bytesPerSecond)) { [self] in
            drip(remaining, bytesPerSecond: bytesPerSecond, then: end)
        }
        #endif
    }

    /// A plain answer (no delay, no fault) delivered in the calling thread: head, body, end, each unless
    /// the load was stopped meanwhile.
    private func answerNow(_ response: HTTPResponse) {
        let body = response.sendsBody(answering: request.httpMethod) ? response.body : []
        guard let client, let head = head(of: response, contentLength: body.count) else {
            fail(URLError(.badServerResponse))
            return
        }
        guard proceed(finishing: false) else { return }
        client.urlProtocol(urlProtocol, didReceive: head, cacheStoragePolicy: .notAllowed)
        if !body.isEmpty, proceed(finishing: false) { client.urlProtocol(urlProtocol, didLoad: Data(body)) }
        guard proceed(finishing: true) else { return }
        client.urlProtocolDidFinishLoading(urlProtocol)
    }

    private func head(of response: HTTPResponse, contentLength: Int?) -> HTTPURLResponse? {
        // A repeated name (in any case) joins the first one's value, under its spelling. Names are
        // compared lower-cased by the standard library: Foundation's caseInsensitiveCompare on every
        // pair cost more than the engine's whole answer.
        var fields: [String: String] = [:]
        var spellings: [String: String] = [:]
        for (name, value) in response.headers {
            let folded = name.lowercased()
            if let first = spellings[folded] {
                fields[first]! += ", " + value
            } else {
                spellings[folded] = name
                fields[name] = value
            }
        }
        if let contentLength {
            if let spelled = spellings["content-length"] { fields[spelled] = nil }
            fields["Content-Length"] = String(contentLength)
        }
        guard let url = request.url else { return nil }
        return HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields)
    }

    private func sendHead(_ response: HTTPResponse, contentLength: Int?) {
        guard let head = head(of: response, contentLength: contentLength) else {
            fail(URLError(.badServerResponse))
            return
        }
        deliver { urlProtocol, client in
            client.urlProtocol(urlProtocol, didReceive: head, cacheStoragePolicy: .notAllowed)
        }
    }

    /// Whether a delivery may go ahead: not once the load has finished or was stopped. A delivery
    /// `finishing` the load marks it finished.
    private func proceed(finishing: Bool) -> Bool {
        state.withLock { state in
            guard !state.finished else { return false }
            if finishing { state.finished = true }
            return true
        }
    }

    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let data = Data(bytes)
        deliver { urlProtocol, client in client.urlProtocol(urlProtocol, didLoad: data) }
    }

    private func finish() {
        deliver(finishing: true) { urlProtocol, client in client.urlProtocolDidFinishLoading(urlProtocol) }
    }

    /// Runs `call` on the client's thread unless the load has finished or was stopped by then.
    private func deliver(
        finishing: Bool = false, _ call: @escaping (URLProtocol, any URLProtocolClient) -> Void
    ) {
        let box = UncheckedCall(call: call)
        thread.run { [self] in
            guard proceed(finishing: finishing), let client else { return }
            box.call(urlProtocol, client)
        }
    }

    /// Runs `work` after `seconds` unless the load is over by then (a stopped load's timers run but
    /// deliver nothing: every delivery checks first).
    private func after(_ seconds: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        guard !state.withLock({ $0.finished }) else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            if !state.withLock({ $0.finished }) { work() }
        }
    }

}

/// A client call handed to ``ClientThread``; see ``ReplayLoad`` for why it may cross threads.
private struct UncheckedCall: @unchecked Sendable {
    let call: (URLProtocol, any URLProtocolClient) -> Void
}
