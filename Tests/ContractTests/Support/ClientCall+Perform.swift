import Foundation
import WeatherClient

extension ClientCall {
    /// What the client made of the answer.
    enum Outcome: Sendable {
        case decoded(Observation)
        case failed(ClientFailure)

        /// A current-weather or forecast outcome: the place name and the temperature read from `celsiusField`.
        static func decoded(name: String, celsius: Double?, celsiusField: String?) -> Outcome {
            var observation = Observation()
            observation.record("name", from: "name", text: name)
            if let celsiusField { observation.record("celsius", from: celsiusField, number: celsius) }
            return .decoded(observation)
        }
    }

    /// Makes the call with the client of its API and reports what the client decoded, in the `expect`
    /// vocabulary, or the error.
    func perform(with clients: ContractClients) async -> Outcome {
        switch self {
        case .address, .regionCodes, .searchAddress:
            do {
                return .decoded(try await observeKakao(with: clients.kakao))
            } catch {
                return .failed(ClientFailure(error))
            }
        case .villageForecast, .ultraShortForecast, .ultraShortNowcast, .forecastVersion:
            return await performKMA(with: clients)
        default:
            do {
                return .decoded(try await observe(with: clients.weather))
            } catch {
                return .failed(ClientFailure(error))
            }
        }
    }

    private func observeKakao(with client: KakaoLocalClient) async throws(KakaoLocalError) -> Observation {
        var seen = Observation()
        switch self {
        case .address(let coordinate):
            let found = try await client.address(at: coordinate)
            seen.record("count", from: "documents.count", integer: found == nil ? 0 : 1)
            if let found {
                seen.record("name", from: "documents[0] region names", text: PlaceName(found)?.full)
                seen.record("region1", from: "address.region_1depth_name", text: found.address?.region1DepthName)
                seen.record("region2", from: "address.region_2depth_name", text: found.address?.region2DepthName)
                seen.record("region3", from: "address.region_3depth_name", text: found.address?.region3DepthName)
                seen.record(
                    "roadAddress", from: "road_address.address_name", text: found.roadAddress?.addressName ?? "(none)")
            }
        case .regionCodes(let coordinate):
            let regions = try await client.regionCodes(at: coordinate)
            seen.record("count", from: "documents.count", integer: regions.regions.count)
            seen.record("legalCode", from: "documents[B].code", text: regions.legal?.code)
            seen.record("administrativeCode", from: "documents[H].code", text: regions.administrative?.code)
        case .searchAddress(let query):
            let search = try await client.searchAddress(query)
            seen.record("count", from: "documents.count", integer: search.documents.count)
            seen.record("name", from: "documents[0].address_name", text: search.documents.first?.addressName)
            seen.record("zoneNo", from: "road_address.zone_no", text: search.documents.first?.roadAddress?.zoneNumber)
        default:
            break
        }
        return seen
    }

    private func observe(with client: OpenWeatherClient) async throws(WeatherError) -> Observation {
        var seen = Observation()
        switch self {
        case .currentWeather(let place):
            let weather = try await Self.currentWeather(at: place, client: client)
            seen.record("name", from: "name", text: weather.name)
            seen.record("celsius", from: "main.temp", celsius: weather.main.temperature)
            seen.record("country", from: "sys.country", text: weather.system.country)
        case .forecast(let place):
            let forecast = try await Self.forecast(at: place, client: client)
            seen.record("name", from: "city.name", text: forecast.city.name)
            seen.record("celsius", from: "list[0].main.temp", celsius: forecast.items.first?.main.temperature)
            seen.record("count", from: "list.count", integer: forecast.items.count)
            seen.record("country", from: "city.country", text: forecast.city.country)
        case .geocode(let city):
            seen.places(try await client.geocode(city: city))
        case .reverseGeocode(let coordinate):
            seen.places(try await client.reverseGeocode(at: coordinate))
        case .geocodeZip(let zip, let country):
            let place = try await client.geocode(zip: zip, country: country)
            seen.record("name", from: "name", text: place.name)
            seen.record("zip", from: "zip", text: place.zip)
            seen.record("country", from: "country", text: place.country)
        case .oneCall(let coordinate, let blocks):
            let oneCall = try await client.oneCall(at: coordinate, excluding: blocks)
            seen.record("timezone", from: "timezone", text: oneCall.timeZone)
            seen.record("celsius", from: "current.temp", celsius: oneCall.current?.temperature)
            seen.record("minutely", from: "minutely.count", integer: oneCall.minutely?.count ?? 0)
            seen.record("hourly", from: "hourly.count", integer: oneCall.hourly?.count ?? 0)
            seen.record("daily", from: "daily.count", integer: oneCall.daily?.count ?? 0)
            seen.record("alerts", from: "alerts.count", integer: oneCall.alerts?.count ?? 0)
            seen.record(
                "dailyMaxCelsius", from: "daily[0].temp.max", celsius: oneCall.daily?.first?.temperatures.maximum)
        case .historicalWeather(let coordinate, let time):
            let history = try await client.historicalWeather(at: coordinate, time: time)
            seen.record("timezone", from: "timezone", text: history.timeZone)
            seen.record("celsius", from: "data[0].temp", celsius: history.snapshot?.temperature)
            seen.record("dt", from: "data[0].dt", integer: history.snapshot.map { Int($0.time.timeIntervalSince1970) })
            seen.record("count", from: "data.count", integer: history.data.count)
        case .daySummary(let coordinate, let date, let offset):
            let summary = try await client.daySummary(at: coordinate, date: date, utcOffset: offset)
            seen.record("date", from: "date", text: summary.date.description)
            seen.record("celsius", from: "temperature.afternoon", celsius: summary.temperatures.afternoon)
            seen.record("minCelsius", from: "temperature.min", celsius: summary.temperatures.minimum)
            seen.record("maxCelsius", from: "temperature.max", celsius: summary.temperatures.maximum)
        case .weatherOverview(let coordinate, let date):
            let overview = try await client.weatherOverview(at: coordinate, date: date)
            seen.record("date", from: "date", text: overview.date.description)
            seen.record("overview", from: "weather_overview", text: overview.text)
        case .airPollution(let coordinate):
            seen.air(try await client.airPollution(at: coordinate))
        case .airPollutionForecast(let coordinate):
            seen.air(try await client.airPollutionForecast(at: coordinate))
        case .airPollutionHistory(let coordinate, let start, let end):
            seen.air(try await client.airPollutionHistory(at: coordinate, from: start, to: end))
        case .oneCall4Current, .oneCall4Timeline, .oneCall4Alert:
            try await seen.oneCall4(self, with: client)
        case .address, .regionCodes, .searchAddress, .villageForecast, .ultraShortForecast, .ultraShortNowcast,
            .forecastVersion:
            break
        case .icon(let code, let size):
            let icon = try await client.icon(code, size: size)
            seen.record("contentType", from: "Content-Type", text: icon.contentType)
            seen.record("width", from: "PNG width", integer: icon.width)
            seen.record("height", from: "PNG height", integer: icon.height)
        }
        return seen
    }

    private static func currentWeather(at place: Place, client: OpenWeatherClient) async throws(WeatherError)
        -> CurrentWeather
    {
        switch place {
        case .city(let name): try await client.currentWeather(city: name)
        case .cityID(let id): try await client.currentWeather(cityID: id)
        case .zip(let zip, let country): try await client.currentWeather(zip: zip, country: country)
        case .coordinate(let coordinate): try await client.currentWeather(at: coordinate)
        }
    }

    private static func forecast(at place: Place, client: OpenWeatherClient) async throws(WeatherError) -> Forecast {
        switch place {
        case .city(let name): try await client.forecast(city: name)
        case .cityID(let id): try await client.forecast(cityID: id)
        case .zip(let zip, let country): try await client.forecast(zip: zip, country: country)
        case .coordinate(let coordinate): try await client.forecast(at: coordinate)
        }
    }
}

extension Observation {
    /// Geocoding: the first place's name, `(no place)` for an empty answer, and how many.
    fileprivate mutating func places(_ places: [GeocodedPlace]) {
        record("name", from: "[0].name", text: places.first?.name ?? "(no place)")
        record("count", from: "count", integer: places.count)
        record("country", from: "[0].country", text: places.first?.country)
    }

    /// Air pollution: the first reading's index and PM2.5, how many readings, and the first and last
    /// reading's time.
    fileprivate mutating func air(_ air: AirPollution) {
        record("aqi", from: "list[0].main.aqi", integer: air.first?.index.rawValue)
        record("count", from: "list.count", integer: air.readings.count)
        record("pm2_5", from: "list[0].components.pm2_5", number: air.first?.components.fineParticles)
        record("firstDt", from: "list[0].dt", integer: air.first.map { Int($0.time.timeIntervalSince1970) })
        record("lastDt", from: "list[-1].dt", integer: air.readings.last.map { Int($0.time.timeIntervalSince1970) })
    }
}
