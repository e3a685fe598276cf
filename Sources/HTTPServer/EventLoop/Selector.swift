#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import CHTTPServerSystem
#endif

/// What a registered descriptor wants to hear about.
struct Interest: OptionSet, Equatable {
    let rawValue: UInt8
    static let read = Interest(rawValue: 1)
    static let write = Interest(rawValue: 2)
}

/// One readiness notification: the token the descriptor was registered with and what it is ready for.
struct SelectorEvent {
    var token: UInt64
    var isReadable: Bool
    var isWritable: Bool
    /// The peer hung up or the socket has a pending error; reported even without read interest.
    var isHangUpOrError: Bool
}

/// The token reserved for the loop's own wake-up descriptor.
let wakeUpToken = UInt64.max

/// The descriptors behind a selector, created on the thread that starts the server (so failures are
/// reported by `start()`) and handed to the event-loop thread.
struct SelectorDescriptors: Sendable {
    var poller: Int32
    /// Linux: an eventfd. Darwin: unused (EVFILT_USER on the kqueue wakes it).
    var wakeUp: Int32

    static func make() throws(SystemError) -> SelectorDescriptors {
        #if os(Linux)
        let poller = try systemCall("epoll_create1", chs_epoll_create())
        let wakeUp: Int32
        do {
            wakeUp = try systemCall("eventfd", chs_eventfd())
        } catch {
            Socket.close(poller)
            throw error
        }
        _ = try systemCall("epoll_ctl", chs_epoll_ctl(poller, EPOLL_CTL_ADD, wakeUp, CHS_EPOLLIN, wakeUpToken))
        return SelectorDescriptors(poller: poller, wakeUp: wakeUp)
        #else
        let poller = try systemCall("kqueue", kqueue())
        var event = kevent(
            ident: 0, filter: Int16(EVFILT_USER), flags: UInt16(EV_ADD | EV_CLEAR), fflags: 0, data: 0,
            udata: UnsafeMutableRawPointer(bitPattern: UInt(wakeUpToken)))
        _ = try systemCall("kevent", kevent(poller, &event, 1, nil, 0, nil))
        return SelectorDescriptors(poller: poller, wakeUp: -1)
        #endif
    }

    /// Wakes the loop blocked in ``Selector/wait(timeoutNanoseconds:_:)``; safe from any thread while
    /// the descriptors are open.
    func wake() {
        #if os(Linux)
        var one: UInt64 = 1
        _ = Glibc.write(wakeUp, &one, 8)
        #else
        var event = kevent(
            ident: 0, filter: Int16(EVFILT_USER), flags: 0, fflags: UInt32(NOTE_TRIGGER), data: 0, udata: nil)
        _ = kevent(poller, &event, 1, nil, 0, nil)
        #endif
    }

    func close() {
        Socket.close(poller)
        if wakeUp >= 0 { Socket.close(wakeUp) }
    }
}

/// Readiness notification for many descriptors: epoll on Linux, kqueue on Darwin.
///
/// Level-triggered on purpose: a connection that stops reading (its handler is busy, or it is writing
/// a response the peer is slow to take) simply drops read interest and is not woken again, and a
/// connection that read one whole request need not read again until `EAGAIN` to stay correct, which
/// saves a system call per request compared with edge-triggering.
final class Selector {
    private let descriptors: SelectorDescriptors
    #if os(Linux)
    private let events: UnsafeMutablePointer<epoll_event>
    #else
    private let events: UnsafeMutablePointer<kevent>
    #endif
    private let capacity: Int32 = 256

    init(descriptors: SelectorDescriptors) {
        self.descriptors = descriptors
        #if os(Linux)
        events = chs_epoll_events_allocate(capacity)
        #else
        events = .allocate(capacity: Int(capacity))
        #endif
    }

    deinit {
        #if os(Linux)
        chs_epoll_events_free(events)
        #else
        events.deallocate()
        #endif
    }

    func register(_ fd: Int32, token: UInt64, interest: Interest) throws(SystemError) {
        #if os(Linux)
        _ = try systemCall(
            "epoll_ctl(ADD)", chs_epoll_ctl(descriptors.poller, EPOLL_CTL_ADD, fd, Self.mask(interest), token))
        #else
        try change(fd, token: token, from: [], to: interest)
        #endif
    }

    func reregister(_ fd: Int32, token: UInt64, from old: Interest, to new: Interest) throws(SystemError) {
        guard old != new else { return }
        #if os(Linux)
        _ = try systemCall(
            "epoll_ctl(MOD)", chs_epoll_ctl(descriptors.poller, EPOLL_CTL_MOD, fd, Self.mask(new), token))
        #else
        try change(fd, token: token, from: old, to: new)
        #endif
    }

    /// Stops watching `fd`. Closing a descriptor also removes it, so failures are ignored.
    func deregister(_ fd: Int32, interest: Interest) {
        #if os(Linux)
        _ = chs_epoll_ctl(descriptors.poller, EPOLL_CTL_DEL, fd, 0, 0)
        #else
        try? change(fd, token: 0, from: interest, to: [])
        #endif
    }

    /// Blocks until a descriptor is ready, the loop is woken, or `timeoutNanoseconds` pass (`nil`:
    /// no timeout), then calls `body` for each event.
    func wait(timeoutNanoseconds: UInt64?, _ body: (SelectorEvent) -> Void) throws(SystemError) {
        #if os(Linux)
        let milliseconds: Int32
        if let timeout = timeoutNanoseconds {
            milliseconds = Int32(clamping: (timeout + 999_999) / 1_000_000)
        } else {
            milliseconds = -1
        }
        let count = try systemCall("epoll_wait", chs_epoll_wait(descriptors.poller, events, capacity, milliseconds))
        for index in 0..<count {
            let token = chs_epoll_event_data(events, index)
            if token == wakeUpToken {
                var value: UInt64 = 0
                _ = Glibc.read(descriptors.wakeUp, &value, 8)
            }
            let flags = chs_epoll_event_flags(events, index)
            body(
                SelectorEvent(
                    token: token,
                    isReadable: flags & CHS_EPOLLIN != 0,
                    isWritable: flags & CHS_EPOLLOUT != 0,
                    isHangUpOrError: flags & (CHS_EPOLLHUP | CHS_EPOLLERR) != 0
                ))
        }
        #else
        // The timeout is passed from inside `withUnsafePointer`, never through a pointer that outlives it.
        let count: Int32
        if let timeout = timeoutNanoseconds {
            var spec = timespec(tv_sec: Int(timeout / 1_000_000_000), tv_nsec: Int(timeout % 1_000_000_000))
            count = try systemCall("kevent", kevent(descriptors.poller, nil, 0, events, capacity, &spec))
        } else {
            count = try systemCall("kevent", kevent(descriptors.poller, nil, 0, events, capacity, nil))
        }
        for index in 0..<Int(count) {
            let event = events[index]
            let token = UInt64(UInt(bitPattern: event.udata))
            let isWrite = event.filter == Int16(EVFILT_WRITE)
            body(
                SelectorEvent(
                    token: token,
                    isReadable: event.filter == Int16(EVFILT_READ) || token == wakeUpToken,
                    isWritable: isWrite,
                    // A write filter's EV_EOF is epoll's EPOLLHUP (the peer is gone); a read filter's is
                    // only the peer's half-close, which a read of 0 bytes reports.
                    isHangUpOrError: event.flags & UInt16(EV_ERROR) != 0
                        || (isWrite && event.flags & UInt16(EV_EOF) != 0)
                ))
        }
        #endif
    }

    #if os(Linux)
    private static func mask(_ interest: Interest) -> UInt32 {
        var mask: UInt32 = 0
        if interest.contains(.read) { mask |= CHS_EPOLLIN }
        if interest.contains(.write) { mask |= CHS_EPOLLOUT }
        return mask
    }
    #else
    private func change(_ fd: Int32, token: UInt64, from old: Interest, to new: Interest) throws(SystemError) {
        var changes: [kevent] = []
        for (filter, flag) in [(EVFILT_READ, Interest.read), (EVFILT_WRITE, Interest.write)] {
            let action: Int32
            if new.contains(flag) && !old.contains(flag) {
                action = EV_ADD
            } else if !new.contains(flag) && old.contains(flag) {
                action = EV_DELETE
            } else {
                continue
            }
            changes.append(
                kevent(
                    ident: UInt(fd), filter: Int16(filter), flags: UInt16(action), fflags: 0, data: 0,
                    udata: UnsafeMutableRawPointer(bitPattern: UInt(token))))
        }
        guard !changes.isEmpty else { return }
        _ = try systemCall("kevent", kevent(descriptors.poller, changes, Int32(changes.count), nil, 0, nil))
    }
    #endif
}
