extension Duration {
    /// The duration as a number of seconds, for messages and for comparing with dates.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration as a number of milliseconds, for figures a person reads.
    package var inMilliseconds: Double {
        Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15
    }

    /// The duration in whole microseconds (rounded down), as the request journal records it.
    package var inMicroseconds: Int {
        Int(components.seconds) * 1_000_000 + Int(components.attoseconds / 1_000_000_000_000)
    }
}
