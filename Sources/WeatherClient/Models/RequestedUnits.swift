extension CodingUserInfoKey {
    /// Where the client tells the models which ``Units`` the response was requested in.
    static let requestedUnits = CodingUserInfoKey(rawValue: "WeatherClient.requestedUnits")!
}

extension Decoder {
    /// The units the response was requested in; ``Units/standard`` (the API's default) when the
    /// decoder was not given any, e.g. by an app decoding a stored body itself.
    var requestedUnits: Units {
        userInfo[.requestedUnits] as? Units ?? .standard
    }
}
