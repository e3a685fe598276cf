import MockEngine

/// The mock clock's readers on arbitrary bytes: a `PUT /__admin/clock` body, a
/// `POST /__admin/clock/advance` body and `--clock` text (``ClockBodyCheck``).
enum ClockBodyTarget {
    static let target = FuzzTarget(
        name: "clock",
        summary: "clock bodies and ISO 8601 text: an instant in range that reads back as printed, or a typed error"
    ) { bytes in
        ClockBodyCheck.brokenPromise(bytes)
    }
}
