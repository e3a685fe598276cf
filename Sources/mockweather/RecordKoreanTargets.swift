import ArgumentParsing
import Basics
import MockEngine
import MockProviders

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The batches of `mockweather record --api kakao-local` and `--api kma`: places and endpoints from
/// the command line, turned into requests by each provider's record target.
extension RecordCommand {
    /// Every place for every endpoint, coordinates before queries, each in the order given; without
    /// `--endpoint`, each place gets every endpoint that takes it.
    static func kakaoItems(_ arguments: ParsedArguments) throws(UsageError) -> [BatchItem] {
        var places: [KakaoLocalRecordTarget.Place] = try coordinates(arguments).map {
            .coordinate(latitude: $0.latitude, longitude: $0.longitude)
        }
        for text in arguments.values(query) {
            guard !text.trimmingWhitespace().isEmpty else {
                throw .invalidValue(option: query.name, value: text, expected: "an address such as '서울 중구 세종대로 110'")
            }
            places.append(.query(text))
        }
        guard !places.isEmpty else { throw .other("nothing to record: give at least one --at or --query") }
        let chosen = try RecordAPI.kakaoLocal.endpoints(arguments, as: KakaoLocalRecordTarget.Endpoint.self)
        return places.flatMap { place in
            (chosen.isEmpty ? KakaoLocalRecordTarget.endpoints(taking: place) : chosen).map {
                KakaoLocalRecordTarget(place: place, endpoint: $0).item(providers: Providers.all)
            }
        }
    }

    /// Every cell (`--cell`, then each `--at`'s cell, each once) for every cell endpoint (default:
    /// village, ultra-forecast and nowcast), then `version` once per product when asked; `now` is the
    /// clock the default issuance is read from. Tells `note` which cell each `--at` is.
    static func kmaItems(_ arguments: ParsedArguments, now: Date, note: (String) -> Void) throws(UsageError)
        -> [BatchItem]
    {
        var cells: [KMARecordTarget.Place] = []
        for text in arguments.values(cell) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
                Int($0.trimmingWhitespace())
            }
            guard parts.count == 2, let x = parts[0], let y = parts[1], let place = KMARecordTarget.cell(x: x, y: y)
            else {
                throw .invalidValue(
                    option: cell.name, value: text, expected: "NX,NY such as 60,127 (nx 1...149, ny 1...253)")
            }
            if !cells.contains(place) { cells.append(place) }
        }
        for point in try coordinates(arguments) {
            let shown = "\(NumberText.shortest(point.latitude)),\(NumberText.shortest(point.longitude))"
            guard let place = KMARecordTarget.cell(latitude: point.latitude, longitude: point.longitude),
                case .cell(let x, let y) = place
            else {
                throw .invalidValue(
                    option: at.name, value: shown, expected: "a point on the KMA grid (Korea and the seas around it)")
            }
            note("--at \(shown) is cell \(x),\(y)")
            if !cells.contains(place) { cells.append(place) }
        }
        var endpoints = try RecordAPI.kma.endpoints(arguments, as: KMARecordTarget.Endpoint.self)
        if endpoints.isEmpty { endpoints = KMARecordTarget.Endpoint.allCases.filter(\.takesCell) }
        guard !cells.isEmpty || endpoints == [.version] else {
            throw .other("nothing to record: give at least one --cell or --at")
        }
        var issuance = KMARecordIssuance.latestPublished(at: now)
        if let text = arguments.value(self.issuance) {
            guard let given = KMARecordIssuance(text: text) else {
                throw .invalidValue(
                    option: self.issuance.name, value: text,
                    expected: "a KST date and time YYYYMMDDTHHMM such as 20261206T0500")
            }
            issuance = given
        }
        var targets = cells.flatMap { place in
            endpoints.filter(\.takesCell).map { KMARecordTarget(place: place, endpoint: $0, issuance: issuance) }
        }
        if endpoints.contains(.version) {
            targets += KMARecordTarget.versionProducts.map {
                KMARecordTarget(place: .product($0), endpoint: .version, issuance: issuance)
            }
        }
        return targets.map { $0.item(providers: Providers.all) }
    }

    /// The `--at` values, in the order given.
    static func coordinates(_ arguments: ParsedArguments) throws(UsageError) -> [(latitude: Double, longitude: Double)]
    {
        var points: [(latitude: Double, longitude: Double)] = []
        for text in arguments.values(at) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingWhitespace())
            }
            guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], (-90...90).contains(latitude),
                (-180...180).contains(longitude)
            else {
                throw .invalidValue(
                    option: at.name, value: text,
                    expected: "LAT,LON such as 35.87,128.60 (latitude -90...90, longitude -180...180)")
            }
            points.append((latitude, longitude))
        }
        return points
    }
}
