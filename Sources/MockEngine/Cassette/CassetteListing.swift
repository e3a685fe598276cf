/// `mockweather list`: the cassettes as a table, one row per interaction.
package enum CassetteListing {
    /// Columns NAME, SOURCE, REQUEST, MATCH and STATUS, aligned; a sequence shows its statuses in order.
    /// Every cell has its control characters escaped (``LogText``): a file name or a pattern cannot
    /// break a row or reach the terminal as a control sequence.
    package static func table(for library: CassetteLibrary) -> String {
        var rows = [["NAME", "SOURCE", "REQUEST", "MATCH", "STATUS"]]
        for position in library.cassettes.indices {
            // `list` loads every file itself (no snapshot), so each cassette is in memory.
            guard let cassette = try? library.cassette(at: position) else { continue }
            for (index, interaction) in cassette.interactions.enumerated() {
                let name = cassette.interactions.count > 1 ? "\(cassette.name)#\(index)" : cassette.name
                let statuses = interaction.responses.map { response in
                    var text = String(response.status)
                    if let fault = response.fault { text += " \(fault.kind.rawValue)" }
                    if let delay = response.delay {
                        switch delay {
                        case .fixed(let milliseconds): text += " +\(milliseconds)ms"
                        case .uniform(let low, let high): text += " +\(low)-\(high)ms"
                        }
                    }
                    return text
                }
                rows.append(
                    [
                        name, cassette.source.rawValue, "\(interaction.request.method) \(interaction.request.path)",
                        interaction.request.summary.isEmpty ? "(any)" : interaction.request.summary,
                        statuses.joined(separator: " → "),
                    ].map(LogText.escapingControlCharacters))
            }
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            row.enumerated().map { column, cell in
                column == 4 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }
        return lines.joined(separator: "\n")
            + "\n\(library.cassettes.count) cassettes, \(library.interactionCount) interactions\n"
    }
}
