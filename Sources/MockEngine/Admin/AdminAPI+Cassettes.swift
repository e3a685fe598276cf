import Basics
import Dispatch
import HTTPServer

extension AdminAPI {
    /// Listings of more cassettes than this are written off the event loop.
    static let inlineListingLimit = 1_000

    /// `GET /__admin/cassettes[?name=TEXT][&limit=N]`: the cassettes whose name contains TEXT (any
    /// case; all without it), at most N of them in load order, then `skipped`, `lastReload`, `total`
    /// (cassettes loaded) and `matching` (how many the name selects, however many are listed).
    ///
    /// A listing of up to ``inlineListingLimit`` cassettes is answered at once. A larger one takes
    /// seconds when its cassettes are read back from a start-up snapshot (3.5 s for 100,000 here), so
    /// it is written on a thread of its own: neither the connections of this event loop nor the other
    /// deferred answers (delays, reloads) wait for it.
    func cassettesEndpoint(_ request: HTTPRequest) -> HTTPHandlerResult {
        let query: CassetteListingQuery
        do throws(AdminQueryError) {
            query = try CassetteListingQuery(query: request.query)
        } catch {
            return .respond(json(400, .object([("error", .string(error.description))])))
        }
        let library = store.library
        guard min(query.limit ?? .max, library.cassettes.count) > Self.inlineListingLimit else {
            return .respond(listing(of: library, query))
        }
        return .respondLater { [self] in
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: listing(of: library, query)) }
            }
        }
    }

    /// The listing's body, written one cassette at a time: a set of 100,000 makes a listing of tens of
    /// megabytes, and a tree of all of it at once held several times that, kept by the allocator long
    /// after the answer was sent.
    private func listing(of library: CassetteLibrary, _ query: CassetteListingQuery) -> HTTPResponse {
        var body: [UInt8] = []
        body.append(contentsOf: #"{"cassettes":["#.utf8)
        var matching = 0
        var ordinal = 0
        for position in library.cassettes.indices {
            let loaded = library.cassettes[position]
            defer { ordinal += loaded.interactionCount }
            guard query.selects(name: loaded.name) else { continue }
            matching += 1
            if let limit = query.limit, matching > limit { continue }
            if matching > 1 { body.append(UInt8(ascii: ",")) }
            describe(cassetteAt: position, firstOrdinal: ordinal, in: library).write(into: &body)
        }
        body.append(contentsOf: #"],"skipped":"#.utf8)
        Self.describe(store.skipped).write(into: &body)
        body.append(contentsOf: #","lastReload":"#.utf8)
        (store.lastReload.map(Self.describe) ?? .null).write(into: &body)
        body.append(contentsOf: #","total":\#(library.cassettes.count),"matching":\#(matching)}"#.utf8)
        var response = json(200, .null)
        response.body = body
        return response
    }

    /// One cassette of the listing, its interactions numbered from `firstOrdinal` in the library.
    private func describe(cassetteAt position: Int, firstOrdinal: Int, in library: CassetteLibrary) -> JSONValue {
        let loaded = library.cassettes[position]
        // A cassette kept in a start-up snapshot is read back for the listing, and not kept.
        let cassette: Cassette
        do throws(CassetteContentError) {
            cassette = try library.cassette(at: position)
        } catch {
            return .object([
                ("name", .string(loaded.name)), ("file", .string(loaded.file)),
                ("source", .string(loaded.source.rawValue)), ("error", .string(error.description)),
            ])
        }
        let interactions: [JSONValue] = cassette.interactions.enumerated().map { index, interaction in
            let ordinal = firstOrdinal + index
            let entry = ordinal < library.entries.count ? library.entries[ordinal] : nil
            return Self.describe(interaction, position: entry?.position)
        }
        return .object([
            ("name", .string(cassette.name)),
            ("file", .string(cassette.file)),
            ("source", .string(cassette.source.rawValue)),
            ("recordedAt", .string(cassette.recordedAt)),
            ("notes", .string(cassette.notes)),
            ("interactions", .array(interactions)),
        ])
    }
}

/// What `GET /__admin/cassettes` was asked for: the cassettes whose name contains ``name`` (any
/// case), at most ``limit`` of them.
struct CassetteListingQuery: Equatable, Sendable {
    static let parameterNames = ["name", "limit"]

    /// Lower-cased; nil or empty selects every cassette.
    var name: String?
    var limit: Int?

    /// Reads `query` (the request's, after `?`) as the admin API reads every query (``AdminQuery``):
    /// an unknown parameter or a limit that is no whole number of 0 or more is refused rather than
    /// read as "everything".
    init(query: String?) throws(AdminQueryError) {
        let parameters = try AdminQuery(query, endpoint: "GET /__admin/cassettes", allowed: Self.parameterNames)
        if let name = parameters.text("name"), !name.isEmpty { self.name = name.lowercased() }
        limit = try parameters.count("limit")
    }

    /// Whether a cassette called `name` is in the listing's selection.
    func selects(name cassetteName: String) -> Bool {
        guard let name else { return true }
        return cassetteName.lowercased().contains(name)
    }
}
