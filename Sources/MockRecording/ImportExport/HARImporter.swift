import Basics
package import MockEngine

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Options for ``HARImporter``.
package struct HARImportOptions: Sendable {
    /// The cassette directory; cassettes go under `imported/` in it.
    package var directory: URL
    /// The APIs imported: their live hosts are, and their vocabulary reads the requests.
    package var providers: ProviderSet
    /// Hosts imported besides the providers' (`host` or `host:port`).
    package var extraHosts: [String] = []
    /// Plan only: the report says what would be written, nothing is.
    package var dryRun = false
    /// Extra secrets and patterns to mask (`--scrub`); every key found in the archive is added. Nil
    /// masks the secret parameters only.
    package var scrubber: KeyScrubber?
    /// What one import may spend on the archive as a whole.
    package var budget = HARImportBudget()

    /// Options with every default, for `directory` and `providers`.
    package init(directory: URL, providers: ProviderSet) {
        self.directory = directory
        self.providers = providers
    }
}

/// What one import may spend, whatever the archive holds (docs/ARCHITECTURE.md#har-import-and-export).
///
/// Each body is held to ``Inflate/maximumOutput`` (64 MiB) when it is decompressed, but an archive of
/// 1.6 MB can hold twenty such bombs: without a budget for the whole archive it made 1.2 GB of
/// cassettes and peaked at 1.5 GB. Every answer is held in memory until the archive has been read
/// (a request seen twice becomes one sequence), so the budget is what bounds memory. A real capture
/// of these APIs is a few kilobytes per body and far fewer entries than either limit.
package struct HARImportBudget: Sendable, Equatable {
    /// The most bytes the bodies of one archive may decompress to, in all: 128 MiB, two of the
    /// largest bodies one entry may hold.
    package static let defaultInflatedBytes = 128 << 20
    /// The most entries one archive may have: 100,000, far more than any capture session of these APIs.
    package static let defaultEntries = 100_000
    /// The largest archive file `mockweather import` reads: 256 MiB, room for the inflated budget's
    /// bodies written as base64 (4/3 of them) and the rest of the archive; the parsed tree costs
    /// several times the file, so a larger one is refused by its size before a byte is read.
    package static let maximumArchiveBytes = 256 << 20

    /// The most bytes all bodies may decompress to; the entry that would go past it stops the import.
    package var maximumInflatedBytes: Int
    /// The most entries `log.entries` may have; a longer archive is refused before any body is read.
    package var maximumEntries: Int

    /// The default budget, or a smaller one (tests and the fuzz target).
    package init(maximumInflatedBytes: Int = defaultInflatedBytes, maximumEntries: Int = defaultEntries) {
        self.maximumInflatedBytes = maximumInflatedBytes
        self.maximumEntries = maximumEntries
    }
}

/// `mockweather import`: turns the exchanges of a HAR archive with the providers' APIs into cassettes under
/// `DIR/imported/`, named, scrubbed and written exactly as record mode names, scrubs and writes them,
/// with `source: "imported"`, the archive's `creator` and each entry's time as `recordedAt`.
///
/// - Entries are taken in `startedDateTime` order (HAR asks readers to sort). The same request seen
///   several times becomes a sequence of its answers in that order; consecutive identical answers are
///   one.
/// - Skipped, with the entry index and field: entries without a response (failed, blocked, in flight),
///   WebSocket connections, CONNECT tunnels, bodies the tool did not keep or that do not decode,
///   interim and redirect answers, 401 (the captured key was rejected: a cassette never names keys,
///   so it would answer every key), and requests that carry a secret in their own parameters.
/// - Existing cassettes are never overwritten: a request a cassette in the directory already answers
///   is skipped (unless that file is byte for byte what this import would write).
/// - An archive mockweather exported carries each interaction's request pattern and replay settings in
///   `_mockweather`; those are restored, so export then import gives cassettes that answer the same.
package enum HARImporter {
    /// Keys found in an archive at least this long are masked wherever they appear, not only as key
    /// parameters' values (real keys are 32 characters or more; the client library uses the same threshold).
    package static let minimumKeyLength = 8
    /// The folder under the cassette directory imports go to.
    package static let folder = "imported"

    /// Whether `text` names a host the way `--host` takes it: `host` or `host:port`, no scheme or path.
    package static func isHostPattern(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("/") && !text.contains("@") && HARURL("host-pattern://" + text) != nil
    }

    /// Reads `bytes` (the archive, named `file` in messages) and writes, or plans, its cassettes.
    ///
    /// - Throws: ``HARReadError`` when the archive as a whole cannot be read (not JSON, not HAR), or
    ///   it goes past `options.budget` (too many entries, or bodies that decompress to too much in
    ///   all): then nothing is written, and the problem names the entry where the budget ran out.
    package static func importArchive(_ bytes: [UInt8], file: String, options: HARImportOptions) throws(HARReadError)
        -> HARImportReport
    {
        let (archive, readProblems) = try HARReader.read(try uncompressed(bytes, file: file), file: file)
        if archive.entries.count > options.budget.maximumEntries {
            let first = archive.entries[options.budget.maximumEntries]
            throw HARReadError(
                problems: [
                    archive.problem(
                        file: file, entry: first, at: first.path, offset: first.offset,
                        "the archive has \(archive.entries.count) entries, more than the \(options.budget.maximumEntries) "
                            + "one import takes; nothing was imported: split the archive")
                ], isOverBudget: true)
        }
        var session = ImportSession(archive: archive, file: file, options: options)
        for problem in readProblems { session.skip(entries: [problem.entry ?? -1], request: "-", problem: problem) }
        session.run()
        if let spent = session.budgetSpent { throw HARReadError(problems: [spent], isOverBudget: true) }
        return session.report
    }
}

extension HARImporter {
    /// The archive's JSON: a `.har.gz` (gzip) or mitmproxy's `.zhar` (zlib) is uncompressed first; JSON
    /// itself never starts with either's magic bytes.
    static func uncompressed(_ bytes: [UInt8], file: String) throws(HARReadError) -> [UInt8] {
        guard Inflate.isGzip(bytes) || (bytes.first == 0x78 && Inflate.isZlibHeader(bytes)) else { return bytes }
        do throws(Inflate.Failure) {
            return Inflate.isGzip(bytes) ? try Inflate.gunzip(bytes) : try Inflate.zlibOrRawDeflate(bytes)
        } catch {
            throw HARReadError(problems: [
                HARProblem(
                    file: file, entry: nil, jsonPath: "$", line: nil, column: nil,
                    message: "the archive is compressed but does not decompress: \(error)")
            ])
        }
    }
}

/// One import run: classifies entries, groups them by request, then writes or plans each cassette.
private struct ImportSession {
    let archive: HARArchive
    let file: String
    let options: HARImportOptions
    let hosts: [String]
    let scrubber: KeyScrubber
    var rows: [HARImportReport.Row] = []
    var problems: [HARProblem] = []
    var ignored: [String: Int] = [:]
    var warnings: [String] = []
    /// What the bodies may still decompress to (``HARImportBudget/maximumInflatedBytes`` at the start).
    var inflateBudget: Int
    /// Where the budget ran out: the import stops there and writes nothing.
    var budgetSpent: HARProblem?

    /// The answers of one request, in the order seen.
    struct Group {
        var request: CapturedRequest
        var displayText: String
        var pattern: JSONValue?
        var answers: [CapturedAnswer] = []
        var entries: [Int] = []
        var firstTime: Int64
    }

    init(archive: HARArchive, file: String, options: HARImportOptions) {
        self.archive = archive
        self.file = file
        self.options = options
        inflateBudget = options.budget.maximumInflatedBytes
        let known = options.providers.hosts
        hosts = known + options.extraHosts.filter { !known.contains($0) }
        // Every key any entry sent is a secret everywhere: a key seen in one request is masked in the
        // bodies and headers of all of them. Not the fake keys a mockweather archive's patterns name
        // (a literal fake key stages a key state): those are part of the cassette, not secrets.
        let namedInPatterns = Set(
            archive.creator.isMockweather
                ? archive.entries.flatMap { entry in
                    let pattern = entry.mockweather?["request"]
                    let parameters = (pattern?["query"]?.members ?? []).compactMap { member in
                        options.providers.isSecretParameter(member.key.lowercased()) ? member.value.stringValue : nil
                    }
                    let secretHeaders =
                        pattern?["path"]?.stringValue.flatMap { options.providers.vocabulary(forPath: $0) }?
                        .secretHeaders ?? []
                    let headers = (pattern?["headers"]?.members ?? []).compactMap { member in
                        let header = secretHeaders.first { $0.name == member.key.lowercased() }
                        return member.value.stringValue.flatMap { value in header.map { $0.secret(in: value) } }
                    }
                    return parameters + headers
                } : [])
        let keys = archive.entries.flatMap { entry in
            HARURL(entry.request.url).map {
                CapturedRequest(
                    method: "GET", rawPath: $0.rawPath, rawQuery: $0.rawQuery,
                    headers: entry.request.headers, providers: options.providers)
            }?
            .clientSecrets ?? []
        }
        // Keys shorter than real ones (32 characters) are masked where they are a key parameter's value
        // but not searched for as text: a fake key `invalid` must not turn `invalidRequest` into `***Request`.
        scrubber = (options.scrubber ?? KeyScrubber(secretParameters: options.providers.secretParameters)).adding(
            secrets: keys.filter { !namedInPatterns.contains($0) && $0.count >= HARImporter.minimumKeyLength })
    }

    var report: HARImportReport {
        let ordered = rows.enumerated().sorted {
            ($0.element.entries.first ?? -1, $0.offset) < ($1.element.entries.first ?? -1, $1.offset)
        }
        return HARImportReport(
            rows: ordered.map(\.element), problems: problems.sorted { ($0.entry ?? -1) < ($1.entry ?? -1) },
            ignoredHosts: ignored.map { (host: $0.key, count: $0.value) }.sorted {
                ($0.count, $1.host) > ($1.count, $0.host)
            }, hosts: hosts, isDryRun: options.dryRun, warnings: warnings)
    }

    mutating func skip(entries: [Int], request: String, statuses: String = "-", problem: HARProblem) {
        problems.append(problem)
        rows.append(
            HARImportReport.Row(
                entries: entries, request: request, statuses: statuses, result: "skipped: \(problem.jsonPath)",
                isSkipped: true))
    }

    mutating func run() {
        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        let entries = archive.entries.enumerated().sorted {
            ($0.element.startedMilliseconds, $0.offset) < ($1.element.startedMilliseconds, $1.offset)
        }.map(\.element)
        for entry in entries {
            guard let (identity, request, display, pattern, answer) = classify(entry) else {
                if budgetSpent != nil { return }
                continue
            }
            if let index = groupIndex[identity] {
                let previous = groups[index].answers.last
                // An exported cassette's sequence is kept as it was, repeats included.
                let isRepeat = pattern == nil && previous.map { Self.sameAnswer($0, answer) } == true
                if !isRepeat { groups[index].answers.append(answer) }
                groups[index].entries.append(entry.index)
            } else {
                groupIndex[identity] = groups.count
                groups.append(
                    Group(
                        request: request, displayText: display, pattern: pattern, answers: [answer],
                        entries: [entry.index], firstTime: entry.startedMilliseconds))
            }
        }
        write(groups)
    }

    // MARK: - One entry

    /// The entry as one answer to a request, or nil after recording why it is skipped (or ignored).
    private mutating func classify(_ entry: HAREntry) -> (
        String, CapturedRequest, String, JSONValue?, CapturedAnswer
    )? {
        let request = entry.request
        let path = entry.path
        guard let url = HARURL(request.url) else {
            skip(
                entries: [entry.index], request: scrubber.scrub("\(request.method) \(request.url)"),
                problem: problem(
                    entry, path.appending("request").appending("url"), request.urlOffset,
                    "not an absolute URL with a host: \(JSONValue.quoted(scrubber.scrub(request.url)))"))
            return nil
        }
        // Everything in an archive mockweather wrote (an export, the request journal) is its own traffic.
        guard archive.creator.isMockweather || hosts.contains(where: url.matches(host:)) else {
            let shown = url.port.map { [80, 443].contains($0) ? url.host : "\(url.host):\($0)" } ?? url.host
            ignored[shown, default: 0] += 1
            return nil
        }
        let shownRequest =
            request.method == "CONNECT"
            ? "CONNECT \(url.host)\(url.port.map { ":\($0)" } ?? "")" : Self.requestLine(request.method, url, scrubber)
        func reject(_ field: JSONPath, offset: Int, statuses: String = "-", _ message: String) {
            self.skip(
                entries: [entry.index], request: shownRequest, statuses: statuses,
                problem: problem(entry, field, offset, message))
        }
        // An exported cassette carries its pattern; a journal entry (`/__admin/requests.har`) only what
        // happened, and is imported like any capture.
        let ownDetails = archive.creator.isMockweather ? entry.mockweather : nil
        let extensionFields = ownDetails?["request"] != nil ? ownDetails : nil
        if request.method == "CONNECT" {
            reject(
                path.appending("request").appending("method"), offset: request.urlOffset,
                "a CONNECT tunnel: the tool did not decrypt this HTTPS connection, so there is no exchange to "
                    + "replay; enable SSL/TLS proxying for \(url.host) and capture again")
            return nil
        }
        if case .bool(true) = ownDetails?["unmatched"]?.kind {
            reject(
                path.appending("_mockweather").appending("unmatched"), offset: entry.offset,
                statuses: entry.response.map { String($0.status) } ?? "-",
                "mockweather answered this request as unmatched: no cassette had it, so there is nothing to import")
            return nil
        }
        let upgrade = request.headers.first { $0.name.lowercased() == "upgrade" }?.value.lowercased()
        if entry.isWebSocketByExtension || url.scheme == "ws" || url.scheme == "wss" || upgrade == "websocket"
            || entry.response?.status == 101
        {
            let field =
                entry.isWebSocketByExtension
                ? path.appending("_resourceType")
                : url.scheme.hasPrefix("ws") ? path.appending("request").appending("url") : path.appending("response")
            reject(
                field, offset: entry.offset,
                "a WebSocket connection: mockweather replays HTTP exchanges, not WebSocket frames")
            return nil
        }
        let fault = extensionFields?["settings"]?["fault"]
        let sendsNothing = fault.map { ["reset", "empty", "hang"].contains($0.stringValue ?? $0["kind"]?.stringValue) }
        guard let response = entry.response, response.status != 0 || sendsNothing == true else {
            let reason = entry.error.map { scrubber.scrub($0) }
            if let response = entry.response {
                reject(
                    path.appending("response").appending("status"), offset: response.offset,
                    "no response (status 0\(reason.map { ", \($0)" } ?? "")): the request failed or was blocked; "
                        + "nothing to replay")
            } else {
                reject(
                    path.appending("response"), offset: entry.offset,
                    "no response\(reason.map { " (\($0))" } ?? ""): the request failed or was still in flight when "
                        + "the archive was saved")
            }
            return nil
        }
        let statusPath = path.appending("response").appending("status")
        if extensionFields == nil, let reason = Self.reasonNotToImport(status: response.status) {
            reject(statusPath, offset: response.offset, statuses: String(response.status), reason)
            return nil
        }
        var body: [UInt8]?
        if response.status != 0 {
            switch HARBody.bytes(of: response, method: request.method, inflateBudget: &inflateBudget) {
            case .success(let bytes): body = scrubber.scrub(bytes)
            case .failure(let failure) where failure.spentBudget:
                let limit = options.budget.maximumInflatedBytes
                let shown = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
                budgetSpent = problem(
                    entry, path.appending("response").appending("content"), response.content.offset,
                    "the archive's bodies decompress to more than \(shown) in all, the most one import takes "
                        + "(this entry's body goes past it); nothing was imported: split the archive")
                return nil
            case .failure(let failure):
                let contentPath = path.appending("response").appending("content")
                let field: JSONPath =
                    switch failure.field {
                    case .content: contentPath
                    case .text: contentPath.appending("text")
                    case .encoding: contentPath.appending("encoding")
                    }
                let offset =
                    failure.field == .text
                    ? response.content.textOffset ?? response.content.offset
                    : response.content.offset
                reject(field, offset: offset, statuses: String(response.status), failure.message)
                return nil
            }
        }
        let recording = CapturedRequest(
            method: request.method, rawPath: url.rawPath, rawQuery: url.rawQuery, headers: request.headers,
            providers: options.providers)
        guard let profile = recording.provider?.provider.recording else {
            reject(
                path.appending("request").appending("url"), offset: request.urlOffset,
                statuses: String(response.status),
                "no API the mock knows claims \(recording.path) (the providers: "
                    + "\(options.providers.registered.map(\.name).joined(separator: ", ")))")
            return nil
        }
        let display = shownRequest
        var settings: [(String, JSONValue)] = []
        if let members = extensionFields?["settings"]?.members {
            settings = members.map { ($0.key, $0.value) }
        }
        let pattern = extensionFields?["request"]
        let identityValue = pattern ?? profile.pattern(for: recording, storedAsJSON: true, ranged: true)
        let identity = String(decoding: identityValue.compactBytes, as: UTF8.self)
        if pattern == nil, scrubber.scrub(identity) != identity {
            reject(
                path.appending("request").appending("url"), offset: request.urlOffset,
                statuses: String(response.status),
                "the request carries a secret in its own path or parameters, which a cassette would have to store")
            return nil
        }
        // A mockweather archive's headers are the cassette's own, in its order, plus those the server adds.
        let headers =
            extensionFields == nil
            ? RecordedCassette.keptHeaders(of: response.headers, scrubber: scrubber)
            : response.headers.filter {
                !PreparedResponse.isServerOwned($0.name)
                    && $0.name.lowercased() != PreparedResponse.cassetteHeader.lowercased()
            }.map { HeaderField(name: $0.name, value: scrubber.scrub($0.value)) }
        // A fault that sends nothing is exported as HAR's "no response"; its cassette status rides along.
        let status =
            response.status == 0 ? extensionFields?["status"]?.numberText.flatMap { Int($0) } ?? 0 : response.status
        let answer = CapturedAnswer(status: status, headers: headers, body: body, settings: settings)
        return (identity, recording, display, pattern, answer)
    }

    /// Why an answer is not imported, or nil when it is. Unlike record mode, 429 and 5xx are kept: a
    /// capture's sequence of "busy, then fine" is exactly what a test wants to replay.
    static func reasonNotToImport(status: Int) -> String? {
        switch status {
        case 101: "a protocol switch (101), not an answer to replay"
        case 100..<200: "\(status) is an interim answer, not a final one"
        case 304:
            "304 Not Modified answers a cache revalidation and carries no body; capture with the cache disabled"
        case 300..<400:
            "\(status) is a redirect; replay serves final answers (record mode does not keep redirects either)"
        case 401:
            "401: the captured key was rejected, and a cassette never names keys, so it would answer every key; "
                + "stage a 401 with a cassette naming a fake key instead"
        case 600...: "\(status) is not an HTTP status"
        default: nil
        }
    }

    /// `GET /data/2.5/weather?q=Seoul&key=***`: the request as the client sent it, keys masked.
    static func requestLine(_ method: String, _ url: HARURL, _ scrubber: KeyScrubber) -> String {
        scrubber.scrub("\(method) \(url.rawPath)\(url.rawQuery.map { "?\($0)" } ?? "")")
    }

    private static func sameAnswer(_ first: CapturedAnswer, _ second: CapturedAnswer) -> Bool {
        first.status == second.status && first.headers == second.headers && first.body == second.body
    }

    private func problem(_ entry: HAREntry, _ path: JSONPath, _ offset: Int, _ message: String) -> HARProblem {
        archive.problem(file: file, entry: entry, at: path, offset: offset, message)
    }

    // MARK: - Writing

    private mutating func write(_ groups: [Group]) {
        let writer = CassetteWriter(directory: options.directory, providers: options.providers)
        if !options.dryRun, !groups.isEmpty { writer.removeAbandonedTemporaryFiles(under: HARImporter.folder) }
        let existing = existingRequests()
        var planned: [String: RequestPattern.CanonicalKey] = [:]
        for group in groups {
            let statuses = group.answers.map { String($0.status) }.joined(separator: ",")
            // Every group's request has a recordable provider: `classify` skipped the others.
            guard let profile = group.request.provider?.provider.recording else { continue }
            let name = HARImporter.folder + "/" + profile.cassetteName(for: group.request)
            let document = RecordedCassette.document(
                request: group.request, profile: profile, displayText: group.displayText, answers: group.answers,
                provenance: .imported(archive: file, creator: archive.creator, entries: group.entries),
                recordedAt: RecordedCassette.timestamp(milliseconds: group.firstTime), pattern: group.pattern)
            // The answers are scrubbed already; the whole file once more, as the last line of defence.
            let bytes = scrubber.scrub(document.prettyBytes)
            func row(_ result: String, skipped: Bool, writeFailed: Bool = false) {
                rows.append(
                    HARImportReport.Row(
                        entries: group.entries, request: group.displayText, statuses: statuses, result: result,
                        isSkipped: skipped, isWriteFailure: writeFailed))
            }
            // A file the loader would refuse would refuse the whole directory: it is not written.
            if let reason = CassetteWriter.oversize(bytes.count) {
                let first = archive.entries.first { $0.index == group.entries[0] }
                problems.append(
                    HARProblem(
                        entry: group.entries[0],
                        at: SourceProblemLocation(
                            file: file, path: (first?.path ?? .root).appending("response").description,
                            position: first.map { archive.lineMap.position(ofOffset: $0.offset) }),
                        message: reason))
                row("skipped: its cassette would be too large to load", skipped: true)
                continue
            }
            let decoded = CassetteDecoder.decode(file: name + ".json", bytes: bytes, providers: options.providers)
            guard let cassette = decoded.cassette, let key = cassette.interactions.first?.request.canonicalKey else {
                let first = archive.entries.first { $0.index == group.entries[0] }
                for problem in decoded.problems {
                    problems.append(
                        HARProblem(
                            entry: group.entries[0],
                            at: SourceProblemLocation(
                                file: file,
                                path: (group.pattern == nil
                                    ? first?.path ?? .root : (first?.path ?? .root).appending("_mockweather"))
                                    .description,
                                position: first.map { archive.lineMap.position(ofOffset: $0.offset) }),
                            message:
                                "the cassette made from it would not validate: \(problem.jsonPath): \(problem.message)")
                    )
                }
                row("skipped: it does not make a valid cassette", skipped: true)
                continue
            }
            if let holder = existing[key] {
                let path = options.directory.appendingPathComponent(holder).path
                if case .success(let current) = CassetteFiles.read(path), current == bytes {
                    row("\(holder) (already imported, identical)", skipped: false)
                } else {
                    row("skipped: \(holder) already answers this request (never overwritten)", skipped: true)
                }
                continue
            }
            do throws(CassetteWriteError) {
                let outcome =
                    options.dryRun
                    ? try writer.plan(preferredName: name, requestKey: key, replacing: false, planned: planned)
                    : try writer.write(bytes, preferredName: name, requestKey: key, replacing: false)
                let sequence = group.answers.count > 1 ? "; a sequence of \(group.answers.count)" : ""
                switch outcome {
                case .created(let written), .replaced(let written):
                    planned[written] = key
                    row("\(written).json (new\(sequence))", skipped: false)
                case .kept(let kept):
                    row("skipped: \(kept).json already answers this request (never overwritten)", skipped: true)
                }
            } catch {
                row("FAILED: \(error.description)", skipped: true, writeFailed: true)
            }
        }
    }

    /// The request of every cassette already in the directory, with its file; a directory that does not
    /// load is not checked, with a warning.
    private mutating func existingRequests() -> [RequestPattern.CanonicalKey: String] {
        guard FileManager.default.fileExists(atPath: options.directory.path) else { return [:] }
        do {
            var keys: [RequestPattern.CanonicalKey: String] = [:]
            for cassette in try CassetteLoader.load(directory: options.directory, providers: options.providers) {
                for interaction in cassette.interactions where keys[interaction.request.canonicalKey] == nil {
                    keys[interaction.request.canonicalKey] = cassette.file
                }
            }
            return keys
        } catch {
            warnings.append(
                "\(options.directory.path) does not load as a cassette directory, so the import could not check "
                    + "that its requests are new: run 'mockweather validate' on it")
            return [:]
        }
    }
}
