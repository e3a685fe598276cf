import Foundation
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server a contract case runs against: a fresh `mockweather serve` over the bundled cassettes, or,
/// when `MOCKWEATHER_SERVER_URL` is set (`Scripts/contract.sh --server URL`), a server that is already
/// running, as a CI job that starts `mockweather serve` as a service has. It counts against
/// ``contractCaseLimit``, like a case of ``withContractSession(_:_:)``.
func withContractServer<T>(_ body: (URL) async throws -> T) async throws -> T {
    _ = try ContractConcurrency.configured.get()
    return try await contractCaseLimit.run { try await withUnboundedContractServer(body) }
}

/// ``withContractServer(_:)`` without taking a slot of ``contractCaseLimit``: for a caller that already
/// holds one, or a single long case that must not wait behind all the others.
func withUnboundedContractServer<T>(_ body: (URL) async throws -> T) async throws -> T {
    if let external = ExternalServer.configured {
        try await ExternalServer.sequencesReset.value
        return try await body(external.baseURL)
    }
    return try await withMockServer(cassettes: PackageLayout.bundledCassettes) { server in
        try await body(server.baseURL)
    }
}

/// A server this suite did not start and must not stop.
struct ExternalServer {
    let baseURL: URL

    static var configured: ExternalServer? {
        guard let text = ProcessInfo.processInfo.environment["MOCKWEATHER_SERVER_URL"], !text.isEmpty,
            let url = URL(string: text)
        else { return nil }
        return ExternalServer(baseURL: url)
    }

    /// Every sequence started over once per test run, before the first case, so a `responses` cassette
    /// answers from its first response whatever earlier runs asked. (Once, not per case: cases run in
    /// parallel, and a reset in the middle of another case's sequence would break it.)
    static let sequencesReset = Task {
        try await configured?.resetSequences()
    }

    private func resetSequences() async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("__admin/reset"))
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }
}
