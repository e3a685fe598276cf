import Foundation
import HTTPServer
import Locking
import MockEngine

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The protocol class of one replayer (see ``ReplayerSlot``): claims every http(s) request of the
/// sessions it is attached to and answers it through the replayer's stack.
final class ReplayURLProtocol<Slot: ReplayerSlot>: URLProtocol {
    /// Set by `startLoading` and read by `stopLoading`, which URLSession may call from another thread.
    private let load = Locked<ReplayLoad?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        // Every web request of the session, so nothing reaches the network by accident.
        let scheme = request.url?.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override class func requestIsCacheEquivalent(_ a: URLRequest, to b: URLRequest) -> Bool { false }

    override func startLoading() {
        let load = ReplayLoad(protocol: self, client: client, request: request)
        self.load.withLock { $0 = load }
        guard let stack = ReplayerRegistry.stack(for: Slot.token) else {
            load.fail(
                URLError(
                    .resourceUnavailable,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "mockweather: the MockWeatherReplayer this session was attached to has been released; "
                            + "keep it as long as the session is used"
                    ]))
            return
        }
        load.start(with: stack)
    }

    override func stopLoading() {
        load.withLock { $0 }?.cancel()
    }
}
