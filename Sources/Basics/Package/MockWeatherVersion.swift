/// The package's version: what `mockweather --version` prints, what recorded cassettes and HAR
/// archives name as their writer, and what the README's dependency line must agree with (a test
/// checks). Kept here and nowhere else.
package enum MockWeatherVersion {
    /// Semantic version of the mock server and cassette tooling.
    package static let current = "0.1.0"
}
