import Dispatch
import Foundation

/// Where a URLProtocol's client is called: on Apple platforms the run loop of the thread that called
/// `startLoading` (as URLSession requires there), elsewhere a serial queue. Either way blocks run one
/// at a time, in the order given.
struct ClientThread: @unchecked Sendable {
    #if canImport(Darwin)
    private let runLoop = CFRunLoopGetCurrent()

    func run(_ block: @escaping @Sendable () -> Void) {
        CFRunLoopPerformBlock(runLoop, CFRunLoopMode.commonModes.rawValue, block)
        CFRunLoopWakeUp(runLoop)
    }
    #else
    private let queue = DispatchQueue(label: "mockweather.urlprotocol.client")

    func run(_ block: @escaping @Sendable () -> Void) {
        queue.async(execute: block)
    }
    #endif
}
