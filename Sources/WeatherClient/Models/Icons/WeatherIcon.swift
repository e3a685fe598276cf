public import Foundation

/// The sizes the API serves each icon in.
public enum IconSize: String, Sendable, Hashable, CaseIterable {
    /// 50×50 pixels: `/img/wn/04d.png`.
    case standard
    /// 100×100 pixels: `/img/wn/04d@2x.png`, what weather screens usually show.
    case double
    /// 200×200 pixels: `/img/wn/04d@4x.png`.
    case quadruple

    /// What follows the code in the file name: `""`, `@2x` or `@4x`.
    var suffix: String {
        switch self {
        case .standard: ""
        case .double: "@2x"
        case .quadruple: "@4x"
        }
    }
}

/// A condition icon as the icon host serves it: PNG bytes, with the size their header states.
public struct WeatherIcon: Sendable, Hashable {
    /// The icon code asked for, e.g. "04d".
    public var code: String
    /// The size asked for.
    public var size: IconSize
    /// The PNG file, byte for byte.
    public var png: Data
    /// Width in pixels, from the PNG header.
    public var width: Int
    /// Height in pixels, from the PNG header.
    public var height: Int
    /// The answer's `Content-Type`, e.g. `image/png`, when it sent one.
    public var contentType: String?
}
