import Locking
import MockEngine
import Synchronization

/// A replayer's token written as a type: `One<Zero<Root>>` is token 0b110. URLSession finds its
/// protocol by class, so each replayer gets a class of its own (`ReplayURLProtocol<Slot>`) whose
/// class methods read the token back from the type. Nothing is registered with URLProtocol globally,
/// and no header or URL carries the token (Foundation on Linux does not show a configuration's
/// `httpAdditionalHeaders` to a protocol).
protocol ReplayerSlot {
    static var token: UInt64 { get }
}

/// The leading 1 bit, so that tokens with leading zeros stay distinct.
enum RootSlot: ReplayerSlot {
    static var token: UInt64 { 1 }
}

enum ZeroSlot<Parent: ReplayerSlot>: ReplayerSlot {
    static var token: UInt64 { Parent.token << 1 }
}

enum OneSlot<Parent: ReplayerSlot>: ReplayerSlot {
    static var token: UInt64 { Parent.token << 1 | 1 }
}

enum ReplayerSlots {
    /// The slot type for `token` (which must be at least 1): one generic level per bit after the first.
    static func slot(for token: UInt64) -> any ReplayerSlot.Type {
        var slot: any ReplayerSlot.Type = RootSlot.self
        let width = UInt64.bitWidth - token.leadingZeroBitCount
        for bit in stride(from: width - 2, through: 0, by: -1) {
            slot = appending(token >> UInt64(bit) & 1 == 1, to: slot)
        }
        return slot
    }

    private static func appending<Parent: ReplayerSlot>(_ bit: Bool, to parent: Parent.Type) -> any ReplayerSlot.Type {
        bit ? OneSlot<Parent>.self : ZeroSlot<Parent>.self
    }

    /// The protocol class URLSession is given for `token`.
    static func protocolClass(for token: UInt64) -> AnyClass {
        protocolClass(slot(for: token))
    }

    private static func protocolClass<Slot: ReplayerSlot>(_ slot: Slot.Type) -> AnyClass {
        ReplayURLProtocol<Slot>.self
    }
}

/// The replay stacks of the replayers alive now, by token. Each replayer adds itself and removes
/// itself at deinit; tokens are never reused, so a session outliving its replayer can never reach
/// another test's cassettes.
enum ReplayerRegistry {
    private static let next = Atomic<UInt64>(1)
    private static let stacks = Locked<[UInt64: ReplayStack]>([:])

    static func register(_ stack: ReplayStack) -> UInt64 {
        let token = next.wrappingAdd(1, ordering: .relaxed).oldValue
        stacks.withLock { $0[token] = stack }
        return token
    }

    static func stack(for token: UInt64) -> ReplayStack? {
        stacks.withLock { $0[token] }
    }

    static func remove(_ token: UInt64) {
        _ = stacks.withLock { $0.removeValue(forKey: token) }
    }
}
