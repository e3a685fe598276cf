extension CommandSpec {
    /// The `--help` text: overview, usage line, arguments, options with their defaults, then the discussion.
    package var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usageLine)"]
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += positionals.flatMap { formatEntry(label: "<\($0.name)>", help: $0.help) }
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            let label = (option.shortName.map { "\($0), " } ?? "") + option.synopsis
            var help = option.help
            if let defaultDescription = option.defaultDescription { help += " (default: \(defaultDescription))" }
            if option.isRepeatable { help += " (repeatable)" }
            lines += formatEntry(label: label, help: help)
        }
        lines += formatEntry(label: "-h, --help", help: "Show this help.")
        if !discussion.isEmpty {
            lines += ["", discussion]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `mockweather serve [--port PORT] [--watch] <DIR>`: every option in brackets, then the positionals.
    package var usageLine: String {
        var parts = [name]
        parts += options.map { "[\($0.synopsis)]" + ($0.isRepeatable ? "..." : "") }
        parts += positionals.map { positional in
            let core = "<\(positional.name)>" + (positional.isVariadic ? "..." : "")
            return positional.isOptional ? "[\(core)]" : core
        }
        return parts.joined(separator: " ")
    }
}

/// Help entries are laid out in two columns; long labels push their help onto the next line.
private let labelColumnWidth = 28
private let helpWidth = 100

func formatEntry(label: String, help: String) -> [String] {
    let indent = String(repeating: " ", count: labelColumnWidth)
    let wrapped = wrap(help, width: helpWidth - labelColumnWidth)
    var lines: [String] = []
    let paddedLabel = "  " + label
    if paddedLabel.count < labelColumnWidth - 1 {
        let padding = String(repeating: " ", count: labelColumnWidth - paddedLabel.count)
        lines.append(paddedLabel + padding + (wrapped.first ?? ""))
        lines += wrapped.dropFirst().map { indent + $0 }
    } else {
        lines.append(paddedLabel)
        lines += wrapped.map { indent + $0 }
    }
    return lines
}

/// Greedy word wrap; a word longer than `width` stands on its own line rather than being split.
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        if current.isEmpty {
            current = String(word)
        } else if current.count + 1 + word.count <= width {
            current += " " + word
        } else {
            lines.append(current)
            current = String(word)
        }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.isEmpty ? [""] : lines
}
