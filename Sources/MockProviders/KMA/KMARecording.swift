import Basics
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the KMA service is recorded (docs/ARCHITECTURE.md#recording): the real key from
/// `KMA_SERVICE_KEY` (the variable WeatherClient's KMA client reads) or `--api-key kma=KEY`, sent as
/// `serviceKey` percent-encoded exactly once (a key given in the portal's encoded form is decoded
/// once first, as the client does); never in a cassette: `serviceKey` is a secret of the vocabulary.
///
/// Patterns, per operation: the cell by equality (`nx`, `ny`) and the issuance slot (`base_time`), so
/// a replayed shift is whole days and TMN/TMX rows stay at 0600/1500; a body kept as text (the XML
/// form, which replay cannot reshape) also pins `base_date`, `dataType`, `pageNo` and `numOfRows`.
/// `getFcstVersion` pins `ftype`; any other path every parameter. Names: `vilage/nx60-ny127-t0500`.
struct KMARecording: RecordingProfile {
    let upstream = "https://apis.data.go.kr"
    let keyVariable = "KMA_SERVICE_KEY"
    let keyPlacement = KeyPlacement.parameter("serviceKey")

    func upstreamKey(_ configured: String) -> String {
        KMAGateway.isStillEncoded(configured)
            ? RequestPath.percentDecoded(configured, plusIsSpace: false) : configured
    }

    func cassetteName(for request: CapturedRequest) -> String {
        guard let operation = KMAOperation(path: request.path) else {
            var parts = [CassetteNaming.slug(request.path)]
            for parameter in request.parameters {
                parts.append("\(CassetteNaming.slug(parameter.name))-\(CassetteNaming.slug(parameter.value))")
            }
            return "other/" + CassetteNaming.limited(parts.joined(separator: "-"))
        }
        var parts: [String] = []
        if operation.takesIssuance {
            for name in ["nx", "ny"] { parts.append(name + CassetteNaming.slug(request.value(name) ?? "none")) }
            parts.append("t" + CassetteNaming.slug(request.value("base_time") ?? "none"))
            if !asksForJSON(request) {
                parts.append("d" + CassetteNaming.slug(request.value("base_date") ?? "none"))
                parts.append("xml")
                for name in ["pageno", "numofrows"] {
                    if let value = request.value(name) { parts.append("\(name)-\(CassetteNaming.slug(value))") }
                }
            }
        } else {
            parts.append(CassetteNaming.slug(request.value("ftype") ?? "no-ftype"))
        }
        return operation.folder + "/" + CassetteNaming.limited(parts.joined(separator: "-"))
    }

    func pattern(for request: CapturedRequest, storedAsJSON: Bool, ranged: Bool) -> JSONValue {
        var query: [(String, JSONValue)] = []
        switch KMAOperation(path: request.path) {
        case let operation? where operation.takesIssuance:
            var names = ["nx", "ny", "base_time"]
            if !storedAsJSON { names += ["base_date", "datatype", "pageno", "numofrows"] }
            for name in names { query.append((name, request.value(name).map { .string($0) } ?? .null)) }
        case _?:
            query.append(("ftype", request.value("ftype").map { .string($0) } ?? .null))
        case nil:
            for parameter in request.parameters { query.append((parameter.name, .string(parameter.value))) }
        }
        var fields: [(String, JSONValue)] = [("method", .string(request.method)), ("path", .string(request.path))]
        if !query.isEmpty { fields.append(("query", .object(query))) }
        return .object(fields)
    }

    func interaction(
        for request: CapturedRequest, answers: [CapturedAnswer], storedAsJSON: Bool, given: JSONValue?
    ) -> RecordedInteraction {
        let operation = KMAOperation(path: request.path)
        return RecordedInteraction(
            pattern: given ?? pattern(for: request, storedAsJSON: storedAsJSON, ranged: false),
            responseMembers: answers.map { _ in [] },
            expectations: answers.map { answer in
                KMAExpectDerivation.expectation(status: answer.status, body: answer.body ?? [], operation: operation)
            })
    }

    /// `verify` asks for the JSON form, every row, and the latest published issuance (of the slot the
    /// pattern pins, when it pins one), since a recorded date is past the retention by then.
    func verificationParameters(forPath path: String, given: [(String, String)], now: Date) -> [(String, String)] {
        guard let operation = KMAOperation(path: path) else { return [] }
        var added = [("dataType", "JSON"), ("pageNo", "1"), ("numOfRows", "1000")]
        let current = KMATime(now)
        if operation.takesIssuance {
            var issuance = operation.latestIssuance(at: current)
            if let slot = given.first(where: { $0.0 == "base_time" })?.1,
                let pinned = KMATime(date: issuance.dateText, time: slot)
            {
                // The pinned slot today, or yesterday when today's is not published yet.
                issuance = current < pinned.adding(operation.publicationDelay) ? pinned.adding(-86_400) : pinned
            }
            added += [("base_date", issuance.dateText), ("base_time", issuance.timeText)]
        } else {
            let issuance = KMAOperation.villageForecast.latestIssuance(at: current)
            added += [("ftype", "SHRT"), ("basedatetime", issuance.dateText + issuance.timeText)]
        }
        return added
    }

    private func asksForJSON(_ request: CapturedRequest) -> Bool {
        request.value("datatype")?.trimmingASCIIWhitespace().lowercased() == "json"
    }

    /// The data.go.kr gateway refuses with 200 and its own envelope (kma-vilage-fcst.md §5): such an
    /// answer is about the key or the quota, never about the request, so it is not recorded. Codes 20
    /// (access denied), 30 (not registered), 31 (expired) and 32 (unregistered IP) refuse the key itself.
    /// The service's own errors (`03 NO_DATA`, `10`) are its answer to the request and are recorded.
    func refusal(status: Int, body: [UInt8]) -> RecordingRefusal? {
        guard let gateway = KMAExpectDerivation.gatewayCode(of: body) else { return nil }
        let detail = gateway.message.isEmpty ? gateway.code : "\(gateway.code) \(gateway.message)"
        let rejectsKey = ["20", "30", "31", "32"].contains(gateway.code)
        return RecordingRefusal(
            reason: rejectsKey
                ? "the data.go.kr gateway refused the key (\(detail)): check the key given"
                : "the data.go.kr gateway refused the request (\(detail)), which says nothing about it",
            rejectsKey: rejectsKey)
    }
}
