import Basics
package import MockEngine

/// One thing `mockweather record --api kma` captures: an operation for a grid cell at the batch's
/// issuance, or the forecast version of one product. Requests carry what WeatherClient's
/// `KMAForecastClient` sends (`pageNo`, `numOfRows`, `dataType=JSON`, then the operation's own
/// parameters); record mode adds `serviceKey` from ``KMARecording``.
package struct KMARecordTarget: Sendable, Equatable {
    /// What the request is about.
    package enum Place: Sendable, Equatable {
        /// A grid cell, `nx` 1...149, `ny` 1...253 (see ``cell(x:y:)``, ``cell(latitude:longitude:)``).
        case cell(x: Int, y: Int)
        /// A product of `getFcstVersion` (``versionProducts``).
        case product(String)

        /// How the report names it: `cell 60,127`, `SHRT`.
        var label: String {
            switch self {
            case .cell(let x, let y): "cell \(x),\(y)"
            case .product(let code): code
            }
        }
    }

    /// Which operation, named as `--endpoint` takes it.
    package enum Endpoint: String, Sendable, CaseIterable {
        /// `getVilageFcst`, the village forecast (단기예보).
        case village
        /// `getUltraSrtFcst`, the ultra-short forecast (초단기예보).
        case ultraForecast = "ultra-forecast"
        /// `getUltraSrtNcst`, the nowcast (초단기실황).
        case nowcast
        /// `getFcstVersion`, the version of each product (예보버전조회): no cell.
        case version

        /// The operation.
        var operation: KMAOperation {
            switch self {
            case .village: .villageForecast
            case .ultraForecast: .ultraShortForecast
            case .nowcast: .nowcast
            case .version: .forecastVersion
            }
        }

        /// The service's name for it (`getVilageFcst`), for help texts.
        package var operationName: String { operation.rawValue }

        /// Whether it answers a grid cell (every one but ``version``).
        package var takesCell: Bool { self != .version }
    }

    /// The products `--endpoint version` records, each with the operation whose issuances it
    /// versions: `ODAM` the nowcast, `VSRT` the ultra-short forecast, `SHRT` the village forecast.
    package static let versionProducts = ["ODAM", "VSRT", "SHRT"]

    /// What.
    package var place: Place
    /// Which operation.
    package var endpoint: Endpoint
    /// Which issuance.
    package var issuance: KMARecordIssuance

    /// A target; nothing is checked until it is turned into a request.
    package init(place: Place, endpoint: Endpoint, issuance: KMARecordIssuance) {
        self.place = place
        self.endpoint = endpoint
        self.issuance = issuance
    }

    /// The cell `x`, `y`, nil off the grid.
    package static func cell(x: Int, y: Int) -> Place? {
        KMACell(x: x, y: y).map { .cell(x: $0.x, y: $0.y) }
    }

    /// The cell holding the point, by the grid's own projection (Basics' ``KMAGridProjection``, the
    /// mock's reading of the grid), nil when the point is off the grid.
    package static func cell(latitude: Double, longitude: Double) -> Place? {
        let cell = KMAGridProjection.cell(latitude: latitude, longitude: longitude)
        return self.cell(x: cell.x, y: cell.y)
    }

    /// Why this target has no request (a cell's operation for a product, say), or nil.
    package var skipReason: String? {
        switch (endpoint.takesCell, place) {
        case (true, .product): "\(endpoint.rawValue) needs a cell (--cell or --at)"
        case (false, .cell): "version takes no cell; --endpoint version records every product once"
        case (false, .product(let code)) where !Self.versionProducts.contains(code):
            "no such product '\(code)'; the products are \(Self.versionProducts.joined(separator: ", "))"
        default: nil
        }
    }

    /// The batch item for this target: its request, or why it has none (see ``skipReason``).
    package func item(providers: ProviderSet) -> BatchItem {
        let label = "\(endpoint.rawValue) for \(place.label)"
        if let skipReason { return BatchItem(label: label, request: nil, skipReason: skipReason) }
        var parameters: [(String, String)]
        switch place {
        case .cell(let x, let y):
            let base = issuance.issuance(of: endpoint.operation)
            parameters = [
                ("pageNo", "1"), ("numOfRows", "1000"), ("dataType", "JSON"), ("base_date", base.dateText),
                ("base_time", base.timeText), ("nx", String(x)), ("ny", String(y)),
            ]
        case .product(let code):
            let base = issuance.issuance(of: Self.operation(versioning: code))
            parameters = [
                ("pageNo", "1"), ("numOfRows", "10"), ("dataType", "JSON"), ("ftype", code),
                ("basedatetime", base.dateText + base.timeText),
            ]
        }
        return BatchItem(
            label: label,
            request: CapturedRequest(path: endpoint.operation.path, parameters: parameters, providers: providers),
            skipReason: nil)
    }

    /// The operation whose issuances `product` versions.
    private static func operation(versioning product: String) -> KMAOperation {
        switch product {
        case "ODAM": .nowcast
        case "VSRT": .ultraShortForecast
        default: .villageForecast
        }
    }
}
