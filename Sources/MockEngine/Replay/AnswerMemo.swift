import HTTPServer
import Locking

/// The answers to recent requests, kept whole, so a request answered before by the same library is
/// answered again without being read, matched or shaped (docs/ARCHITECTURE.md#the-answer-memo).
///
/// What goes in is decided where the answer is made: only an answer that is ``ReplayOutcome/isRepeatable``
/// (an interaction's only response, with a fixed delay or none, no chaos) and whose making read no
/// clock (``ReplayRequest/readTheClock``: time-shifted bodies, KMA's publication times). Everything
/// else an answer may depend on is in the key or in the library: the method, the request-target and
/// every header exactly as received, and the library itself, whose replacement (reload, a recorded
/// cassette) empties the memo. A request whose headers differ in any way is a different request here;
/// that costs a miss, never a wrong answer.
package final class AnswerMemo: Sendable {
    /// The most answers kept; past it the memo starts over, so its memory stays bounded whatever the
    /// clients ask for.
    package static let capacity = 4096

    /// The most answers kept for one request-target (other methods, other headers): a client that
    /// sends a header of its own on every request (a trace id) would otherwise fill the memo with
    /// answers to one target, each compared on every request for it.
    package static let answersPerTarget = 8

    /// A kept answer: the request it answers (method and headers; the target is its key), the
    /// response, and the journal entry of the request that made it, which each later request's entry
    /// repeats with its own time and duration. A class, so a lookup hands over one reference, not
    /// each of the response's and the entry's fields.
    final class Answer: Sendable {
        let method: String
        let headers: HTTPHeaders
        let response: HTTPResponse
        let entry: RecordedEntry

        init(for request: HTTPRequest, response: HTTPResponse, entry: RecordedEntry) {
            method = request.method
            headers = request.headers
            self.response = response
            self.entry = entry
        }

        /// Whether `request` (whose target is this answer's) is the one answered: the same method and
        /// the same headers in the same order, names and values compared exactly (`Accept` and
        /// `accept` are two requests here, which costs only a miss).
        func answers(_ request: HTTPRequest) -> Bool {
            request.method == method && request.headers.count == headers.count
                && zip(request.headers, headers).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }
    }

    private struct State {
        /// The library the answers came from; nil before the first.
        var library: CassetteLibrary?
        /// By request-target: only the target is hashed, and a target's few answers (other methods or
        /// headers) are told apart by ``Answer/answers(_:)``.
        var answers: [String: [Answer]] = [:]
        var count = 0
    }

    private let state = Locked(State())

    /// An empty memo.
    package init() {}

    /// The answer kept for `request` from `library`, if any.
    func answer(for request: HTTPRequest, from library: CassetteLibrary) -> Answer? {
        state.withLock { state in
            guard state.library === library, let answers = state.answers[request.target] else { return nil }
            return answers.first { $0.answers(request) }
        }
    }

    /// Keeps `answer` for `request`, made from `library`; answers from an earlier library are let go.
    func remember(_ answer: Answer, for request: HTTPRequest, from library: CassetteLibrary) {
        // The old answers are released after the lock, where the last references to them may go.
        let discarded = state.withLock { state -> [String: [Answer]] in
            var discarded: [String: [Answer]] = [:]
            if state.library !== library || state.count >= Self.capacity {
                discarded = state.answers
                state = State(library: library)
            }
            // Both event loops may have answered the same request before either kept it.
            if let kept = state.answers[request.target],
                kept.count >= Self.answersPerTarget || kept.contains(where: { $0.answers(request) })
            {
                return discarded
            }
            state.answers[request.target, default: []].append(answer)
            state.count += 1
            return discarded
        }
        _ = discarded
    }

    /// How many answers are kept (tests).
    package var count: Int { state.withLock { $0.count } }
}
