import Basics
import MockEngine
import WeatherWorld

/// The KMA answered from the world for a request no cassette matched (docs/ARCHITECTURE.md#the-world):
/// all four operations for every cell of the grid, in the form (`dataType`) and page the request asks
/// for, marked synthetic by the engine.
///
/// Without a world the mock stays fail-closed: a cell nobody recorded is the provider's 501
/// `NOT_RECORDED`, as OpenWeatherMap without `--synthesize`. The service's rules ran before
/// (``KMARules/screen(_:gateway:)``: the key, the mandatory parameters, the cell, an issuance that is
/// one, published and still kept), so an answer here is always the issuance asked for; a request they
/// would refuse (only `mockweather synthesize` can bring one) gets nil and stays unmatched.
extension KMA {
    func synthesize(_ request: ReplayRequest, context: SynthesisContext) -> SynthesizedAnswer? {
        guard let world = context.world, let operation = KMAOperation(path: request.path) else { return nil }
        let format = KMAFormat(request.parameters)
        let paging = KMAPaging(request.parameters)
        guard operation.takesIssuance else {
            return KMAForecastVersionAnswer.answer(request, format: format, paging: paging)
        }
        guard let cell = KMACell(request.parameters), let issuance = KMARules.issuance(of: request.parameters),
            operation.isIssuance(issuance)
        else { return nil }
        let site = KMASyntheticCell(cell: cell, world: world)
        let rows: KMASyntheticRows
        switch operation {
        case .villageForecast:
            rows = KMAVillageForecastAnswer.rows(site, issuance: issuance, sea: KMASeaMask(context.korea))
        case .ultraShortForecast: rows = KMAUltraShortForecastAnswer.rows(site, issuance: issuance)
        case .nowcast: rows = KMANowcastAnswer.rows(site, issuance: issuance)
        case .forecastVersion: return nil
        }
        return rows.answer(format: format, paging: paging, rule: Self.synthesisRule(operation))
    }

    /// What the journal names a synthetic answer of `operation` by, after the world's label.
    static func synthesisRule(_ operation: KMAOperation) -> String {
        switch operation {
        case .villageForecast: "kma village forecast"
        case .ultraShortForecast: "kma ultra-short forecast"
        case .nowcast: "kma nowcast"
        case .forecastVersion: "kma forecast version"
        }
    }
}

/// A cell of the grid as the world is asked about it: at the cell's centre
/// (``KMAGridProjection/centre(x:y:)``), which is within about 3.5 km of every point of the cell.
struct KMASyntheticCell {
    let cell: KMACell
    let world: World
    let place: WorldPlace

    /// `cell` under `world`.
    init(cell: KMACell, world: World) {
        self.cell = cell
        self.world = world
        let centre = KMAGridProjection.centre(x: cell.x, y: cell.y)
        place = WorldPlace(latitude: centre.latitude, longitude: centre.longitude)
    }

    /// The world's state at the cell at the KST time `time`.
    func conditions(at time: KMATime) -> Conditions {
        world.conditions(at: place, time: Int64(time.seconds - KMATime.offset))
    }

    /// The KST day that starts at `midnight` (a KST 00:00) at the cell: its minimum and maximum.
    func day(startingAt midnight: KMATime) -> DaySummary {
        world.day(at: place, localMidnight: Int64(midnight.seconds - KMATime.offset))
    }
}
