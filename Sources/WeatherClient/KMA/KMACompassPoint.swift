internal import Foundation

/// One of the 16 points of the compass a wind direction (`VEC`) falls in, as the KMA guide names
/// them: index `⌊(VEC + 11.25) / 22.5⌋`, where 16 wraps to north.
public enum KMACompassPoint: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// N, 북: 348.75° ..< 11.25°.
    case north
    /// NNE, 북북동.
    case northNortheast
    /// NE, 북동.
    case northeast
    /// ENE, 동북동.
    case eastNortheast
    /// E, 동.
    case east
    /// ESE, 동남동.
    case eastSoutheast
    /// SE, 남동.
    case southeast
    /// SSE, 남남동.
    case southSoutheast
    /// S, 남.
    case south
    /// SSW, 남남서.
    case southSouthwest
    /// SW, 남서.
    case southwest
    /// WSW, 서남서.
    case westSouthwest
    /// W, 서.
    case west
    /// WNW, 서북서.
    case westNorthwest
    /// NW, 북서.
    case northwest
    /// NNW, 북북서.
    case northNorthwest

    /// The point `degrees` (0...360, clockwise from north) falls in, or `nil` outside 0...360.
    public init?(degrees: Double) {
        guard degrees.isFinite, (0...360).contains(degrees) else { return nil }
        self.init(rawValue: Int(((degrees + 11.25) / 22.5).rounded(.down)) % 16)
    }

    /// "N", "NNE", … "NNW".
    public var abbreviation: String { Self.abbreviations[rawValue] }

    /// "north", "north-northeast", … "north-northwest".
    public var englishName: String { Self.englishNames[rawValue] }

    /// "북", "북북동", … "북북서".
    public var koreanName: String { Self.koreanNames[rawValue] }

    /// The abbreviation.
    public var description: String { abbreviation }

    private static let abbreviations = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ]
    private static let englishNames = [
        "north", "north-northeast", "northeast", "east-northeast", "east", "east-southeast", "southeast",
        "south-southeast", "south", "south-southwest", "southwest", "west-southwest", "west", "west-northwest",
        "northwest", "north-northwest",
    ]
    private static let koreanNames = [
        "북", "북북동", "북동", "동북동", "동", "동남동", "남동", "남남동", "남", "남남서", "남서", "서남서", "서", "서북서", "북서", "북북서",
    ]
}
