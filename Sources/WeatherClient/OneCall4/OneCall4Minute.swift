public import Foundation

/// One minute of the 1-minute timeline (`GET /data/4.0/onecall/timeline/1min`): the next 60 minutes.
public struct OneCall4Minute: OneCall4Record {
    /// The minute (`dt`, Unix seconds).
    public var time: Date
    /// Precipitation intensity in mm/h (`precipitation`), whatever the units asked for.
    public var precipitation: Double
    /// The alerts in force (`alerts`); empty when none.
    public var alertIDs: [String]

    private enum CodingKeys: String, CodingKey {
        case time = "dt"
        case precipitation
        case alertIDs = "alerts"
    }

    /// Decodes one `data` element.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decodeUnixTime(forKey: .time)
        precipitation = try container.decode(Double.self, forKey: .precipitation)
        alertIDs = try container.decodeAlertIDs(forKey: .alertIDs)
    }
}
