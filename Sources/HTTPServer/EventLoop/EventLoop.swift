import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Something registered with an event loop: a listener or a connection. Its methods are called on
/// the loop's thread only.
protocol EventLoopClient: AnyObject {
    /// The descriptor has bytes (or end of stream) to read.
    func readable()
    /// The descriptor can take more bytes.
    func writable()
    /// The peer hung up or the socket reported an error; reported even while not reading.
    func hangUpOrError()
    /// A timer scheduled with ``EventLoop/schedule(at:token:tag:)`` came due.
    func timerFired(tag: UInt8)
}

/// A job for an event loop, sent from any thread; it runs on the loop's thread with the loop.
typealias EventLoopTask = @Sendable (EventLoop) -> Void

/// The thread-safe face of an event loop: other threads (a `respondLater` task, `stop()`) hand it
/// jobs, and it wakes the loop. The only lock in the server, and it is off the request path.
final class EventLoopHandle: Sendable {
    private struct Inbox {
        var tasks: [EventLoopTask] = []
        var isOpen = true
        var wakeUpPending = false
    }

    private let inbox = Locked(Inbox())
    let descriptors: SelectorDescriptors

    init(descriptors: SelectorDescriptors) {
        self.descriptors = descriptors
    }

    /// Queues `task` for the loop's thread and wakes the loop. Returns `false` (dropping the task) if
    /// the loop has already finished.
    @discardableResult
    func execute(_ task: @escaping EventLoopTask) -> Bool {
        inbox.withLock { inbox in
            guard inbox.isOpen else { return false }
            inbox.tasks.append(task)
            if !inbox.wakeUpPending {
                inbox.wakeUpPending = true
                descriptors.wake()  // under the lock so the descriptor cannot be closed meanwhile
            }
            return true
        }
    }

    fileprivate func takeTasks() -> [EventLoopTask] {
        inbox.withLock { inbox in
            inbox.wakeUpPending = false
            return inbox.tasks.isEmpty ? [] : inbox.tasks.removeAllAndReturn()
        }
    }

    /// Refuses further tasks and closes the selector's descriptors; returns the tasks still queued.
    fileprivate func close() -> [EventLoopTask] {
        inbox.withLock { inbox in
            inbox.isOpen = false
            descriptors.close()
            return inbox.tasks.removeAllAndReturn()
        }
    }
}

extension Array {
    fileprivate mutating func removeAllAndReturn() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        return taken
    }
}

/// One event-loop thread's state: a selector, the clients registered with it (indexed by descriptor),
/// a timer heap and an inbox of tasks from other threads. Everything here is touched only by the
/// loop's own thread; other threads talk to it through ``handle``.
final class EventLoop {
    let handle: EventLoopHandle
    private let selector: Selector
    private var clients: [Registration?] = []
    private var timers = TimerHeap()
    private var nextGeneration: UInt32 = 1
    private var isStopping = false

    /// Monotonic nanoseconds, refreshed each time the selector returns (before its events are
    /// handled, and again after); what timeouts measure from.
    private(set) var now: UInt64

    private struct Registration {
        let client: any EventLoopClient
        let token: UInt64
        var interest: Interest
    }

    private let clock: any ServerClock

    init(handle: EventLoopHandle, clock: any ServerClock = MonotonicServerClock()) {
        self.handle = handle
        self.clock = clock
        selector = Selector(descriptors: handle.descriptors)
        now = clock.nanosecondsNow()
    }

    /// Watches `fd` for `client`; returns the token that names this registration. Tokens combine the
    /// descriptor with a generation, so an event for a closed descriptor never reaches its successor.
    func register(_ fd: Int32, interest: Interest, client: any EventLoopClient) throws(SystemError) -> UInt64 {
        let token = UInt64(nextGeneration) << 32 | UInt64(UInt32(bitPattern: fd))
        nextGeneration = nextGeneration == UInt32.max - 1 ? 1 : nextGeneration + 1
        try selector.register(fd, token: token, interest: interest)
        let index = Int(fd)
        if index >= clients.count {
            clients.append(contentsOf: repeatElement(nil, count: max(index + 1 - clients.count, clients.count)))
        }
        clients[index] = Registration(client: client, token: token, interest: interest)
        return token
    }

    /// Changes what `fd` is watched for; does nothing if it is unchanged.
    func setInterest(_ fd: Int32, _ interest: Interest) throws(SystemError) {
        let index = Int(fd)
        guard index < clients.count, let registration = clients[index], registration.interest != interest else {
            return
        }
        try selector.reregister(fd, token: registration.token, from: registration.interest, to: interest)
        clients[index]!.interest = interest
    }

    /// Stops watching `fd` (call before closing it). Pending timers for it are dropped when they fire.
    func deregister(_ fd: Int32) {
        let index = Int(fd)
        guard index < clients.count, let registration = clients[index] else { return }
        selector.deregister(fd, interest: registration.interest)
        clients[index] = nil
    }

    /// Stops watching `fd` but keeps its client reachable by token (for its timers), e.g. a listener
    /// that was closed while its owner still has a shutdown timer pending.
    func deregisterKeepingClient(_ fd: Int32) {
        let index = Int(fd)
        guard index < clients.count, let registration = clients[index] else { return }
        selector.deregister(fd, interest: registration.interest)
        clients[index]!.interest = []
    }

    /// The client registered under `token`, if it is still registered.
    func client(for token: UInt64) -> (any EventLoopClient)? {
        let index = Int(UInt32(truncatingIfNeeded: token))
        guard index < clients.count, let registration = clients[index], registration.token == token else {
            return nil
        }
        return registration.client
    }

    /// Every registered client, e.g. to tell each connection the server is stopping.
    var registeredClients: [any EventLoopClient] {
        clients.compactMap { $0?.client }
    }

    /// Calls `timerFired(tag:)` on the client registered under `token` at `deadline` (monotonic
    /// nanoseconds), if it is still registered then.
    func schedule(at deadline: UInt64, token: UInt64, tag: UInt8) {
        timers.insert(ScheduledTimer(deadline: deadline, token: token, tag: tag))
    }

    /// Makes ``run()`` return after the current iteration.
    func stop() {
        isStopping = true
    }

    /// Runs until ``stop()``, then closes the selector and drops tasks that arrive later.
    /// `stoppingAtOnce` only releases the resources (for a loop that never got to start).
    func run(stoppingAtOnce: Bool = false) {
        isStopping = isStopping || stoppingAtOnce
        while !isStopping {
            let timeout = timers.nextDeadline.map { $0 > now ? $0 - now : 0 }
            var isFirstEvent = true
            do {
                try selector.wait(timeoutNanoseconds: timeout) { event in
                    // The wait may have lasted long (forever, with no timer pending): what the
                    // events start (an accepted connection's idle timeout, a head's read timeout)
                    // must count from now, not from before the wait, or a server that sat quiet
                    // for longer than a timeout would close the next connection as soon as it came.
                    if isFirstEvent {
                        now = clock.nanosecondsNow()
                        isFirstEvent = false
                    }
                    dispatch(event)
                }
            } catch {
                // epoll_wait only fails on programming errors (EBADF, EINVAL); spinning would hide it.
                fatalError("event loop: \(error)")
            }
            now = clock.nanosecondsNow()
            while let timer = timers.popDue(now: now) {
                client(for: timer.token)?.timerFired(tag: timer.tag)
            }
        }
        timers.removeAll()
        clients.removeAll()
        for task in handle.close() {
            _ = task  // The loop is gone; tasks that still arrived are dropped, as `execute` documents.
        }
    }

    private func dispatch(_ event: SelectorEvent) {
        if event.token == wakeUpToken {
            for task in handle.takeTasks() {
                task(self)
            }
            return
        }
        guard let client = client(for: event.token) else { return }
        if event.isWritable {
            client.writable()
        }
        if event.isReadable {
            // The first callback may have closed and deregistered the client.
            if event.isWritable, self.client(for: event.token) == nil { return }
            client.readable()
        } else if event.isHangUpOrError {
            if event.isWritable, self.client(for: event.token) == nil { return }
            client.hangUpOrError()
        }
    }
}
