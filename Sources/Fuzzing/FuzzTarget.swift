/// One property checked on arbitrary bytes: what `Scripts/fuzz.sh` hands libFuzzer, and what the
/// ordinary suite replays over the target's seeds and regressions (see docs/ARCHITECTURE.md#fuzzing).
package struct FuzzTarget: Sendable {
    /// The name `Scripts/fuzz.sh` takes, and the folder under `Fuzz/` with its inputs.
    package let name: String
    /// One line for `Scripts/fuzz.sh --list`.
    package let summary: String
    /// Checks the property on one input: nil when it holds, else what went wrong. A crash or a hang
    /// inside is a finding too; libFuzzer reports those by itself.
    package let check: @Sendable ([UInt8]) -> String?

    /// A target named `name`.
    package init(name: String, summary: String, check: @escaping @Sendable ([UInt8]) -> String?) {
        self.name = name
        self.summary = summary
        self.check = check
    }
}

/// Every fuzz target. Adding one is a file in `Sources/Fuzzing` that defines it, a line here, and a
/// folder `Fuzz/<name>/seeds` with a few inputs (see `Fuzz/README.md`).
package enum FuzzTargets {
    /// The targets, in the order `Scripts/fuzz.sh --list` prints them.
    package static let all: [FuzzTarget] = [
        HTTPRequestStreamTarget.target,
        CassetteDecoderTarget.target,
        TraceLoaderTarget.target,
        GPXImporterTarget.target,
        HARImporterTarget.target,
        AccessPolicyTarget.target,
        KMAQueryTarget.target,
        CassetteSnapshotTarget.target,
        ClockBodyTarget.target,
        RequestNumbersTarget.target,
        ScenarioTarget.target,
        KoreaRegionsTarget.target,
        OneCall4QueryTarget.target,
        TLSTunnelTarget.target,
    ]

    /// The target called `name`, if there is one.
    package static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
