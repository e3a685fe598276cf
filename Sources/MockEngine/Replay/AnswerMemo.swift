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

    /// A request as the memo tells requests apart: method, request-target and headers, compared
    /// exactly (header names too: `Accept` and `accept` are two keys, which costs only a miss).
    struct Key: Hashable, Sendable {
        let method: String
        let target: String
        let headers: HTTPHeaders

        init(_ request: HTTPRequest) {
            method = request.method
            target = request.target
            headers = request.headers
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(method)
            hasher.combine(target)
            for (name, value) in headers {
                hasher.combine(name)
                hasher.combine(value)
            }
        }

        static func == (left: Key, right: Key) -> Bool {
            left.method == right.method && left.target == right.target
                && left.headers.count == right.headers.count
                && zip(left.headers, right.headers).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }
    }

    /// A kept answer: the response and the journal entry of the request that made it, which each
    /// later request's entry repeats with its own time and duration. A class, so a lookup hands over
    /// one reference, not each of the response's and the entry's fields.
    final class Answer: Sendable {
        let response: HTTPResponse
        let entry: RecordedEntry

        init(response: HTTPResponse, entry: RecordedEntry) {
            self.response = response
            self.entry = entry
        }
    }

    private struct State {
        /// The library the answers came from; nil before the first.
        var library: CassetteLibrary?
        var answers: [Key: Answer] = [:]
    }

    private let state = Locked(State())

    /// An empty memo.
    package init() {}

    /// The answer kept for `request` from `library`, if any.
    func answer(for request: HTTPRequest, from library: CassetteLibrary) -> Answer? {
        let key = Key(request)
        return state.withLock { state in
            state.library === library ? state.answers[key] : nil
        }
    }

    /// Keeps `answer` for `request`, made from `library`; answers from an earlier library are let go.
    func remember(_ answer: Answer, for request: HTTPRequest, from library: CassetteLibrary) {
        let key = Key(request)
        // The old dictionary is released after the lock, where its last answers may be freed.
        let discarded = state.withLock { state -> [Key: Answer] in
            var discarded: [Key: Answer] = [:]
            if state.library !== library || state.answers.count >= Self.capacity {
                discarded = state.answers
                state.answers = [:]
                state.library = library
            }
            state.answers[key] = answer
            return discarded
        }
        _ = discarded
    }

    /// How many answers are kept (tests).
    package var count: Int { state.withLock { $0.answers.count } }
}
