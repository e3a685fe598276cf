/// The text an air-quality screen shows for an ``AirQualityReading``, ready to put in labels,
/// in English and Korean.
public struct AirQualityDisplay: Sendable, Hashable {
    /// The index the texts describe.
    public var index: AirQualityIndex
    /// "Fair".
    public var levelEnglish: String
    /// "보통".
    public var levelKorean: String
    /// "Air quality: Fair".
    public var summaryEnglish: String
    /// "대기질: 보통".
    public var summaryKorean: String
    /// A short English sentence, e.g. "The air is fine for most people".
    public var messageEnglish: String
    /// The same in Korean, e.g. "대체로 괜찮은 공기예요".
    public var messageKorean: String
    /// Fine particles, "PM2.5 12.3 µg/m³".
    public var fineParticles: String
    /// Coarse particles, "PM10 20.1 µg/m³".
    public var coarseParticles: String

    /// The display text for `reading`.
    public init(_ reading: AirQualityReading) {
        index = reading.index
        levelEnglish = reading.index.englishName
        levelKorean = reading.index.koreanName
        summaryEnglish = "Air quality: \(levelEnglish)"
        summaryKorean = "대기질: \(levelKorean)"
        messageEnglish = reading.index.englishMessage
        messageKorean = reading.index.koreanMessage
        fineParticles = "PM2.5 \(Self.concentration(reading.components.fineParticles))"
        coarseParticles = "PM10 \(Self.concentration(reading.components.coarseParticles))"
    }

    /// "12.3 µg/m³": one decimal, rounded half away from zero.
    static func concentration(_ value: Double) -> String {
        "\(DecimalText.fixed(DecimalText.decimal(value), places: 1)) µg/m³"
    }
}
