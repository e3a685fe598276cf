/// The app's location permission at a moment of the trace, named as CoreLocation names it
/// (`CLAuthorizationStatus`), so that traces read naturally to iOS developers.
public enum LocationAuthorization: String, Sendable, Hashable, CaseIterable, Codable {
    /// The user has not answered the permission prompt yet; no fixes reach the app.
    case notDetermined
    /// Location is restricted (parental controls, MDM); no fixes reach the app.
    case restricted
    /// The user denied location; no fixes reach the app.
    case denied
    /// Authorised at any time.
    case authorizedAlways
    /// Authorised while the app is in use (the usual state, and a trace's initial one).
    case authorizedWhenInUse

    /// Whether an app holding this permission receives locations.
    public var isAuthorized: Bool {
        self == .authorizedAlways || self == .authorizedWhenInUse
    }
}
