extension KeyedDecodingContainer {
    /// The units a One Call summary body says its numbers are in (its `units` field), or the
    /// requested units when the body does not say. A value the API does not use fails decoding,
    /// naming the field: reading numbers in the wrong units would be a silent wrong answer.
    func decodeReportedUnits(forKey key: Key, requested: Units) throws -> Units {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return requested }
        guard let units = Units(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: self,
                debugDescription: "expected standard, metric or imperial"
            )
        }
        return units
    }
}
