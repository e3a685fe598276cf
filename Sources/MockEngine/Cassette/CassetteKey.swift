/// The member names of each object in a cassette document: the format's one declaration of them.
/// (An `expect` block's keys are its provider's: ``ExpectVocabulary``.)
///
/// `CassetteDecoder` checks every object's names against these (unknown keys, did-you-mean) and reads
/// each member by its case, never by a string of its own, so adding a member is one new case here and
/// its reading in the decoder (docs/ARCHITECTURE.md#cassettes).
package enum CassetteKey {
    /// The document: `{"format", "source", ..., "interactions"}`.
    enum Document: String, CassetteKeys {
        case format, source, recordedAt, creator, notes, shiftTimes, interactions
        static let table = CassetteKeyTable<Self>()
    }

    /// `creator`: the tool that wrote an imported cassette's archive.
    enum Creator: String, CassetteKeys {
        case name, version
        static let table = CassetteKeyTable<Self>()
    }

    /// One element of `interactions`.
    enum Interaction: String, CassetteKeys {
        case request, response, responses, delayMs, fault, expect, notes
        static let table = CassetteKeyTable<Self>()
    }

    /// `request`: what a request must look like.
    enum Request: String, CassetteKeys {
        case method, path, query, headers, near, range
        static let table = CassetteKeyTable<Self>()
    }

    /// `request.range`: two parameters bounding a time range, and the items it selects (`RangeRule`).
    enum Range: String, CassetteKeys {
        case from, to, bounds, items, key, covers, includesEnd
        static let table = CassetteKeyTable<Self>()

        /// The members that belong only to ordered bounds (the interaction that serves the data).
        static let orderedOnly: [Self] = [.items, .key, .covers, .includesEnd]
    }

    /// `request.range.covers`: the span, in Unix seconds, the interaction's data is complete for.
    enum Covers: String, CassetteKeys {
        case from, to
        static let table = CassetteKeyTable<Self>()
    }

    /// `request.near`: a circle the request's coordinates must fall in.
    enum Near: String, CassetteKeys {
        case lat, lon, radiusKm
        static let table = CassetteKeyTable<Self>()
    }

    /// `response`, or one element of `responses`.
    enum Response: String, CassetteKeys {
        case status, headers, json, text, base64, units, delayMs, fault, expect, shiftTimes, timeFields
        static let table = CassetteKeyTable<Self>()

        /// The members that are a body, of which a response gives exactly one.
        static let bodies: [Self] = [.json, .text, .base64]
    }

    /// `delayMs` when it is an object rather than a number.
    enum Delay: String, CassetteKeys {
        case uniformMs
        static let table = CassetteKeyTable<Self>()
    }

    /// `fault` when it is an object rather than a kind's name.
    enum Fault: String, CassetteKeys {
        case kind, bodyBytes, contentLength, bytesPerSecond
        static let table = CassetteKeyTable<Self>()

        /// The only fault kind this setting applies to (nil for `kind` itself).
        var appliesOnlyTo: FaultKind? {
            switch self {
            case .kind: nil
            case .bodyBytes, .contentLength: .truncate
            case .bytesPerSecond: .drip
            }
        }
    }
}

/// The member names one kind of cassette object may have: an enum whose raw values are the names.
package protocol CassetteKeys: RawRepresentable<String>, CaseIterable, Sendable, Equatable where AllCases == [Self] {
    /// The cases with their names, made once.
    static var table: CassetteKeyTable<Self> { get }
}

extension CassetteKeys {
    /// Every name, in declaration order (the order problems list them in).
    static var names: [String] { table.names }
}

/// A key enum's names as strings, made once rather than for every object the decoder checks.
package struct CassetteKeyTable<Key: CassetteKeys>: Sendable {
    /// The cases' raw values, in declaration order.
    let names: [String]

    init() {
        names = Key.allCases.map(\.rawValue)
    }
}
