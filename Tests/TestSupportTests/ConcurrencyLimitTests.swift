import Locking
import TestSupport
import Testing

/// What `ConcurrencyLimit` promises the contract suite: never more bodies inside than the limit,
/// waiters admitted in the order they came, a slot freed however a body ends, and a cancelled waiter
/// neither run nor holding a slot. Every wait is for an event (a gate, a count reached), never for time.
@Suite(.timeLimit(.minutes(1))) struct ConcurrencyLimitTests {
    @Test func neverMoreBodiesRunThanTheLimitAndEveryOneRunsInTheEnd() async throws {
        let limit = ConcurrencyLimit(2)
        let release = Gate()
        let inside = Locked((now: 0, most: 0))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await limit.run {
                        inside.withLock { inside in
                            inside.now += 1
                            inside.most = max(inside.most, inside.now)
                        }
                        await release.wait()
                        inside.withLock { $0.now -= 1 }
                    }
                }
            }
            await until { limit.running == 2 && limit.waiting == 4 }
            #expect(inside.withLock { $0.now } == 2)
            release.open()
            try await group.waitForAll()
        }
        #expect(inside.withLock { $0.most } == 2)
        #expect(limit.running == 0 && limit.waiting == 0)
    }

    @Test func waitersAreAdmittedInTheOrderTheyArrived() async throws {
        let limit = ConcurrencyLimit(1)
        let holder = Gate()
        let order = Locked<[Int]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await limit.run { await holder.wait() } }
            await until { limit.running == 1 }
            for index in 0..<5 {
                group.addTask { try await limit.run { order.withLock { $0.append(index) } } }
                // The next waiter arrives only once this one is queued, so the arrival order is known.
                await until { limit.waiting == index + 1 }
            }
            holder.open()
            try await group.waitForAll()
        }
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    @Test func aBodyThatThrowsFreesItsSlot() async throws {
        struct Failure: Error {}
        let limit = ConcurrencyLimit(1)
        await #expect(throws: Failure.self) { try await limit.run { throw Failure() } }
        #expect(limit.running == 0)
        #expect(try await limit.run { 7 } == 7)
    }

    @Test func aCancelledWaiterThrowsWithoutRunningAndTakesNoSlot() async throws {
        let limit = ConcurrencyLimit(1)
        let holder = Gate()
        let ran = Locked(false)
        let holding = Task { try await limit.run { await holder.wait() } }
        await until { limit.running == 1 }
        let waiter = Task { try await limit.run { ran.withLock { $0 = true } } }
        await until { limit.waiting == 1 }

        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limit.waiting == 0 && !ran.withLock { $0 })

        holder.open()
        try await holding.value
        #expect(limit.running == 0)
        #expect(try await limit.run { "free" } == "free")
    }

    @Test func aLimitBelowOneIsOne() {
        #expect(ConcurrencyLimit(0).limit == 1)
    }

    /// Yields until `condition` holds: the tasks under test reach their states on other threads.
    private func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }
}
