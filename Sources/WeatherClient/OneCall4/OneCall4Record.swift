public import Foundation

/// One element of a One Call 4.0 answer's `data` array: what every record shares, so a page of any
/// timeline can be followed and its records told apart by time.
public protocol OneCall4Record: Sendable, Hashable, Decodable {
    /// The time the record is for (`dt`, Unix seconds, UTC).
    var time: Date { get }
    /// The ids of the alerts in force (`alerts`), each resolved with
    /// ``OpenWeatherClient/oneCall4Alert(id:)``; empty when the API sends none (it leaves the key out).
    var alertIDs: [String] { get }
}

extension KeyedDecodingContainer {
    /// `alerts` as 4.0 sends it on any record: an array of id strings, left out when there are none.
    func decodeAlertIDs(forKey key: Key) throws -> [String] {
        try decodeIfPresent([String].self, forKey: key) ?? []
    }
}
