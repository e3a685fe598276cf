import Foundation
import MockWeather
import MockWeatherURLProtocol
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a contract case's requests are answered: the harness's three product modes (`.binary`,
/// `.inProcess`, `.urlProtocol`). The expect blocks and the checks are the same in every mode, so the
/// three must agree on every cassette.
typealias ContractMode = MockMode

extension MockMode: CustomTestStringConvertible {
    package var testDescription: String { rawValue }

    /// The modes to run: the products, or those `MOCKWEATHER_CONTRACT_MODES` names
    /// (`serve,in-process,urlprotocol`), so `Scripts/contract.sh --modes` can run one.
    static var selected: [MockMode] {
        guard let names = ProcessInfo.processInfo.environment["MOCKWEATHER_CONTRACT_MODES"], !names.isEmpty else {
            return products
        }
        let wanted = Set(names.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        return products.filter { wanted.contains($0.shortName) }
    }
}

/// The cassettes whose cases run: all, or those whose name starts with one of the comma-separated
/// prefixes of `MOCKWEATHER_CONTRACT_CASSETTES` (`kma/`, `kakao-local/errors`), to run one provider's
/// cases (a parameterised case cannot be picked with `--filter`).
enum ContractCassettes {
    static let variable = "MOCKWEATHER_CONTRACT_CASSETTES"

    /// The prefixes, or `nil` when the variable is unset or empty (every cassette).
    static let prefixes: [String]? = {
        guard let text = ProcessInfo.processInfo.environment[variable], !text.isEmpty else { return nil }
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }()

    /// Whether the cases of the cassette named `name` (`kma/vilage/daegu`) run.
    static func selects(_ name: String) -> Bool {
        prefixes.map { $0.contains { name.hasPrefix($0) } } ?? true
    }
}

/// How many contract cases run at once, each holding a server or replayer over every bundled cassette
/// (pooled or its own): four per core, or `MOCKWEATHER_CONTRACT_CONCURRENCY`. Without a bound, Swift Testing starts
/// every parameterised case together, which under AddressSanitizer is several hundred sanitized
/// `mockweather serve` children and more memory than the machine has.
let contractCaseLimit = ConcurrencyLimit((try? ContractConcurrency.configured.get()) ?? 1)

/// `MOCKWEATHER_CONTRACT_CONCURRENCY` read once: a whole number of at least 1, or the default when unset.
enum ContractConcurrency {
    static let variable = "MOCKWEATHER_CONTRACT_CONCURRENCY"

    /// The variable holds something that is not a count; every contract case fails with this message.
    struct Invalid: Error, CustomStringConvertible {
        let value: String
        var description: String { "\(ContractConcurrency.variable)=\(value) is not a whole number of at least 1" }
    }

    /// The bound, or why the variable cannot be one.
    static let configured: Result<Int, Invalid> = {
        guard let text = ProcessInfo.processInfo.environment[variable], !text.isEmpty else {
            return .success(4 * ProcessInfo.processInfo.activeProcessorCount)
        }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 1 else {
            return .failure(Invalid(value: text))
        }
        return .success(value)
    }()
}

extension MockSetup {
    /// The bundled cassettes as a contract case replays them, at most ``contractCaseLimit`` cases at
    /// once: in `.binary` mode the server `MOCKWEATHER_SERVER_URL` names when it is set
    /// (`Scripts/contract.sh --server URL`, a CI job's service), else a fresh `mockweather serve`; in a
    /// suite with ``PooledContractSessions``, a backend its pool keeps.
    ///
    /// - Throws: ``ContractConcurrency/Invalid`` when `MOCKWEATHER_CONTRACT_CONCURRENCY` is no count.
    static var contract: MockSetup {
        get throws {
            _ = try ContractConcurrency.configured.get()
            return contractUnbounded.limited(by: contractCaseLimit)
        }
    }

    /// ``contract`` without taking a slot of ``contractCaseLimit``: for a single long case that must not
    /// wait behind all the others.
    static var contractUnbounded: MockSetup {
        .replay(PackageLayout.bundledCassettes, running: ExternalServer.configured?.baseURL)
    }
}

/// The suite's serve, in-process and URLProtocol cases reuse backends over the bundled cassettes
/// (``MockPool``: each case has one to itself, rewound before the next case gets it) instead of starting
/// one each. Every suite with the trait shares the same pools (``MockPools/sharing(cassettes:_:)``), and
/// every backend is stopped once the last such suite is done.
struct PooledContractSessions: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await MockPools.sharing(cassettes: PackageLayout.bundledCassettes) { try await function() }
    }
}

extension Trait where Self == PooledContractSessions {
    /// ``PooledContractSessions``: the suite's contract sessions come from one pool per mode.
    static var pooledContractSessions: Self { Self() }
}
