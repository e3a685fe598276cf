// When each operation's issuances exist and when they can be read. Every decision about the
// schedule is here and nowhere else (reference: shared/reference/kma-vilage-fcst.md §4).
//
// - Base times: getVilageFcst 02, 05, 08, 11, 14, 17, 20, 23 o'clock; getUltraSrtNcst every
//   HH00; getUltraSrtFcst every HH30 (the real captures echo HH30).
// - Availability delays, chosen where the sources disagree:
//   - getVilageFcst: 10 minutes (02:10, 05:10, ... as the guide's API 제공 시간 says).
//   - getUltraSrtNcst: 10 minutes (HH:10). The current guide says "매시각 10분 이후"; many clients
//     still wait until HH:40, which is advice from the retired v1 service. We follow the guide: a
//     request in HH:10...HH:39 that finds the hour not yet published gets NO_DATA, which is
//     visible, whereas waiting until HH:40 would show a 40-minute-old hour as current for no
//     documented reason.
//   - getUltraSrtFcst: 15 minutes (HH:45), the guide's figure and the one clients report.
// - The boundary is inclusive: an issuance is available from its base time plus the delay,
//   to the minute (02:10:00 reads today's 0200; 02:09:59 still reads yesterday's 2300), because
//   the guide says "이후" (from then on) and a minute is the API's resolution.

extension KMAOperation {
    /// How long after its base time an issuance can be read: 10 minutes for ``villageForecast`` and
    /// ``ultraShortNowcast``, 15 for ``ultraShortForecast`` (see `KMASchedule.swift` for why).
    public var availabilityDelay: Duration { .seconds(availabilityDelayMinutes * 60) }

    /// The delay in whole minutes.
    var availabilityDelayMinutes: Int {
        switch self {
        case .villageForecast: 10
        case .ultraShortNowcast: 10
        case .ultraShortForecast: 15
        }
    }

    /// The base times of one day as minutes after midnight KST, ascending.
    var baseMinutesOfDay: [Int] {
        switch self {
        case .villageForecast: [2, 5, 8, 11, 14, 17, 20, 23].map { $0 * 60 }
        case .ultraShortNowcast: (0..<24).map { $0 * 60 }
        case .ultraShortForecast: (0..<24).map { $0 * 60 + 30 }
        }
    }

    /// Whether `hour`:`minute` KST is one of this operation's base times.
    func isBaseTime(hour: Int, minute: Int) -> Bool {
        baseMinutesOfDay.contains(hour * 60 + minute)
    }

    /// The latest base time at or before `minuteIndex` (minutes since 1970-01-01 00:00 KST).
    func latestBase(atOrBefore minuteIndex: Int) -> Int {
        let dayStart =
            minuteIndex - ((minuteIndex % KMATime.minutesPerDay) + KMATime.minutesPerDay)
            % KMATime.minutesPerDay
        let minuteOfDay = minuteIndex - dayStart
        if let slot = baseMinutesOfDay.last(where: { $0 <= minuteOfDay }) {
            return dayStart + slot
        }
        return dayStart - KMATime.minutesPerDay + baseMinutesOfDay[baseMinutesOfDay.count - 1]
    }
}
