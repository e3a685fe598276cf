extension Duration {
    /// The duration as a number of seconds, for messages and for comparing with dates.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
