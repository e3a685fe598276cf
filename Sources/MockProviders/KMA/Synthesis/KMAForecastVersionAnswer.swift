import Basics
import MockEngine

/// `getFcstVersion` from the world's clock, in the bundled `version/forecast-versions` answer's form
/// (one item `{"filetype", "version"}`, the version `yyyyMMddHHmmss`; the fields and the format are
/// the reference's UNCONFIRMED part, §2.5): the version of the product's latest file made by
/// `basedatetime` (or by the mock clock's now, when that is earlier or `basedatetime` is unreadable).
/// A file is made a few minutes after its issuance, as the bundled versions have it: ODAM (the
/// nowcast, every HH00) 5 minutes after, VSRT (the ultra-short forecast, every HH30) 10, SHRT (the
/// village forecast, 0200 … 2300) 8. Another `ftype` is left unanswered (nil: the 501 stands).
enum KMAForecastVersionAnswer {
    /// The products: `ftype`, the operation whose issuances it follows, minutes from issuance to file.
    static let products: [(ftype: String, operation: KMAOperation, madeAfter: Int)] = [
        ("ODAM", .nowcast, 5), ("VSRT", .ultraShortForecast, 10), ("SHRT", .villageForecast, 8),
    ]

    /// The answer to `request`, nil for an `ftype` that is none of ``products``.
    static func answer(_ request: ReplayRequest, format: KMAFormat, paging: KMAPaging) -> SynthesizedAnswer? {
        let ftype = request.parameters["ftype"]?.trimmingASCIIWhitespace() ?? ""
        guard let product = products.first(where: { $0.ftype == ftype }) else { return nil }
        let now = KMATime(request.now)
        let asked = request.parameters["basedatetime"].flatMap { text -> KMATime? in
            let text = text.trimmingASCIIWhitespace()
            guard text.utf8.count == 12 else { return nil }
            return KMATime(date: String(text.prefix(8)), time: String(text.suffix(4)))
        }
        let reference = min(asked ?? now, now)
        let made = product.madeAfter * 60
        var issuance = reference.adding(-made)
        issuance = KMATime(seconds: issuance.seconds - issuance.seconds % 60)
        while !product.operation.isIssuance(issuance) { issuance = issuance.adding(-60) }
        let version = JSONValue.string(issuance.adding(made).dateText + issuance.adding(made).timeText + "00")
        let text = KMAEnvelope.page(
            result: KMASyntheticRows.normal, count: 1, totalCount: 1, paging: paging, format: format
        ) { _ in [[("filetype", .string(product.ftype)), ("version", version)]] }
        return KMASyntheticRows.answer(text, format: format, rule: KMA.synthesisRule(.forecastVersion))
    }
}
