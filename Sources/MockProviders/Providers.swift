package import MockEngine

/// The APIs the mock answers, registered in one place (docs/ARCHITECTURE.md#providers): adding a
/// provider is its folder beside these, its cassettes, and one line here.
package enum Providers {
    /// Every provider, in the order their names are listed.
    package static let all = ProviderSet([
        OpenWeatherMap(),
        KakaoLocal(),
        KMA(),
    ])
}
