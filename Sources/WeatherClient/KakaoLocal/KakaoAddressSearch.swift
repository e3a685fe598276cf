/// One page of Kakao Local's `search/address` results: the paging `meta` and the documents.
///
/// No match is an empty page (`total_count: 0`, no documents), not an error.
public struct KakaoAddressSearch: Sendable, Hashable, Decodable {
    /// The paging facts of a search.
    public struct Meta: Sendable, Hashable, Decodable {
        /// How many addresses match (`total_count`).
        public var totalCount: Int
        /// How many of them can be paged through (`pageable_count`).
        public var pageableCount: Int
        /// True when this is the last page (`is_end`).
        public var isEnd: Bool

        private enum CodingKeys: String, CodingKey {
            case totalCount = "total_count"
            case pageableCount = "pageable_count"
            case isEnd = "is_end"
        }
    }

    /// The paging facts (`meta`).
    public var meta: Meta
    /// The addresses on this page, best first (`documents`).
    public var documents: [KakaoAddressSearchResult]
}
