internal import Foundation

/// A One Call product a key can be subscribed to. OpenWeatherMap sells them separately and, by its
/// support's account, not both on one account: a key for one gets the other's 401.
public enum OneCallProduct: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One Call 3.0 (`/data/3.0/onecall…`, ``OpenWeatherClient/oneCall(at:excluding:)``).
    case oneCall3 = "One Call 3.0"
    /// One Call 4.0 (`/data/4.0/onecall/…`, ``OpenWeatherClient/oneCall4Current(at:)``).
    case oneCall4 = "One Call 4.0"

    /// "One Call 4.0".
    public var description: String { rawValue }
}

extension WeatherError {
    /// The product this error says the key has no subscription to: an `unauthorized` whose message is
    /// the API's "Please note that using One Call 4.0 requires a separate subscription to the One Call by
    /// Call plan…" (or the same for 3.0). `nil` for any other error, including a 401 for a wrong key.
    ///
    /// An app that gets ``OneCallProduct/oneCall3`` here with a key that works for 4.0 should switch to
    /// the 4.0 calls, and the other way round.
    public var missingSubscription: OneCallProduct? {
        guard case .unauthorized(let message) = self else { return nil }
        return OneCallProduct.allCases.first {
            message.range(of: "using \($0.rawValue) requires a separate subscription", options: .caseInsensitive)
                != nil
        }
    }
}
