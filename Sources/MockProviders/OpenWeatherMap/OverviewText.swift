import MockEngine
/// Temperatures and wind speeds in prose, as One Call's overview writes them: `-2°C`, `28°F`, `271 K`,
/// `2.46 meter/sec`, `5.5 miles/hour`. Each quantity names its own unit, so it is converted from that
/// unit to the target's and written with the target's: a whole number stays whole, a decimal gets
/// 2 decimals, as the API rounds. Other text is kept as it is.
enum OverviewText {
    private enum Quantity {
        case temperature(Units)
        case windSpeed(Units)
    }

    /// Unit spellings after a number, longest first where one starts another.
    private static let suffixes: [(text: String, quantity: Quantity)] = [
        ("°C", .temperature(.metric)), ("°F", .temperature(.imperial)), (" K", .temperature(.standard)),
        (" meter/sec", .windSpeed(.metric)), (" miles/hour", .windSpeed(.imperial)),
    ]

    private static func suffix(for quantity: Quantity, in target: Units) -> String {
        switch (quantity, target) {
        case (.temperature, .metric): "°C"
        case (.temperature, .imperial): "°F"
        case (.temperature, .standard): " K"
        case (.windSpeed, .imperial): " miles/hour"
        case (.windSpeed, _): " meter/sec"
        }
    }

    /// Whether `text` states at least one quantity with a unit.
    static func mentionsUnits(_ text: String) -> Bool {
        var found = false
        _ = rewrite(text) { _, _, _ in
            found = true
            return nil
        }
        return found
    }

    /// `text` with every quantity in `target` units.
    static func converted(_ text: String, to target: Units) -> String {
        rewrite(text) { value, quantity, isWhole in
            let number: Double
            switch quantity {
            case .temperature(let source): number = UnitConversion.temperature(value, from: source, to: target)
            case .windSpeed(let source): number = UnitConversion.windSpeed(value, from: source, to: target)
            }
            let shown =
                isWhole
                ? UnitConversion.format(number.rounded(.toNearestOrAwayFromZero) + 0)
                : UnitConversion.format(UnitConversion.rounded(number))
            return shown + suffix(for: quantity, in: target)
        }
    }

    /// Calls `replace` for each number followed by a unit suffix (and not by a letter, so `10 Km` or
    /// `5 Kelvins` are left alone); a non-nil result replaces the number and its suffix.
    private static func rewrite(
        _ text: String, _ replace: (Double, Quantity, _ isWhole: Bool) -> String?
    ) -> String {
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            let start = index
            var end = index
            if characters[end] == "-", end + 1 < characters.count, characters[end + 1].isASCII,
                characters[end + 1].isNumber, start == 0 || !characters[start - 1].isNumber
            {
                end += 1
            }
            let digitsStart = end
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            var isWhole = true
            if end > digitsStart, end + 1 < characters.count, characters[end] == ".", characters[end + 1].isASCII,
                characters[end + 1].isNumber
            {
                isWhole = false
                end += 1
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            }
            let startsANumber = end > digitsStart && (start == 0 || !characters[start - 1].isLetter)
            if startsANumber, let value = Double(String(characters[start..<end])),
                let match = suffixes.first(where: { hasSuffix($0.text, in: characters, at: end) }),
                let replacement = replace(value, match.quantity, isWhole)
            {
                output += replacement
                index = end + match.text.count
                continue
            }
            output.append(characters[start])
            index = start + 1
            // Copy the rest of a number that did not convert, so its digits are not read again.
            while index < end {
                output.append(characters[index])
                index += 1
            }
        }
        return output
    }

    private static func hasSuffix(_ suffix: String, in characters: [Character], at position: Int) -> Bool {
        let wanted = Array(suffix)
        guard position + wanted.count <= characters.count,
            Array(characters[position..<position + wanted.count]) == wanted
        else { return false }
        let after = position + wanted.count
        return after == characters.count || !characters[after].isLetter
    }
}
