import Foundation
import Synchronization
import Testing

@testable import WeatherClient

/// FirstOutcome is where the client's racing parties meet. Under `swift test --sanitize=thread`
/// these tests fail with a data-race report if a hand-off is not ordered: an outcome written on
/// another thread and read by the waiter, or `finish` and `onFinish` meeting on a contended lock.
@Suite struct FirstOutcomeTests {
    /// An outcome whose payload lives on the heap, so reading it races with writing it unless the
    /// hand-off orders the two.
    struct Payload: Sendable, Equatable {
        let numbers: [Int]
    }

    @Test func outcomeBuiltOnAnotherThreadReachesTheWaiterIntact() async {
        for round in 0..<200 {
            let outcome = await FirstOutcome<Payload?>().outcome(ifCancelled: nil) { race in
                // The party may finish before the waiter suspends, or after: both must hand off.
                let thread = Thread { race.finish(Payload(numbers: Array(0...round))) }
                thread.start()
            }
            #expect(outcome == Payload(numbers: Array(0...round)))
        }
    }

    @Test func cancellersRegisteredWhileTheRaceIsDecidedEachRunOnce() async {
        for _ in 0..<200 {
            let runs = Counter()
            let outcome = await FirstOutcome<Payload?>().outcome(ifCancelled: nil) { race in
                let threads = (0..<3).map { party in
                    Thread {
                        race.onFinish { runs.increment() }
                        race.finish(Payload(numbers: [party]))
                        race.onFinish { runs.increment() }
                    }
                }
                threads.forEach { $0.start() }
            }
            #expect(outcome?.numbers.count == 1)
            // Each party registers two cancellers, and each runs exactly once: at the decision or
            // at registration after it. Wait for the losing threads to have registered theirs.
            await runs.waitUntil(6)
            #expect(runs.value == 6)
        }
    }

    @Test func cancellingTheWaiterFinishesWithTheCancelledOutcome() async {
        let task = Task {
            await FirstOutcome<Payload?>().outcome(ifCancelled: Payload(numbers: [-1])) { race in
                race.onFinish {}
            }
        }
        task.cancel()
        #expect(await task.value == Payload(numbers: [-1]))
    }
}

/// A counter the parties bump from their own threads. Atomic, not a `Mutex`: its accesses are
/// compiled into this module, so ThreadSanitizer sees them whether or not they contend.
private final class Counter: Sendable {
    private let count = Atomic(0)

    var value: Int { count.load(ordering: .acquiring) }

    func increment() {
        count.add(1, ordering: .releasing)
    }

    /// Returns once `target` is reached; the parties are already running, so this is bounded.
    func waitUntil(_ target: Int) async {
        while value < target { await Task.yield() }
    }
}
