import Basics
package import MockEngine

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// `mockweather verify`: sends every recorded cassette's request to its live API and reports, per
/// cassette, whether the answer still has the recorded shape (status, and fields added, removed or
/// retyped by JSON path). Writes nothing.
package enum CassetteVerifier {
    /// Loads `directory` and checks each `source: recorded` cassette in path order, one request at a
    /// time. A 401 stops the run: the key was rejected, so nothing else can be checked.
    ///
    /// - Parameter progress: told before each cassette (position from 1, count, cassette name).
    /// - Throws: `CassetteLoadError` when the directory is missing or a cassette is invalid.
    package static func verify(
        directory: URL, access: UpstreamAccess, providers: ProviderSet, scrubber: KeyScrubber? = nil,
        progress: @Sendable (Int, Int, String) -> Void = { _, _, _ in }
    ) async throws(CassetteLoadError) -> VerifyReport {
        let scrubber = (scrubber ?? KeyScrubber(secretParameters: providers.secretParameters))
            .adding(secrets: access.secrets)
        return await verify(
            try CassetteLoader.load(directory: directory, providers: providers),
            transport: access.transport(scrubber: scrubber), providers: providers, scrubber: scrubber,
            progress: progress)
    }

    static func verify(
        _ cassettes: [Cassette], transport: any UpstreamTransport, providers: ProviderSet, scrubber: KeyScrubber,
        progress: @Sendable (Int, Int, String) -> Void
    ) async -> VerifyReport {
        let recorded = cassettes.filter { $0.source == .recorded }
        var results: [VerifyReport.Result] = []
        var keyRejected = false
        for (position, cassette) in recorded.enumerated() {
            for (index, interaction) in cassette.interactions.enumerated() {
                let label = cassette.interactionCount > 1 ? "\(cassette.name)#\(index)" : cassette.name
                if keyRejected {
                    results.append(.init(cassette: label, verdict: .unchecked("skipped: the key was rejected")))
                    continue
                }
                progress(position + 1, recorded.count, label)
                let (verdict, rejected) = await check(
                    interaction, transport: transport, providers: providers, scrubber: scrubber)
                keyRejected = rejected
                results.append(.init(cassette: label, verdict: verdict))
            }
        }
        return VerifyReport(results: results)
    }

    /// The verdict for one interaction, and whether the upstream rejected the key.
    private static func check(
        _ interaction: Interaction, transport: any UpstreamTransport, providers: ProviderSet, scrubber: KeyScrubber
    ) async -> (VerifyReport.Verdict, keyRejected: Bool) {
        let request = Self.request(for: interaction.request, providers: providers)
        guard let provider = request.provider, let profile = provider.provider.recording else {
            return (.unchecked("no API the mock records claims \(interaction.request.path)"), false)
        }
        let live: UpstreamResponse
        do {
            live = try await transport.send(UpstreamRequest(request, provider: provider))
        } catch {
            return (.unchecked("upstream failed: \(scrubber.scrub(error.reason))"), false)
        }
        if live.status == 401, interaction.responses.last?.status != 401 {
            return (.unchecked(Recorder.reasonNotToRecord(status: 401)!), true)
        }
        guard let recorded = interaction.responses.last else {
            return (.unchecked("the cassette has no response"), false)
        }
        var drift: [String] = []
        var varying: [String] = []
        if live.status != recorded.status { drift.append("status   \(recorded.status) → \(live.status)") }
        let before = Self.json(recorded.body)
        let after = try? JSONParser.parse(live.body)
        switch (before, after) {
        case (let before?, let after?):
            let diff = ShapeDiff(
                recorded: JSONShape(before), live: JSONShape(after), varying: profile.varyingShapePaths)
            drift += diff.drift.map(\.description)
            varying = diff.varying.map(\.description)
        case (nil, nil):
            // Icons: the same kind of image at the same size is the same shape.
            let sizes = (Self.bytes(recorded.body).flatMap(PNGSize.init), PNGSize(live.body))
            switch sizes {
            case (let before?, let after?) where before != after:
                drift.append("image    \(before.width)×\(before.height) → \(after.width)×\(after.height)")
            case (_?, nil): drift.append("body     was a PNG image, now is not")
            case (nil, _?): drift.append("body     was not a PNG image, now is")
            default: break
            }
        case (nil, _?):
            drift.append("body     was not JSON, now is")
        case (_?, nil):
            drift.append("body     was JSON, now is not")
        }
        return (drift.isEmpty ? .sameShape(varying: varying) : .drifted(drift, varying: varying), false)
    }

    /// The request a recorded pattern stands for: its literal parameters, its provider's coordinates
    /// at a `near` centre, and a `range`'s covered span.
    static func request(for pattern: RequestPattern, providers: ProviderSet) -> CapturedRequest {
        var parameters: [(String, String)] = []
        for constraint in pattern.query {
            if case .equals(let value) = constraint.expectation { parameters.append((constraint.name, value)) }
        }
        if let near = pattern.near, let names = providers.provider(forPath: pattern.path)?.vocabulary.coordinates {
            parameters.append((names.latitude, NumberText.shortest(near.latitude)))
            parameters.append((names.longitude, NumberText.shortest(near.longitude)))
        }
        if let range = pattern.range {
            // A recorded range covers the span it was recorded for: ask for that span again.
            let bounds = range.sampleBounds
            parameters.removeAll { $0.0 == range.from || $0.0 == range.to }
            parameters += [(range.from, bounds.from), (range.to, bounds.to)]
        }
        if let profile = providers.provider(forPath: pattern.path)?.provider.recording {
            let given = parameters.map { ($0.0.lowercased(), $0.1) }
            parameters += profile.verificationParameters(forPath: pattern.path, given: given, now: Date())
                .filter { added in !given.contains { $0.0 == added.0.lowercased() } }
        }
        var request = CapturedRequest(path: pattern.path, parameters: parameters, providers: providers)
        request.method = pattern.method
        return request
    }

    private static func bytes(_ body: ResponseBody?) -> [UInt8]? {
        switch body {
        case .json(let value): value.compactBytes
        case .text(let text): Array(text.utf8)
        case .base64(let bytes): bytes
        case nil: nil
        }
    }

    private static func json(_ body: ResponseBody?) -> JSONValue? {
        switch body {
        case .json(let value): value
        case .text(let text): try? JSONParser.parse(Array(text.utf8))
        case .base64(let bytes): try? JSONParser.parse(bytes)
        case nil: nil
        }
    }
}

/// What `verify` found, per recorded cassette.
package struct VerifyReport: Sendable, CustomStringConvertible {
    /// The outcome for one cassette.
    package enum Verdict: Sendable, Equatable {
        /// Same status and shape; `varying` lists fields that come and go with the weather (not drift).
        case sameShape(varying: [String])
        /// The API's answer changed: one line per difference (`added $.main.temp_kf (number)`), and the
        /// differences that come and go with the weather, which are not drift.
        case drifted([String], varying: [String])
        /// Could not be checked (upstream failure, rejected key).
        case unchecked(String)
    }

    /// One cassette's outcome.
    package struct Result: Sendable, Equatable {
        /// The cassette's name (`recorded/current/q-seoul`).
        package var cassette: String
        /// What was found.
        package var verdict: Verdict
    }

    /// In cassette path order.
    package var results: [Result]

    /// True when any cassette drifted.
    package var hasDrift: Bool { results.contains { if case .drifted = $0.verdict { true } else { false } } }
    /// How many cassettes could not be checked.
    package var uncheckedCount: Int { results.filter { if case .unchecked = $0.verdict { true } else { false } }.count }

    private static func notes(_ varying: [String]) -> [String] {
        varying.isEmpty ? [] : ["    (varies with the weather or place, not drift: \(varying.joined(separator: "; ")))"]
    }

    /// One block per cassette, then a summary line.
    package var description: String {
        guard !results.isEmpty else { return "no recorded cassettes to verify\n" }
        var lines: [String] = []
        for result in results {
            switch result.verdict {
            case .sameShape(let varying):
                lines.append("\(result.cassette): same shape")
                lines += Self.notes(varying)
            case .drifted(let changes, let varying):
                lines.append("\(result.cassette): DRIFT")
                lines += changes.map { "    " + $0 }
                lines += Self.notes(varying)
            case .unchecked(let reason):
                lines.append("\(result.cassette): NOT CHECKED: \(reason)")
            }
        }
        let drifted = results.filter { if case .drifted = $0.verdict { true } else { false } }.count
        lines.append(
            "verify: \(results.count) recorded \(results.count == 1 ? "cassette" : "cassettes"): "
                + "\(results.count - drifted - uncheckedCount) same shape, \(drifted) drifted, \(uncheckedCount) not checked"
        )
        return lines.joined(separator: "\n") + "\n"
    }
}
