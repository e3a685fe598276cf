import Basics
import HTTPServer
package import MockEngine
package import WeatherWorld

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// `mockweather synthesize`: what the synthetic world answers to chosen requests, written as ordinary
/// cassettes (`source: synthetic`, the scenario and seed in their notes, `expect` blocks) that replay
/// byte for byte what `serve --synthesize` answered, so a test pins a synthetic case and reviews it in a
/// diff (docs/ARCHITECTURE.md#the-world).
package enum WorldFreezer {
    /// The folder under the cassette directory the cassettes are written to.
    package static let folder = "synthesized"

    /// One request to freeze: its path and query (`/data/2.5/weather?q=Busan`), asked at `instant`.
    package struct Request: Sendable {
        /// The path and query.
        package var target: String
        /// When the world is asked.
        package var instant: Date

        /// `target` asked at `instant`.
        package init(target: String, instant: Date) {
            self.target = target
            self.instant = instant
        }
    }

    /// What happened to one request.
    package struct Row: Sendable, Equatable {
        /// The request as given.
        package var target: String
        /// The status the world answered.
        package var status: Int
        /// The cassette written (its name under the directory), or why none was.
        package var result: String

        /// A row for `target`.
        package init(target: String, status: Int, result: String) {
            self.target = target
            self.status = status
            self.result = result
        }
    }

    /// The requests `--city NAME` stands for: current weather and the forecast by name.
    package static func cityTargets(_ name: String) -> [String] {
        let query = CapturedRequest.queryEncoded(name)
        return ["/data/2.5/weather?q=\(query)", "/data/2.5/forecast?q=\(query)"]
    }

    /// The requests `--place LAT,LON` stands for: current weather, the forecast, One Call and the air.
    package static func placeTargets(latitude: Double, longitude: Double) -> [String] {
        let point = "lat=\(latitude)&lon=\(longitude)"
        return [
            "/data/2.5/weather?\(point)", "/data/2.5/forecast?\(point)", "/data/3.0/onecall?\(point)",
            "/data/2.5/air_pollution?\(point)",
        ]
    }

    /// Asks `world` each of `requests` through its provider, as `serve --synthesize` would, and writes
    /// each answer under `directory/synthesized/` (replacing the cassette of the same request). A
    /// request the world does not answer (no provider claims its path, or the provider answers it only
    /// from cassettes) is reported and written nowhere.
    package static func freeze(
        _ requests: [Request], world: World, context: SynthesisContext, directory: URL, providers: ProviderSet
    ) -> [Row] {
        let writer = CassetteWriter(directory: directory, providers: providers)
        var rows: [Row] = []
        var synthesis = context
        synthesis.world = world
        for request in requests {
            let replayRequest = ReplayRequest(
                method: "GET", path: request.target, query: nil, providers: providers, now: request.instant)
            guard let provider = replayRequest.provider,
                let answer = provider.provider.synthesize(replayRequest, context: synthesis),
                let profile = provider.provider.recording
            else {
                rows.append(Row(target: request.target, status: 0, result: "not answered by the world"))
                continue
            }
            let parts = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let captured = CapturedRequest(
                method: "GET", rawPath: String(parts[0]), rawQuery: parts.count > 1 ? String(parts[1]) : nil,
                headers: [], providers: providers)
            let headers = answer.response.headers.map { HeaderField(name: $0.name, value: $0.value) }
            let at = RecordedCassette.timestamp(
                milliseconds: Int64((request.instant.timeIntervalSince1970 * 1_000).rounded(.down)))
            let document = RecordedCassette.document(
                request: captured, profile: profile, displayText: "GET \(request.target)",
                answers: [
                    CapturedAnswer(
                        status: answer.response.status,
                        headers: RecordedCassette.keptHeaders(
                            of: headers, scrubber: KeyScrubber(secretParameters: providers.secretParameters)),
                        body: answer.response.body)
                ],
                provenance: .synthesized(world: world.label, isInvented: answer.isSynthetic), recordedAt: at)
            let name = folder + "/" + profile.cassetteName(for: captured)
            let bytes = document.prettyBytes
            let decoded = CassetteDecoder.decode(file: name + ".json", bytes: bytes, providers: providers)
            guard let key = decoded.cassette?.interactions.first?.request.canonicalKey else {
                rows.append(
                    Row(
                        target: request.target, status: answer.response.status,
                        result: "not written: the cassette would not validate: \(decoded.problems)"))
                continue
            }
            do throws(CassetteWriteError) {
                switch try writer.write(bytes, preferredName: name, requestKey: key, replacing: true) {
                case .created(let written), .replaced(let written), .kept(let written):
                    rows.append(Row(target: request.target, status: answer.response.status, result: written + ".json"))
                }
            } catch {
                rows.append(Row(target: request.target, status: answer.response.status, result: error.description))
            }
        }
        return rows
    }
}
