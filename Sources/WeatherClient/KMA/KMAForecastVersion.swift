/// The version stamp of one forecast product (`getFcstVersion`, 예보버전조회): it changes when the
/// product's file is remade, so an app can tell whether a newer answer exists without reading it.
///
/// **UNCONFIRMED**: the reference knows the item fields only as reported (`filetype`, `version`) and
/// gives no format for the version; the client reads `version` as opaque text and `filetype` when sent.
public struct KMAForecastVersion: Sendable, Hashable {
    /// `filetype` as the server wrote it (`SHRT`), when it sent one.
    public var fileType: String?
    /// `version`, as the server wrote it.
    public var version: String

    /// A version; no validation.
    public init(fileType: String?, version: String) {
        self.fileType = fileType
        self.version = version
    }
}

/// The product types `getFcstVersion` takes as `ftype`; the raw value is the code sent.
public enum KMAProductType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `ODAM` 동네예보실황: the ultra-short nowcast.
    case nowcast = "ODAM"
    /// `VSRT` 동네예보초단기: the ultra-short forecast.
    case ultraShortForecast = "VSRT"
    /// `SHRT` 동네예보단기: the village forecast.
    case villageForecast = "SHRT"

    /// The operation whose issuances the product is.
    public var operation: KMAOperation {
        switch self {
        case .nowcast: .ultraShortNowcast
        case .ultraShortForecast: .ultraShortForecast
        case .villageForecast: .villageForecast
        }
    }

    /// The code, e.g. `SHRT`.
    public var description: String { rawValue }
}

/// One `getFcstVersion` item.
struct KMAVersionRow: Decodable, Sendable {
    var filetype: String?
    var version: String
}

extension KMAForecastClient {
    /// The current version of `product` (`getFcstVersion`), asked with `basedatetime` set to the latest
    /// issuance of its operation by the client's clock.
    /// - Throws: ``KMAError``, as the forecast methods do; an answer without an item is `decoding`.
    public func forecastVersion(_ product: KMAProductType) async throws(KMAError) -> KMAForecastVersion {
        let issuance = try latestIssuance(product.operation)
        let request = try makeRequest(
            operation: "getFcstVersion",
            query: [
                .init(name: "pageNo", value: "1"), .init(name: "numOfRows", value: "10"),
                .init(name: "dataType", value: "JSON"), .init(name: "ftype", value: product.rawValue),
                .init(name: "basedatetime", value: issuance.baseDate + issuance.baseTime),
            ])
        let response = try await send(request)
        let body = try scrubbing { () throws(KMAError) in
            try KMAResponseReader<KMAVersionRow>(page: 1).body(of: response)
        }
        guard let item = body.items.first else {
            throw .decoding(path: "response.body.items.item", expected: "one version item", found: "no items")
        }
        return KMAForecastVersion(fileType: item.filetype, version: item.version)
    }
}
