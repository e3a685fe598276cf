import Basics
import HTTPServer
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a request asks of a recorded OpenWeatherMap body beyond matching
/// (docs/ARCHITECTURE.md#conversion-and-exclude): its units (every temperature and wind speed
/// converted), the One Call blocks it excludes (`exclude`), the forecast items it wants (`cnt`), and,
/// when times are shifted (`--shift-times`, a cassette's `shiftTimes`), the clock minute its times
/// move to. Without shifting there are at most 3 × 32 × (items + 1) variants of a body: a `cnt` at
/// least as long as the list is no limit; shifting adds one per clock minute.
struct OpenWeatherMapVariant: Hashable, Sendable {
    var units: Units
    var excluded: ExcludedBlocks
    var itemLimit: Int?
    var shift: Shift?
    /// For a One Call 4.0 timeline: the page the request asks of the recorded pool.
    var timeline: OneCall4RecordedTimeline?

    /// Recorded times moved to a clock minute (``TimeShift``).
    struct Shift: Hashable, Sendable {
        /// The clock's reading, in whole minutes since 1970.
        var minute: Int64
        /// The answer whose fields the provider knows; nil for the cassette's own `timeFields`.
        var known: OpenWeatherMapTimes?
    }

    /// The variant `request` asks of `response`, nil when it asks for the body as recorded.
    init?(of response: borrowing ResponseTemplate, for request: borrowing ReplayRequest) {
        // Borrowed: an initializer owns its arguments by default, which copied the template and the
        // request (every field of each) on every replayed request.
        units = Units(requestValue: request.parameters["units"])
        excluded = ExcludedBlocks(requestValue: request.parameters["exclude"])
        itemLimit = ForecastCount.limit(requestValue: request.parameters["cnt"])
        if response.shiftsTimes(for: request), !OpenWeatherMapTimes.neverShifted.contains(request.path) {
            let known = response.timeFields == nil ? OpenWeatherMapTimes(path: request.path) : nil
            if response.timeFields != nil || known != nil {
                shift = Shift(minute: TimeShift.minute(of: request.now), known: known)
            }
        }
        // Every timeline request is a variant: its page and links are its own.
        timeline = OneCall4RecordedTimeline(for: request)
        if let timeline, shift != nil {
            // Its now is aligned from the clock's minute that keeps the step's rule: the next minute
            // for 1min and 15min (whose first record is the next one), this one for 1h and 1day.
            let seconds = Int64(request.now.timeIntervalSince1970.rounded(.down))
            let floor = seconds - ((seconds % 60) + 60) % 60
            shift?.minute = (timeline.step.alignsUp && floor != seconds ? floor + 60 : floor) / 60
        }
        guard
            units != Units(requestValue: response.units) || !excluded.isEmpty || itemLimit != nil || shift != nil
                || timeline != nil
        else { return nil }
    }

    /// `declared` (a compact JSON body in `declaredUnits`, whose cassette names `ownTimeFields`) in this
    /// variant; a body with nothing to convert, drop or shift is served as declared.
    func shape(_ declared: HTTPResponse, declaredUnits: Units, ownTimeFields: [TimeField]?) -> HTTPResponse {
        var response = declared
        guard let parsed = try? JSONParser.parse(declared.body) else { return response }
        let json = parsed.built
        var kept = ForecastCount.applied(itemLimit, to: excluded.applied(to: json))
        if let timeline {
            // A timeline moves by whole steps (its own rule), not by the minute.
            do {
                kept = try timeline.page(of: kept, clockMinute: shift?.minute)
            } catch {
                return error.response
            }
            response.body = UnitConversion.convert(kept, from: declaredUnits, to: units).compactBytes
            return response
        }
        // The anchor is read before `exclude` or `cnt` could drop it, so every variant of a body moves
        // by the same offset.
        var shifted = false
        if let shift, let fields = shift.known?.fields ?? ownTimeFields, let first = fields.first,
            let anchor = TimeShift.anchor(at: first, in: json)
        {
            let offset = TimeShift.offset(from: anchor, toMinute: shift.minute)
            kept = TimeShift.shifted(kept, fields: fields, by: offset)
            shifted = offset != 0
        }
        let convertible = UnitConversion.isConvertible(kept)
        if convertible || shifted || !excluded.isEmpty || itemLimit != nil {
            response.body =
                (convertible ? UnitConversion.convert(kept, from: declaredUnits, to: units) : kept).compactBytes
        }
        return response
    }
}
