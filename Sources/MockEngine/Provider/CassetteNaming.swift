/// File-name pieces for recorded cassettes: lower-case, letters and digits kept (any script), every
/// other run of characters one `-`.
package enum CassetteNaming {
    package static let maximumLength = 120

    package static func slug(_ text: String) -> String {
        var output = ""
        var pendingDash = false
        for character in text.trimmingASCIIWhitespace().lowercased() {
            if character.isLetter || character.isNumber || character == "." && !output.isEmpty {
                if pendingDash, !output.isEmpty { output.append("-") }
                pendingDash = false
                output.append(character)
            } else {
                pendingDash = true
            }
        }
        while output.hasSuffix(".") { output.removeLast() }
        if output.isEmpty {
            // Only punctuation or nothing: name it by its bytes so different values stay apart.
            let bytes = Array(text.utf8.prefix(16))
            return bytes.isEmpty ? "empty" : "x" + bytes.map { String($0, radix: 16) }.joined()
        }
        return output
    }

    /// `lat37.57_lon126.98`: two decimals (about a kilometre), as the name only needs to read well.
    package static func coordinates(_ latitude: Double, _ longitude: Double) -> String {
        "lat\(twoDecimals(latitude))_lon\(twoDecimals(longitude))"
    }

    package static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.toNearestOrAwayFromZero))
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Names longer than the limit are cut (file systems allow 255 bytes; the suffix `-2.json` must fit).
    package static func limited(_ name: String) -> String {
        guard name.utf8.count > maximumLength else { return name }
        var cut = ""
        for character in name {
            if cut.utf8.count + character.utf8.count > maximumLength { break }
            cut.append(character)
        }
        return cut
    }
}
