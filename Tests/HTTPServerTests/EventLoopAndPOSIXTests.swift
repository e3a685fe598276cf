import Locking
import TestSupport
import Testing

@testable import HTTPServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX layer on its own: the errno policy and addresses.
@Suite struct POSIXLayerTests {
    private func socketPair() -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        #if canImport(Glibc)
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        #else
        socketpair(AF_UNIX, SOCK_STREAM, 0, &fds)
        #endif
        return (fds[0], fds[1])
    }

    @Test func readOnAnEmptyNonBlockingSocketIsWouldBlockNotAnError() throws {
        let (left, right) = socketPair()
        defer {
            Socket.close(left)
            Socket.close(right)
        }
        _ = fcntl(left, F_SETFL, fcntl(left, F_GETFL) | O_NONBLOCK)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { buffer.deallocate() }

        let result = try Socket.read(left, into: buffer)

        guard case .wouldBlock = result else {
            Issue.record("expected wouldBlock, got \(result)")
            return
        }
    }

    @Test func otherErrnosBecomeATypedErrorNamingTheCall() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { buffer.deallocate() }

        #expect(throws: SystemError(call: "read", code: EBADF)) { try Socket.read(-1, into: buffer) }
    }

    @Test func writeToAClosedPeerIsEPIPEAndDoesNotRaiseSIGPIPE() throws {
        let (left, right) = socketPair()
        defer { Socket.close(left) }
        Socket.close(right)
        let bytes: [UInt8] = [1, 2, 3]

        #expect {
            try bytes.withUnsafeBytes { buffer in _ = try Socket.write(left, buffer) }
        } throws: { error in
            (error as? SystemError)?.isPeerDisconnect == true
        }
    }

    @Test func addressesResolveAndKnowLoopback() throws {
        #expect(try SocketAddress(host: "127.0.0.1", port: 80).isLoopback)
        #expect(try SocketAddress(host: "::1", port: 80).isLoopback)
        #expect(try !SocketAddress(host: "192.0.2.1", port: 80).isLoopback)
        #expect(try SocketAddress(host: "[::1]", port: 8080).description == "[::1]:8080")
        #expect(try SocketAddress(host: "localhost", port: 1).isLoopback)
        #expect(throws: HTTPServerError.self) { try SocketAddress(host: "no such host.invalid", port: 1) }
    }

    @Test func listenerOnPortZeroGetsARealPort() throws {
        let fd = try Socket.makeListener(
            address: SocketAddress(host: "127.0.0.1", port: 0), reusePort: false, backlog: 4)
        defer { Socket.close(fd) }

        #expect(try Socket.localAddress(fd).port > 0)
    }
}

/// The event loop on its own: timers, readiness and cross-thread wake-ups, no HTTP.
@Suite struct EventLoopTests {
    /// Records what the loop tells it and reports to the test when it has seen `expected` events.
    final class Recorder: EventLoopClient {
        let events: Locked<[String]>
        let report: @Sendable ([String]) -> Void
        let expected: Int
        let fd: Int32

        init(fd: Int32, expected: Int, report: @escaping @Sendable ([String]) -> Void) {
            self.fd = fd
            self.expected = expected
            self.report = report
            events = Locked([])
        }

        private func record(_ event: String) {
            let all = events.withLock { events in
                events.append(event)
                return events
            }
            if all.count == expected { report(all) }
        }

        func readable() {
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
            record("readable \(byte)")
        }
        func writable() {}
        func hangUpOrError() { record("hangup") }
        func timerFired(tag: UInt8) { record("timer \(tag)") }
    }

    private func withRunningLoop(_ body: (EventLoopHandle) async throws -> Void) async throws {
        let handle = EventLoopHandle(descriptors: try SelectorDescriptors.make())
        let loop = EventLoop(handle: handle)
        let finished = Gate()
        try startThread(name: "test-loop") {
            loop.run()
            finished.open()
        }
        try await body(handle)
        handle.execute { $0.stop() }
        await finished.wait()
    }

    @Test func timersFireInDeadlineOrderWhateverTheSchedulingOrder() async throws {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        defer {
            Socket.close(fds[0])
            Socket.close(fds[1])
        }
        let readFD = fds[0]
        try await withRunningLoop { handle in
            let events = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
                handle.execute { loop in
                    let recorder = Recorder(fd: readFD, expected: 3) { continuation.resume(returning: $0) }
                    let token = try! loop.register(readFD, interest: [], client: recorder)
                    loop.schedule(at: loop.now + 3_000_000, token: token, tag: 3)
                    loop.schedule(at: loop.now + 1_000_000, token: token, tag: 1)
                    loop.schedule(at: loop.now + 2_000_000, token: token, tag: 2)
                }
            }
            #expect(events == ["timer 1", "timer 2", "timer 3"])
            handle.execute { $0.deregister(readFD) }
        }
    }

    @Test func readinessReachesTheRegisteredClient() async throws {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        defer {
            Socket.close(fds[0])
            Socket.close(fds[1])
        }
        let (readFD, writeFD) = (fds[0], fds[1])
        try await withRunningLoop { handle in
            let events = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
                handle.execute { loop in
                    let recorder = Recorder(fd: readFD, expected: 2) { continuation.resume(returning: $0) }
                    _ = try! loop.register(readFD, interest: .read, client: recorder)
                    var bytes: [UInt8] = [7, 9]
                    _ = write(writeFD, &bytes, 2)
                }
            }
            #expect(events == ["readable 7", "readable 9"])  // level-triggered: woken until drained
            handle.execute { $0.deregister(readFD) }
        }
    }

    @Test func tasksFromOtherThreadsRunOnTheLoopInOrder() async throws {
        try await withRunningLoop { handle in
            let order = Locked<[Int]>([])
            let all = Gate()
            for index in 0..<100 {
                handle.execute { _ in
                    let count = order.withLock { order in
                        order.append(index)
                        return order.count
                    }
                    if count == 100 { all.open() }
                }
            }
            await all.wait()
            #expect(order.withLock { $0 } == Array(0..<100))
        }
    }

    @Test func tasksSentAfterTheLoopFinishedAreRefused() async throws {
        let handle = EventLoopHandle(descriptors: try SelectorDescriptors.make())
        let loop = EventLoop(handle: handle)
        loop.run(stoppingAtOnce: true)

        #expect(!handle.execute { _ in })
    }
}
