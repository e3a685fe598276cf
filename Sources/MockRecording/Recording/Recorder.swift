import Basics
import HTTPServer
import Locking
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Record mode's core, shared by `serve --record new|all` and `mockweather record`: forwards one
/// request upstream with the real key, scrubs the answer, writes it as a cassette when it is worth
/// keeping, adds it to the store so it is served at once, and says what it did.
///
/// What is recorded: 2xx and 4xx answers (a 404 "city not found" is a useful cassette). What is not:
/// 401 (the real key was rejected: a cassette would only say so, and the next run should retry),
/// 429 and 5xx (transient: frozen into a cassette they would answer that request forever), and 1xx/3xx.
/// Those are still passed to the client, scrubbed. Nothing is written when the upstream fails; the
/// client gets a 502 naming the failure.
final class Recorder: Sendable {
    /// Marks record mode's answers: the cassette written, or why none was.
    static let recordedHeader = "X-Mockweather-Recorded"

    /// Where record mode writes, in the cassette directory.
    static let recordedFolder = "recorded"

    /// The APIs recorded (the store's, or the batch's).
    let providers: ProviderSet

    let transport: any UpstreamTransport
    let writer: CassetteWriter
    /// Masks the real key and the `--scrub` patterns (each request adds the client's own key).
    let scrubber: KeyScrubber
    private let store: CassetteStore?
    private let clock: @Sendable () -> Int64
    private let diagnostics: @Sendable (String) -> Void
    /// Choosing a name, writing and adding to the store happen one request at a time.
    private let writing = Locked(())

    /// What happened to one request.
    enum Disposition: Sendable, Equatable {
        case recorded(name: String)
        case replaced(name: String)
        /// `--record new` found a file for this request on disk (not loaded); it was left alone.
        case kept(name: String)
        /// The answer was passed on but deliberately not recorded (401, 429, 5xx).
        case notRecorded(reason: String)
        /// The answer was passed on, but the cassette could not be written.
        case writeFailed(reason: String)
        /// No answer from upstream: the client got a 502.
        case upstreamFailed(reason: String)

        /// True for the outcomes a batch counts as failures.
        var isFailure: Bool {
            switch self {
            case .recorded, .replaced, .kept: false
            case .notRecorded, .writeFailed, .upstreamFailed: true
            }
        }
    }

    /// One forwarded request: what to send the client and what happened.
    struct Result: Sendable {
        var response: HTTPResponse
        /// The upstream's status, nil when it failed.
        var upstreamStatus: Int?
        var disposition: Disposition
        /// The request as logs show it, key masked.
        var displayText: String
        /// Whether the upstream refused the key (a 401, or the API's own refusal in a 200's body).
        var rejectedKey = false
    }

    init(
        transport: any UpstreamTransport, directory: URL, scrubber: KeyScrubber, store: CassetteStore?,
        providers: ProviderSet,
        clock: @escaping @Sendable () -> Int64 = Timestamp.nowMilliseconds,
        diagnostics: @escaping @Sendable (String) -> Void
    ) {
        self.transport = transport
        self.providers = providers
        writer = CassetteWriter(directory: directory, providers: providers)
        self.scrubber = scrubber
        self.store = store
        self.clock = clock
        self.diagnostics = diagnostics
        writer.removeAbandonedTemporaryFiles()
    }

    /// Forwards `request`, records the answer when it is worth keeping, and returns what to send the
    /// client. `replacing` overwrites the cassette for the same request (`--record all`, `record`);
    /// otherwise an existing one is kept.
    func forward(_ request: CapturedRequest, replacing: Bool) async -> Result {
        let scrubber = scrubber.adding(secrets: request.clientSecrets)
        let display = scrubber.scrub(request.displayText)
        guard let provider = request.provider, let profile = provider.provider.recording else {
            let known = providers.registered.map(\.name).joined(separator: ", ")
            return failed(
                request, display: display,
                reason: "no API the mock records claims \(request.path) (record mode forwards only the APIs of its "
                    + "providers: \(known))", upstream: "upstream")
        }
        let upstream: UpstreamResponse
        do {
            upstream = try await transport.send(UpstreamRequest(request, provider: provider))
        } catch {
            return failed(
                request, display: display, reason: scrubber.scrub(error.reason),
                upstream: transport.upstream(for: provider))
        }
        let body = scrubber.scrub(upstream.body)
        let headers = RecordedCassette.keptHeaders(of: upstream.headers, scrubber: scrubber)
        let disposition: Disposition
        let identity = String(
            decoding: profile.pattern(for: request, storedAsJSON: true, ranged: true).compactBytes, as: UTF8.self)
        let refusal = (200..<300).contains(upstream.status) ? profile.refusal(status: upstream.status, body: body) : nil
        if let reason = Self.reasonNotToRecord(status: upstream.status) {
            disposition = .notRecorded(reason: reason)
        } else if let refusal {
            disposition = .notRecorded(reason: scrubber.scrub(refusal.reason))
        } else if scrubber.scrub(identity) != identity {
            disposition = .notRecorded(
                reason: "the request itself carries a secret in its path or parameters, which a cassette would "
                    + "have to store")
        } else {
            disposition = write(
                request, profile: profile, upstream: transport.upstream(for: provider), displayText: display,
                status: upstream.status, headers: headers, body: body, replacing: replacing, scrubber: scrubber)
        }
        switch disposition {
        case .recorded(let name): diagnostics("mockweather: recorded \(name).json (\(upstream.status), \(display))")
        case .replaced(let name): diagnostics("mockweather: re-recorded \(name).json (\(upstream.status), \(display))")
        case .kept(let name) where store?.library.cassettes.contains(where: { $0.name == name }) == true:
            diagnostics("mockweather: \(name).json was recorded meanwhile by the same request; kept")
        case .kept(let name):
            diagnostics(
                "mockweather: kept the existing \(name).json (new-only recording never overwrites; reload to serve it)")
        case .notRecorded(let reason):
            diagnostics("mockweather: not recorded: \(display) → \(upstream.status): \(reason)")
        case .writeFailed(let reason): diagnostics("mockweather: NOT recorded: \(display): \(reason)")
        case .upstreamFailed: break
        }
        var responseHeaders = HTTPHeaders()
        for header in headers { responseHeaders.add(name: header.name, value: header.value) }
        responseHeaders.add(name: Self.recordedHeader, value: Self.headerValue(for: disposition))
        return Result(
            response: HTTPResponse(status: upstream.status, headers: responseHeaders, body: body),
            upstreamStatus: upstream.status, disposition: disposition, displayText: display,
            rejectedKey: upstream.status == 401 || refusal?.rejectsKey == true)
    }

    /// The client's answer when nothing came from upstream: a 502 in the request's API's error shape
    /// naming the failure (and the mock's own shape for a path no API claims).
    private func failed(_ request: CapturedRequest, display: String, reason: String, upstream: String) -> Result {
        let message = "mockweather: upstream \(display.replacingFirst(" ", with: " \(upstream)")) failed: \(reason)"
        diagnostics(message)
        let replayRequest = ReplayRequest(
            method: request.method, path: request.rawPath, query: nil, providers: providers)
        var response: HTTPResponse
        if let provider = request.provider {
            response = provider.provider.errorResponse(status: 502, message: message, for: replayRequest)
        } else {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            let body = JSONValue.object([("status", .number(502)), ("message", .string(message))])
            response = HTTPResponse(status: 502, headers: headers, body: body.compactBytes)
        }
        response.headers.add(name: Self.recordedHeader, value: "no; upstream failed")
        return Result(
            response: response, upstreamStatus: nil, disposition: .upstreamFailed(reason: reason),
            displayText: display)
    }

    /// Why an answer with `status` is passed on but not recorded, or nil when it is recorded.
    static func reasonNotToRecord(status: Int) -> String? {
        switch status {
        case 401: "the upstream rejected the API key (401): check the key given"
        case 429: "429 means the account is rate limited, which says nothing about this request"
        case 500...599: "\(status) is upstream trouble, not an answer about this request"
        case ..<200, 300..<400: "\(status) is not a final answer"
        default: nil
        }
    }

    private static func headerValue(for disposition: Disposition) -> String {
        switch disposition {
        case .recorded(let name), .replaced(let name): name
        case .kept(let name): "no; kept existing \(name)"
        case .notRecorded: "no; not worth recording"
        case .writeFailed: "no; write failed"
        case .upstreamFailed: "no; upstream failed"
        }
    }

    private func write(
        _ request: CapturedRequest, profile: any RecordingProfile, upstream: String, displayText: String, status: Int,
        headers: [HeaderField], body: [UInt8], replacing: Bool, scrubber: KeyScrubber
    ) -> Disposition {
        let (document, _) = RecordedCassette.document(
            request: request, profile: profile, displayText: displayText, status: status, headers: headers, body: body,
            upstream: upstream, recordedAt: RecordedCassette.timestamp(milliseconds: clock()))
        let name = Self.recordedFolder + "/" + profile.cassetteName(for: request)
        // Body and headers are scrubbed already; the whole file once more, as the last line of defence.
        let bytes = scrubber.scrub(document.prettyBytes)
        // Decoded before writing, as the loader would: an invalid file is never written.
        let decoded = CassetteDecoder.decode(file: name + ".json", bytes: bytes, providers: providers)
        guard let cassette = decoded.cassette, let key = cassette.interactions.first?.request.canonicalKey else {
            return .writeFailed(reason: "the recorded cassette would not validate: \(decoded.problems)")
        }
        return writing.withLock { _ in
            let outcome: CassetteWriter.Outcome
            do throws(CassetteWriteError) {
                outcome = try writer.write(
                    bytes, preferredName: name, requestKey: key, replacing: replacing)
            } catch {
                return .writeFailed(reason: error.description)
            }
            switch outcome {
            case .created(let name), .replaced(let name):
                var served = cassette
                served.name = name
                served.file = name + ".json"
                do {
                    try store?.addOrReplace(served)
                } catch {
                    diagnostics("mockweather: \(name).json is written but not served until reload: \(error)")
                }
                if case .replaced = outcome { return .replaced(name: name) }
                return .recorded(name: name)
            case .kept(let name):
                return .kept(name: name)
            }
        }
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var replaced = self
        replaced.replaceSubrange(range, with: replacement)
        return replaced
    }
}
