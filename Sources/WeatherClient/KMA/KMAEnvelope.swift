/// The service's JSON envelope as the guide and real answers show it:
/// `{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON",
/// "items":{"item":[…]},"pageNo":1,"numOfRows":1000,"totalCount":809}}}`.
///
/// `body` is optional because an error (`03 NO_DATA`, `10`) has none at all; the reader requires it
/// for `00`. `items` may be the empty string, as some data.go.kr services send for no rows.
struct KMAEnvelope<Row: Decodable & Sendable>: Decodable, Sendable {
    var response: Response

    struct Response: Decodable, Sendable {
        var header: Header
        var body: Body?
    }

    struct Header: Decodable, Sendable {
        /// A string (`"00"`) in every answer seen; a number is read too.
        var resultCode: ResponseCode
        var resultMsg: String?
    }

    struct Body: Decodable, Sendable {
        var items: [Row]
        var pageNo: Int
        var numOfRows: Int
        var totalCount: Int

        private enum CodingKeys: String, CodingKey {
            case items, pageNo, numOfRows, totalCount
        }

        private struct Items: Decodable, Sendable {
            var item: [Row]
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? container.decode(String.self, forKey: .items), text.trimmingWhitespace.isEmpty {
                items = []
            } else {
                items = try container.decode(Items.self, forKey: .items).item
            }
            pageNo = try container.decode(Int.self, forKey: .pageNo)
            numOfRows = try container.decode(Int.self, forKey: .numOfRows)
            totalCount = try container.decode(Int.self, forKey: .totalCount)
        }
    }
}

/// A row of `getVilageFcst` or `getUltraSrtFcst`: every field a string but `nx` and `ny`.
struct KMAForecastRow: Decodable, Sendable {
    var baseDate: String
    var baseTime: String
    var category: String
    var fcstDate: String
    var fcstTime: String
    var fcstValue: String
    var nx: Int
    var ny: Int
}

/// A row of `getUltraSrtNcst`: the observed value is `obsrValue`, and there is no forecast time.
struct KMAObservationRow: Decodable, Sendable {
    var baseDate: String
    var baseTime: String
    var category: String
    var obsrValue: String
    var nx: Int
    var ny: Int
}
