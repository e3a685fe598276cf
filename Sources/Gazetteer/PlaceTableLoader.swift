/// Reads the three files of `gazetteer/` that `Scripts/generate-gazetteer.py` writes (time zones,
/// countries, places, in that order, as the places refer to the other two) into a ``PlaceTable``.
/// The first problem found ends the reading: a gazetteer is whole or empty, never half read.
enum PlaceTableLoader {
    /// The table read from `directory/gazetteer/`.
    static func load(directory: String) throws(GazetteerError) -> PlaceTable {
        let folder = directory.hasSuffix("/") ? "\(directory)gazetteer/" : "\(directory)/gazetteer/"
        let zones = try read(folder + "timezones.tsv", kind: "timezones", as: readZones)
        let countries = try read(folder + "countries.tsv", kind: "countries", as: readCountries)
        let places = try read(folder + "places.tsv", kind: "places") { (lines) throws(GazetteerError) in
            try readPlaces(&lines, zones: zones)
        }
        return PlaceTable(places: places.places, koreanAliases: places.aliases, countries: countries)
    }

    private static func read<Value>(
        _ path: String, kind: String, as body: (inout TabSeparatedLines) throws(GazetteerError) -> Value
    ) throws(GazetteerError) -> Value {
        let bytes = try GazetteerFile.read(path)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(GazetteerError) -> Value in
            var lines = try TabSeparatedLines(buffer, file: path, kind: kind)
            return try body(&lines)
        }
    }

    private static func readZones(_ lines: inout TabSeparatedLines) throws(GazetteerError) -> [TimeZoneRule] {
        var zones: [TimeZoneRule] = []
        let offsets = -18 * 3_600...18 * 3_600
        while try lines.next(fieldNames: ["identifier", "standard", "summer"]) {
            zones.append(
                TimeZoneRule(
                    identifier: try lines.text(0), standardOffset: Int32(try lines.integer(1, in: offsets)),
                    summerOffset: Int32(try lines.integer(2, in: offsets))))
        }
        return zones
    }

    private static func readCountries(_ lines: inout TabSeparatedLines) throws(GazetteerError) -> CountryCodes {
        var countries = CountryCodes()
        while try lines.next(fieldNames: ["iso2", "iso3", "name", "aliases"]) {
            let iso2 = try lines.text(0)
            guard iso2.utf8.count == 2, iso2.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else {
                throw lines.problem(field: "iso2", "'\(iso2)' is not two capital letters")
            }
            let aliases = try lines.text(3, allowingEmpty: true)
            countries.add(
                iso2: iso2, iso3: try lines.text(1), name: try lines.text(2),
                aliases: aliases.split(separator: "|").map(String.init))
        }
        return countries
    }

    private static let placeFields = [
        "id", "name", "korean", "latitude", "longitude", "country", "admin1", "population", "timezone", "aliases",
    ]

    private static func readPlaces(
        _ lines: inout TabSeparatedLines, zones: [TimeZoneRule]
    ) throws(GazetteerError) -> (places: [GazetteerPlace], aliases: [[String]]) {
        var places: [GazetteerPlace] = []
        var aliases: [[String]] = []
        places.reserveCapacity(40_000)
        aliases.reserveCapacity(40_000)
        while try lines.next(fieldNames: placeFields) {
            let id = try lines.integer(0, in: 1...Int(Int32.max))
            if let previous = places.last?.id, previous >= id {
                throw lines.problem(field: "id", "\(id) does not come after \(previous): the ids must ascend")
            }
            let korean = try lines.text(2, allowingEmpty: true)
            let country = try lines.text(5)
            guard country.utf8.count == 2 else {
                throw lines.problem(field: "country", "'\(country)' is not two letters")
            }
            let zone = try lines.integer(8, in: 0...max(zones.count - 1, 0))
            guard zone < zones.count else { throw lines.problem(field: "timezone", "timezones.tsv lists no zones") }
            let aliasText = try lines.text(9, allowingEmpty: true)
            places.append(
                GazetteerPlace(
                    id: id, name: try lines.text(1), koreanName: korean.isEmpty ? nil : korean,
                    latitude: try lines.decimal(3, in: -90...90), longitude: try lines.decimal(4, in: -180...180),
                    countryCode: country, admin1Code: try lines.text(6, allowingEmpty: true),
                    population: try lines.integer(7, in: 0...Int(Int64.max / 2)), timeZone: zones[zone]))
            aliases.append(aliasText.isEmpty ? [] : aliasText.split(separator: "|").map(String.init))
        }
        return (places, aliases)
    }
}
