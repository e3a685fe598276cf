import MockWeather

/// The cassette decoder: its fast path and its tree decoder are each other's oracle. Whenever the
/// fast path accepts a file, the tree decoder must read the same cassette from it; whenever the tree
/// decoder refuses one, it must say why.
enum CassetteDecoderTarget {
    static let target = FuzzTarget(
        name: "cassette",
        summary: "cassette decoder: the fast path and the tree decoder must read the same cassette"
    ) { bytes in
        CassetteDecoderAgreement.disagreement(file: "fuzz/input.json", bytes: bytes)
    }
}
