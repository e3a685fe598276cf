package import MockEngine

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Where `mockweather record` writes and how it reaches the APIs.
package struct BatchRecordingOptions: Sendable {
    /// The cassette directory; cassettes go under `recorded/` in it.
    package var directory: URL
    /// The keys, the upstreams and the timeout.
    package var access: UpstreamAccess
    /// The APIs recorded.
    package var providers: ProviderSet
    /// `--scrub` patterns (the keys are added); nil masks secret parameters only.
    package var scrubber: KeyScrubber?
    /// Replace the cassette for the same request (a refresh; the default), or keep it (`--keep-existing`).
    package var replacesExisting = true

    /// Options with every default, for `directory`, `access` and `providers`.
    package init(directory: URL, access: UpstreamAccess, providers: ProviderSet) {
        self.directory = directory
        self.access = access
        self.providers = providers
    }
}

/// `mockweather record`: captures a batch of requests one after the other (the API's free tier allows
/// 60 calls a minute) without a client, writing each answer as `serve --record all` would.
///
/// A refused key (a 401, or the API's own refusal in a body) stops the batch: every further call would
/// be refused too.
package final class BatchRecorder: Sendable {
    private let recorder: Recorder

    /// Prepares the upstream client and writer; removes temporary files killed runs left behind.
    package init(options: BatchRecordingOptions, diagnostics: @escaping @Sendable (String) -> Void = { _ in }) {
        let scrubber = (options.scrubber ?? KeyScrubber(secretParameters: options.providers.secretParameters))
            .adding(secrets: options.access.secrets)
        recorder = Recorder(
            transport: options.access.transport(scrubber: scrubber), directory: options.directory, scrubber: scrubber,
            store: nil, providers: options.providers, diagnostics: diagnostics)
        replaces = options.replacesExisting
    }

    private let replaces: Bool

    init(recorder: Recorder, replacesExisting: Bool) {
        self.recorder = recorder
        replaces = replacesExisting
    }

    /// Records every item in order; `progress` is told before each one (position from 1, count, request).
    package func run(_ items: [BatchItem], progress: @Sendable (Int, Int, String) -> Void = { _, _, _ in }) async
        -> BatchReport
    {
        var rows: [BatchReport.Row] = []
        var keyRejected = false
        for (position, item) in items.enumerated() {
            guard let request = item.request else {
                rows.append(
                    BatchReport.Row(
                        request: item.label, status: "-", result: "skipped: \(item.skipReason ?? "no such request")",
                        isFailure: false, isSkipped: true))
                continue
            }
            let display = recorder.scrubber.scrub(request.displayText)
            if keyRejected {
                rows.append(
                    BatchReport.Row(
                        request: display, status: "-", result: "skipped: the key was rejected", isFailure: true,
                        isSkipped: true))
                continue
            }
            progress(position + 1, items.count, display)
            let result = await recorder.forward(request, replacing: replaces)
            rows.append(
                BatchReport.Row(
                    request: display, status: result.upstreamStatus.map(String.init) ?? "-",
                    result: Self.describe(result.disposition), isFailure: result.disposition.isFailure,
                    isSkipped: false))
            if result.rejectedKey { keyRejected = true }
        }
        return BatchReport(rows: rows)
    }

    private static func describe(_ disposition: Recorder.Disposition) -> String {
        switch disposition {
        case .recorded(let name): "\(name).json (new)"
        case .replaced(let name): "\(name).json (replaced)"
        case .kept(let name): "\(name).json (kept, --keep-existing)"
        case .notRecorded(let reason): "not recorded: \(reason)"
        case .writeFailed(let reason): "FAILED: \(reason)"
        case .upstreamFailed(let reason): "FAILED: upstream: \(reason)"
        }
    }
}

/// What a batch did: one row per target, printed as a table.
package struct BatchReport: Sendable, CustomStringConvertible {
    /// One target's outcome.
    package struct Row: Sendable {
        /// The request, key masked.
        package var request: String
        /// The upstream's status, or `-`.
        package var status: String
        /// The file written, or why none was.
        package var result: String
        /// True when nothing usable was recorded for this target.
        package var isFailure: Bool
        /// True when the target was not sent (no such request, or the key was already rejected).
        package var isSkipped: Bool
    }

    /// In target order.
    package var rows: [Row]

    /// How many targets failed.
    package var failures: Int { rows.filter(\.isFailure).count }

    /// The table (`REQUEST  STATUS  RESULT`) and a summary line.
    package var description: String {
        let width = max("REQUEST".count, rows.map(\.request.count).max() ?? 0)
        func pad(_ text: String, _ count: Int) -> String {
            text + String(repeating: " ", count: max(0, count - text.count))
        }
        var lines = ["\(pad("REQUEST", width))  STATUS  RESULT"]
        for row in rows { lines.append("\(pad(row.request, width))  \(pad(row.status, 6))  \(row.result)") }
        let skipped = rows.filter { $0.isSkipped && !$0.isFailure }.count
        let recorded = rows.count - failures - skipped
        lines.append(
            "recorded \(recorded) of \(rows.count)" + (failures > 0 ? "; \(failures) failed" : "")
                + (skipped > 0 ? "; \(skipped) skipped" : ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
