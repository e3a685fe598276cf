import HTTPServer
package import MockEngine

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Record mode behind the engine's stack: each request it is handed goes upstream through the
/// ``Recorder``, and the answer comes back as the stack's outcome.
struct RecordingForwarder: RequestForwarder {
    let recorder: Recorder

    func forward(_ request: ReplayRequest, replacing: Bool) -> ReplayOutcome {
        let request = request.http
        let captured = CapturedRequest(
            method: request.method, rawPath: request.path, rawQuery: request.query,
            headers: request.headers.map { HeaderField(name: $0.name, value: $0.value) }, body: request.body,
            providers: recorder.providers)
        let recorder = recorder
        return .later { RecordingOutcome.outcome(of: await recorder.forward(captured, replacing: replacing)) }
    }
}

extension RecordingOptions {
    /// The engine's hook for these options: record mode over the store, through `transport` (libcurl
    /// unless a test gives another), masking `scrubber`'s secrets and the real keys.
    package func hook(scrubber: KeyScrubber, directory: URL) -> RecordingHook {
        let access = access
        return RecordingHook(forwardsEverything: mode == .all, secrets: access.secrets) { store, diagnostics in
            let scrubber = scrubber.adding(secrets: access.secrets)
            return RecordingForwarder(
                recorder: Recorder(
                    transport: access.transport(scrubber: scrubber), directory: directory, scrubber: scrubber,
                    store: store, providers: store.providers, diagnostics: diagnostics))
        }
    }
}

/// How a forwarded request shows in the log and journal: `upstream → recorded/current/q-seoul`. An
/// upstream failure counts as unmatched, so `--fail-on-unmatched` reports it.
enum RecordingOutcome {
    static func outcome(of result: Recorder.Result) -> ReplayOutcome {
        let source: ReplayOutcome.Source =
            switch result.disposition {
            case .recorded(let name): .answered("upstream → \(name)")
            case .replaced(let name): .answered("upstream → \(name) (replaced)")
            case .kept(let name): .answered("upstream (kept existing \(name))")
            case .notRecorded(let reason), .writeFailed(let reason): .answered("upstream (not recorded: \(reason))")
            case .upstreamFailed(let reason): .unmatched(closest: "upstream failed: \(reason)", rules: [])
            }
        return ReplayOutcome(result.response, source)
    }
}
