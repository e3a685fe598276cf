/// The countries a query's last part may name as OpenWeatherMap accepts them: the ISO 3166-1 alpha-2
/// code (`GB`), the alpha-3 code (`GBR`) and the other codes people write (`UK`), in any case.
struct CountryCodes: Sendable {
    private var codes: [String: String] = [:]
    private var names: [String: String] = [:]

    /// Records a country: its alpha-2 and alpha-3 codes, its English name and its other codes.
    mutating func add(iso2: String, iso3: String, name: String, aliases: [String]) {
        for code in [iso2, iso3] + aliases { codes[code.uppercased()] = iso2 }
        names[iso2] = name
    }

    /// The alpha-2 code `code` stands for, or nil when it names no country.
    func iso2(for code: String) -> String? {
        codes[code.uppercased()]
    }

    /// The English name of the country with alpha-2 code `iso2` (`United Kingdom`).
    func name(of iso2: String) -> String? {
        names[iso2]
    }
}
