/// Indented JSON for files people read and diff (recorded cassettes): two spaces per level, one member
/// or element per line, `"key": value`, number literals as written, a final newline. Parsing the
/// output and writing it compactly gives back exactly `compactBytes`.
extension JSONValue {
    /// The indented UTF-8 encoding of this value, ending with a newline.
    package var prettyBytes: [UInt8] {
        var output: [UInt8] = []
        writePretty(into: &output, depth: 0)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    private func writePretty(into output: inout [UInt8], depth: Int) {
        switch kind {
        case .deferred:
            built.writePretty(into: &output, depth: depth)
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                output.append(contentsOf: position == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
                Self.indent(&output, depth + 1)
                element.writePretty(into: &output, depth: depth + 1)
            }
            output.append(0x0A)
            Self.indent(&output, depth)
            output.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                output.append(contentsOf: position == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
                Self.indent(&output, depth + 1)
                Self.writeString(member.key, into: &output)
                output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
                member.value.writePretty(into: &output, depth: depth + 1)
            }
            output.append(0x0A)
            Self.indent(&output, depth)
            output.append(UInt8(ascii: "}"))
        default:
            write(into: &output)
        }
    }

    private static func indent(_ output: inout [UInt8], _ depth: Int) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }
}
