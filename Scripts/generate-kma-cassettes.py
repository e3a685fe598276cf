#!/usr/bin/env python3
"""Writes the bundled KMA cassettes (Cassettes/kma/...), except Cassettes/kma/vilage/seoul-city-hall.json.

usage: Scripts/generate-kma-cassettes.py [--check]

Python 3 standard library only. Deterministic: the same script writes the same bytes. With --check it
writes nothing and exits 1 when a file on disk differs from what it would write (or is missing), so CI
can run it.

One table below holds the cells: every place of the Seoul-Daegu route (places-and-routes.md: the SeSAC
campus, Seoul City Hall, Suwon, Cheonan, Daejeon, Gimcheon, Gumi, Daegu 89/90 and Daegu City Hall's
borderline 89/91), each cell computed here with the reference's grid formula and checked against the
reference cells. From it come
  vilage/<place>.json          getVilageFcst: a whole 0500 issuance (hourly to +3 days, then 3-hourly)
  ultra-forecast/<place>.json  getUltraSrtFcst: the 0530 issuance, 6 hours, category-major
  ultra-nowcast/<place>.json   getUltraSrtNcst: the 1100 observation, 8 categories, alphabetical
Each place's day agrees with the OpenWeatherMap current weather bundled for it (near/<place>.json,
current/seoul.json for Seoul City Hall, near/daegu.json for both Daegu cells): at that answer's hour
(11:00 KST) the nowcast's T1H is its temperature to the tenth, TMP and T1H are it rounded, and the
humidity, wind and sky are its own, so an app that shows both APIs tells one story. And, staged behind
magic keys so that they never contradict the route or the synthetic world,
  */busan-city-hall-rain.json  a rainy issuance of each operation at 98/76, for serviceKey=mock-rain
  */gangneung-snow.json        a snowy issuance of each operation at 92/132, for serviceKey=mock-snow
  */seoul-city-hall-reference.json  the reference's October captures at 60/127, for serviceKey=mock-reference
                               (the nowcast here; the village forecast by make-kma-documented-cassette.py)
  vilage/yellow-sea.json       a sea cell (16/82) with the API's missing values
  version/forecast-versions.json  getFcstVersion for ODAM, VSRT and SHRT (fields UNCONFIRMED)
  errors/key-states.json       the gateway's answers to the magic keys (codes 30, 22, 31)
  errors/request-errors.json   a missing nx (11) and an out-of-grid nx (01)
No catch-all: a cell nobody recorded is answered from the synthetic world under `serve --synthesize` (the
provider's Synthesis/ folder), and otherwise gets the provider's 501 NOT_RECORDED, as OpenWeatherMap does.
The reference's village forecast (vilage/seoul-city-hall-reference.json) is the provider's documented
cassette, written by Scripts/make-kma-documented-cassette.py: this script never writes it.

Every body is `synthetic` (made up in the API's documented shape, values plausible for a December day
along the route) except ultra-nowcast/seoul-city-hall-reference.json, which is kma-vilage-fcst.md §2.3 verbatim
(`documented`). Every interaction's `expect` block is derived here from the rows it serves, with the
keys of Cassettes/README.md (KMA).
"""
import json
import math
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BUNDLED = os.path.join(ROOT, "Cassettes", "kma")
SERVICE = "/1360000/VilageFcstInfoService_2.0/"
HEADERS = {"Content-Type": "application/json;charset=UTF-8"}
XML_HEADERS = {"Content-Type": "text/xml;charset=UTF-8"}
# The provider's own cassette: documented, written by its own script.
NOT_OURS = {"vilage/seoul-city-hall-reference.json"}
# The magic keys that ask for the staged cassettes (Cassettes/README.md, KMA).
RAIN_KEY, SNOW_KEY, REFERENCE_KEY = "mock-rain", "mock-snow", "mock-reference"
OPENWEATHERMAP = os.path.join(ROOT, "Cassettes", "openweathermap")

# The recorded issuances, all on one December day (KST).
DAY = (2026, 12, 2)
VILAGE_BASE = "0500"
ULTRA_FORECAST_BASE = "0530"
NOWCAST_BASE = "1100"

VILAGE_CATEGORIES = ["TMP", "UUU", "VVV", "VEC", "WSD", "SKY", "PTY", "POP", "WAV", "PCP", "REH", "SNO"]
ULTRA_CATEGORIES = ["LGT", "PTY", "RN1", "SKY", "T1H", "REH", "UUU", "VVV", "VEC", "WSD"]
NOWCAST_CATEGORIES = ["PTY", "REH", "RN1", "T1H", "UUU", "VEC", "VVV", "WSD"]
SKY_NAMES = {1: "clear", 3: "mostlyCloudy", 4: "overcast"}
VILAGE_PTY = {0: "none", 1: "rain", 2: "rainAndSnow", 3: "snow", 4: "shower"}
ULTRA_PTY = {0: "none", 1: "rain", 2: "rainAndSnow", 3: "snow", 5: "drizzle", 6: "drizzleAndSnowFlurries",
             7: "snowFlurries"}
MISSING = "-999"  # "+900 이상, -900 이하는 Missing 값" (kma-vilage-fcst.md §3); the exact literal is our choice


# ---------------------------------------------------------------------------------------------------
# The grid (places-and-routes.md, "KMA grid"; kma-vilage-fcst.md §6).

def grid_cell(lat, lon):
    d = math.pi / 180
    re = 6371.00877 / 5.0
    s1, s2, olon, olat = 30 * d, 60 * d, 126 * d, 38 * d
    sn = math.log(math.cos(s1) / math.cos(s2)) / math.log(math.tan(math.pi / 4 + s2 / 2) / math.tan(math.pi / 4 + s1 / 2))
    sf = math.tan(math.pi / 4 + s1 / 2) ** sn * math.cos(s1) / sn
    ro = re * sf / math.tan(math.pi / 4 + olat / 2) ** sn
    ra = re * sf / math.tan(math.pi / 4 + lat * d / 2) ** sn
    theta = lon * d - olon
    if theta > math.pi:
        theta -= 2 * math.pi
    if theta <= -math.pi:
        theta += 2 * math.pi
    theta *= sn
    return math.floor(ra * math.sin(theta) + 43 + 0.5), math.floor(ro - ra * math.cos(theta) + 136 + 0.5)


# The reference's own cells: the formula must give them, or the table below is wrong.
REFERENCE_CELLS = [
    ("Seoul", 37.56357, 126.98001, (60, 127)),
    ("Yeongdeungpo-gu (the SeSAC campus)", 37.517829, 126.886270, (58, 126)),
    ("Daegu metropolitan city", 35.86854, 128.60355, (89, 90)),
    ("Daegu City Hall (borderline)", 35.8714354, 128.6014, (89, 91)),
    ("Seoul City Hall", 37.5663174, 126.9779451, (60, 127)),
    ("Busan City Hall", 35.1796, 129.0756, (98, 76)),
]


class Place:
    """A cell and its December weather: dawn minimum and afternoon maximum (°C) of the recorded day,
    the sky of the first hours, wind from `wind_from` degrees at `wind` m/s, humidity around `humidity`."""

    def __init__(self, key, label, lat, lon, tmin, tmax, sky, wind_from, wind, humidity, cell=None):
        self.key, self.label, self.lat, self.lon = key, label, lat, lon
        self.nx, self.ny = cell or grid_cell(lat, lon)
        self.tmin, self.tmax, self.sky = tmin, tmax, sky
        self.wind_from, self.wind, self.humidity = wind_from, wind, humidity


ROUTE = [
    Place("sesac-campus", "the SeSAC campus (Yeongdeungpo)", 37.517829, 126.886270, -4, 4, 1, 300, 2.1, 58),
    Place("seoul-city-hall", "Seoul City Hall", 37.5663174, 126.9779451, -3, 5, 1, 315, 2.4, 55),
    Place("suwon", "Suwon", 37.28310, 127.03783, -5, 5, 1, 310, 1.8, 62),
    Place("cheonan", "Cheonan", 36.80413, 127.15247, -6, 4, 3, 290, 1.6, 70),
    Place("daejeon", "Daejeon", 36.34712, 127.38657, -4, 6, 3, 280, 1.4, 66),
    Place("gimcheon", "Gimcheon", 36.13690, 128.11580, -5, 7, 4, 270, 1.2, 64),
    Place("gumi", "Gumi", 36.11655, 128.34678, -3, 8, 3, 275, 1.5, 60),
    Place("daegu", "Daegu (the KMA table's cell 89/90)", 35.86854, 128.60355, -2, 9, 1, 260, 2.0, 52),
    Place("daegu-city-hall", "Daegu City Hall (the borderline cell 89/91)", 35.8714354, 128.6014, -1, 9, 1, 255,
          2.2, 50),
]
RAIN = Place("busan-city-hall-rain", "Busan City Hall in a winter storm", 35.1796, 129.0756, 8, 12, 4, 140, 6.5, 92)
SNOW = Place("gangneung-snow", "Gangneung in heavy snow", 37.7519, 128.8761, -6, -1, 4, 45, 5.2, 90)
SEA = Place("yellow-sea", "the Yellow Sea", 35.5, 124.5, 6, 9, 3, 330, 9.0, 75)


# Each route place's OpenWeatherMap current weather, which its day agrees with.
OPENWEATHERMAP_CURRENT = {
    "sesac-campus": "near/sesac-campus.json", "seoul-city-hall": "current/seoul.json", "suwon": "near/suwon.json",
    "cheonan": "near/cheonan.json", "daejeon": "near/daejeon.json", "gimcheon": "near/gimcheon.json",
    "gumi": "near/gumi.json", "daegu": "near/daegu.json", "daegu-city-hall": "near/daegu.json",
}
# The hour (KST) of those answers (dt 1670206443: 11:14 KST), where the KMA rows meet them.
AGREEMENT_HOUR = 11
AGREEMENT_STEP = AGREEMENT_HOUR - 6  # the forecast step of that hour in the 0500 and 0530 issuances


def openweathermap_current(place):
    """(°C, humidity %, wind from °, wind m/s, cloud %, main) of the place's bundled current weather."""
    with open(os.path.join(OPENWEATHERMAP, OPENWEATHERMAP_CURRENT[place.key]), encoding="utf-8") as f:
        body = json.load(f)["interactions"][0]["response"]["json"]
    return (body["main"]["temp"] - 273.15, body["main"]["humidity"], body["wind"]["deg"], body["wind"]["speed"],
            body["clouds"]["all"], body["weather"][0]["main"])


def agree_with_openweathermap(place):
    """Moves the place's day so that, at AGREEMENT_HOUR, the model gives OpenWeatherMap's temperature,
    humidity, wind and sky, keeping the place's daily range and its variation through the day."""
    celsius, humidity_percent, wind_from, wind_speed, clouds, main = openweathermap_current(place)
    if main in ("Rain", "Drizzle", "Thunderstorm", "Snow"):
        raise SystemExit(f"{place.key}: OpenWeatherMap says {main}; the route's KMA days are dry")
    span = place.tmax - place.tmin
    place.tmin = celsius - span * (AGREEMENT_HOUR - 6) / 9
    place.tmax = place.tmin + span
    place.sky = 1 if clouds <= 50 else 3 if clouds <= 80 else 4
    # wind() varies the direction by 21·sin(step/5) and the speed by 0.8·sin(step/7 + nx).
    place.wind_from = (wind_from - 21 * math.sin(AGREEMENT_STEP / 5.0)) % 360
    place.wind = wind_speed - 0.8 * math.sin(AGREEMENT_STEP / 7.0 + place.nx)
    # humidity() is base + 20·(max - t)/span - 10.
    place.humidity = humidity_percent - 20 * (place.tmax - celsius) / span + 10
    place.agreed_celsius = celsius


for _place in ROUTE:
    agree_with_openweathermap(_place)


# ---------------------------------------------------------------------------------------------------
# Time (KST, as the API writes it).

def days_in_month(year, month):
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 31 if month in (1, 3, 5, 7, 8, 10, 12) else 30


def add_hours(date, hour, hours):
    """(year, month, day), hour + hours -> ((year, month, day), hour)."""
    year, month, day = date
    hour += hours
    while hour >= 24:
        hour -= 24
        day += 1
        if day > days_in_month(year, month):
            day, month = 1, month + 1
            if month > 12:
                month, year = 1, year + 1
    return (year, month, day), hour


def date_text(date):
    return "%04d%02d%02d" % date


def time_text(hour, minute=0):
    return "%02d%02d" % (hour, minute)


# ---------------------------------------------------------------------------------------------------
# The weather model: deterministic, smooth, varying by place and day.

# Day offsets from the recorded day's extremes: a cold wave arrives on the second day.
DAY_OFFSETS = [(0, 0), (-2, -1), (-4, -3), (-3, -1), (-1, 0)]


def extremes(place, day_index):
    low, high = DAY_OFFSETS[min(day_index, len(DAY_OFFSETS) - 1)]
    return place.tmin + low, place.tmax + high


def temperature(place, day_index, hour):
    """Linear between each day's minimum at 06:00 and maximum at 15:00."""
    def anchor(index, at):
        low, high = extremes(place, index)
        return (index * 24 + at, low if at == 6 else high)
    t = day_index * 24 + hour
    points = [anchor(i, at) for i in range(-1, 7) for at in (6, 15)]
    for (t0, v0), (t1, v1) in zip(points, points[1:]):
        if t0 <= t <= t1:
            return v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    raise ValueError(t)


def round_half_away(value, digits=0):
    scale = 10 ** digits
    return math.floor(abs(value) * scale + 0.5) / scale * (1 if value >= 0 else -1)


def integer_text(value):
    rounded = int(round_half_away(value))
    return str(rounded)


def decimal_text(value):
    rounded = round_half_away(value, 1)
    text = "%.1f" % rounded
    return "0.0" if text == "-0.0" else text


def sky_at(place, step):
    # The first hours keep the place's sky; later it changes every 9 hours through a fixed cycle.
    cycle = [place.sky, 3, 4, 3, 1, 1, 3]
    return cycle[(step // 9) % len(cycle)] if step >= 6 else place.sky


def probability(sky):
    return {1: 0, 3: 20, 4: 30}[sky]


def wind(place, step):
    """(VEC, WSD, UUU, VVV) texts: the direction the wind comes from, its speed, and its components
    (east and north positive: a wind from the north-west blows towards the south-east)."""
    direction = (place.wind_from + 7 * math.sin(step / 5.0) * 3) % 360
    speed = max(0.3, place.wind + 0.8 * math.sin(step / 7.0 + place.nx))
    speed = round_half_away(speed, 1)
    radians = direction * math.pi / 180
    east = -speed * math.sin(radians)
    north = -speed * math.cos(radians)
    return str(int(round_half_away(direction)) % 360), decimal_text(speed), decimal_text(east), decimal_text(north)


def humidity(place, temp, day_min, day_max):
    span = max(1.0, day_max - day_min)
    value = place.humidity + 20 * (day_max - temp) / span - 10
    return str(int(min(100, max(20, round_half_away(value)))))


# ---------------------------------------------------------------------------------------------------
# Precipitation: the staged rain and snow spells, hour by hour from the first forecast hour.

# (PTY, PCP, SNO) for the village forecast's first hours: every text form of §3.
RAIN_VILAGE = [(1, "1mm 미만", "적설없음"), (1, "6.2mm", "적설없음"), (1, "30.0~50.0mm", "적설없음"),
               (4, "50.0mm 이상", "적설없음"), (1, "12.0mm", "적설없음"), (2, "2.0mm", "0.5cm 미만"),
               (1, "1mm 미만", "적설없음")]
SNOW_VILAGE = [(3, "1mm 미만", "0.5cm 미만"), (3, "1.0mm", "2.3cm"), (3, "2.0mm", "5.0cm 이상"),
               (3, "1.5mm", "5.0cm 이상"), (2, "1mm 미만", "1.0cm"), (3, "1mm 미만", "0.5cm 미만")]
# (PTY, RN1) for the ultra-short forecast's six hours (its own PTY table: 5, 6, 7, no 4).
RAIN_ULTRA = [(1, "30.0~50.0mm"), (1, "50.0mm 이상"), (1, "8.5mm"), (5, "1mm 미만"), (1, "1mm 미만"), (5, "1mm 미만")]
SNOW_ULTRA = [(3, "1mm 미만"), (3, "1.0mm"), (7, "1mm 미만"), (6, "1mm 미만"), (2, "1mm 미만"), (7, "강수없음")]


def spell(place, kind):
    if place is RAIN:
        return RAIN_VILAGE if kind == "vilage" else RAIN_ULTRA
    if place is SNOW:
        return SNOW_VILAGE if kind == "vilage" else SNOW_ULTRA
    return []


# ---------------------------------------------------------------------------------------------------
# Bodies.

def envelope(rows):
    return {
        "response": {
            "header": {"resultCode": "00", "resultMsg": "NORMAL_SERVICE"},
            "body": {
                "dataType": "JSON",
                "items": {"item": rows},
                "pageNo": 1,
                "numOfRows": len(rows),
                "totalCount": len(rows),
            },
        }
    }


def forecast_row(base_time, category, date, hour, value, place):
    return {"baseDate": date_text(DAY), "baseTime": base_time, "category": category, "fcstDate": date_text(date),
            "fcstTime": time_text(hour), "fcstValue": value, "nx": place.nx, "ny": place.ny}


def vilage_rows(place):
    """The 0500 issuance: hourly from 0600 to 2300 two days later, then 3-hourly from 0000 of the fourth
    day to 0000 of the fifth (far-range rows: PCP and SNO bare numbers). TMN on 0600 rows and TMX on 1500
    rows, except that day's TMN, which the 0500 issuance no longer carries (kma-vilage-fcst.md §4)."""
    times = [add_hours(DAY, 6, step) for step in range(0, 66)]
    far = [add_hours(DAY, 0, 72 + 3 * step) for step in range(0, 9)]
    rows = []
    wet = spell(place, "vilage")
    for step, (date, hour) in enumerate(times + far):
        far_range = step >= len(times)
        day_index = (step + 6) // 24 if not far_range else 3 + (step - len(times)) // 8
        day_min, day_max = extremes(place, day_index)
        temp = temperature(place, day_index, hour)
        sky = sky_at(place, step)
        pty, pcp, sno = (0, "0", "0") if far_range else (0, "강수없음", "적설없음")
        pop = probability(sky)
        if step < len(wet):
            pty, pcp, sno = wet[step]
            sky, pop = 4, 90 if step < 4 else 70
        vec, wsd, uuu, vvv = wind(place, step)
        values = {
            "TMP": integer_text(temp), "UUU": uuu, "VVV": vvv, "VEC": vec, "WSD": wsd, "SKY": str(sky),
            "PTY": str(pty), "POP": str(pop), "WAV": "0", "PCP": pcp,
            "REH": humidity(place, temp, day_min, day_max), "SNO": sno,
        }
        if place is SEA:
            # Over the sea the village forecast masks temperatures, probability, amounts and humidity;
            # the waves are the point.
            for category in ("TMP", "POP", "PCP", "REH", "SNO"):
                values[category] = MISSING
            values["WAV"] = decimal_text(1.5 + 0.5 * math.sin(step / 6.0))
        for category in VILAGE_CATEGORIES:
            rows.append(forecast_row(VILAGE_BASE, category, date, hour, values[category], place))
        if hour == 6 and date != DAY:
            rows.append(forecast_row(VILAGE_BASE, "TMN", date, hour, extreme_text(place, day_min), place))
        if hour == 15:
            rows.append(forecast_row(VILAGE_BASE, "TMX", date, hour, extreme_text(place, day_max), place))
    return rows


def extreme_text(place, value):
    """TMN/TMX carry one decimal ("12.0"), unlike TMP; masked over the sea."""
    return MISSING if place is SEA else decimal_text(value)


def ultra_forecast_rows(place):
    """The 0530 issuance: 0600 to 1100, category-major (all six hours of LGT, then PTY, RN1, ...)."""
    hours = [6 + step for step in range(6)]
    wet = spell(place, "ultra")
    values = {}
    for step, hour in enumerate(hours):
        day_min, day_max = extremes(place, 0)
        temp = temperature(place, 0, hour)
        sky = sky_at(place, step)
        pty, rn1 = (0, "강수없음")
        if step < len(wet):
            pty, rn1 = wet[step]
            sky = 4
        vec, wsd, uuu, vvv = wind(place, step)
        values[hour] = {"LGT": "0", "PTY": str(pty), "RN1": rn1, "SKY": str(sky), "T1H": integer_text(temp),
                        "REH": humidity(place, temp, day_min, day_max), "UUU": uuu, "VVV": vvv, "VEC": vec,
                        "WSD": wsd}
    return [forecast_row(ULTRA_FORECAST_BASE, category, DAY, hour, values[hour][category], place)
            for category in ULTRA_CATEGORIES for hour in hours]


def nowcast_rows(place):
    """The 1100 observation: the 8 categories, alphabetical; RN1 a plain number of mm. A route place
    observes OpenWeatherMap's temperature to the tenth."""
    day_min, day_max = extremes(place, 0)
    hour = int(NOWCAST_BASE[:2])
    temp = getattr(place, "agreed_celsius", None)
    if temp is None:
        temp = temperature(place, 0, hour) + 0.1 * ((place.nx + place.ny) % 7 - 3)
    vec, wsd, uuu, vvv = wind(place, hour - 6)
    pty, rn1 = 0, "0"
    if place is RAIN:
        pty, rn1 = 1, "12.5"
    elif place is SNOW:
        pty, rn1 = 3, "0.8"
    values = {"PTY": str(pty), "REH": humidity(place, temp, day_min, day_max), "RN1": rn1,
              "T1H": decimal_text(temp), "UUU": uuu, "VEC": vec, "VVV": vvv, "WSD": wsd}
    return [{"baseDate": date_text(DAY), "baseTime": NOWCAST_BASE, "category": category, "nx": place.nx,
             "ny": place.ny, "obsrValue": values[category]} for category in NOWCAST_CATEGORIES]


# kma-vilage-fcst.md §2.3, verbatim.
DOCUMENTED_NOWCAST = [
    ("PTY", "0"), ("REH", "37"), ("RN1", "0"), ("T1H", "15.2"), ("UUU", "2.2"), ("VEC", "324"), ("VVV", "-2.9"),
    ("WSD", "3.7"),
]


def reference_nowcast_rows():
    return [{"baseDate": "20261002", "baseTime": "0000", "category": category, "nx": 60, "ny": 127,
             "obsrValue": value} for category, value in DOCUMENTED_NOWCAST]


# ---------------------------------------------------------------------------------------------------
# Expectations: what a correct client makes of the rows (Cassettes/README.md, KMA).

def number(text):
    value = float(text)
    return int(value) if value == int(value) else value


def missing(text):
    try:
        value = float(text)
    except ValueError:
        return False
    return value >= 900 or value <= -900


def forecast_expect(rows, village):
    by_time = {}
    for row in rows:
        by_time.setdefault((row["fcstDate"], row["fcstTime"]), {})[row["category"]] = row["fcstValue"]
    times = sorted(by_time)
    first = by_time[times[0]]
    temperature_key, amount_key = ("TMP", "PCP") if village else ("T1H", "RN1")
    codes = VILAGE_PTY if village else ULTRA_PTY
    expect = {"hours": len(times)}
    if not missing(first[temperature_key]):
        expect["celsius"] = number(first[temperature_key])
    expect["sky"] = SKY_NAMES[int(first["SKY"])]
    expect["precipitationType"] = codes[int(first["PTY"])]
    expect["precipitation"] = first[amount_key]
    if village and not missing(first["POP"]):
        expect["probability"] = int(first["POP"])
    for key, category in (("minCelsius", "TMN"), ("maxCelsius", "TMX")):
        values = [by_time[t][category] for t in times if category in by_time[t]]
        if values and not missing(values[0]):
            expect[key] = number(values[0])
    expect["count"] = len(rows)
    return expect


def nowcast_expect(rows):
    values = {row["category"]: row["obsrValue"] for row in rows}
    return {"celsius": number(values["T1H"]), "precipitationType": ULTRA_PTY[int(values["PTY"])],
            "humidity": int(values["REH"]), "count": len(rows)}


# ---------------------------------------------------------------------------------------------------
# Cassettes.

def interaction(operation, query, body, expect, status=200, headers=None, text=None):
    response = {"status": status, "headers": headers or HEADERS}
    if text is not None:
        response["text"] = text
    else:
        response["json"] = body
    return {"request": {"method": "GET", "path": SERVICE + operation, "query": query}, "response": response,
            "expect": expect}


def cell_query(place):
    """The pattern: the cell, and for a staged place the magic key that asks for it."""
    key = {"busan-city-hall-rain": RAIN_KEY, "gangneung-snow": SNOW_KEY}.get(place.key)
    return ({"serviceKey": key} if key else {}) | {"nx": str(place.nx), "ny": str(place.ny)}


def cassette(notes, interactions, source="synthetic"):
    return {"format": "mockweather-cassette/1", "source": source, "notes": notes, "interactions": interactions}


SHIFT_NOTE = (" No base_time in the pattern: the provider serves this answer for any issuance, its rows' "
              "baseDate/baseTime set to the one requested and fcstDate/fcstTime moved by the difference, nx/ny "
              "set to the requested cell (Cassettes/README.md, KMA).")


def vilage_cassette(place, what):
    rows = vilage_rows(place)
    notes = (f"Village forecast (getVilageFcst) for {place.label}, cell {place.nx}/{place.ny}: {what} A whole "
             f"issuance ({date_text(DAY)} {VILAGE_BASE}, {len(rows)} rows, pageNo 1, numOfRows = totalCount): "
             "hourly from 0600 to 2300 two days later, then 3-hourly from 0000 of the fourth day to 0000 of the "
             "fifth with PCP/SNO as bare numbers (the far-range rows of the 2026 capture), rows by forecast time "
             "then TMP UUU VVV VEC WSD SKY PTY POP WAV PCP REH SNO, TMN after the 0600 SNO and TMX after the "
             "1500 SNO; the 0500 issuance no longer carries that day's TMN (kma-vilage-fcst.md §4)."
             + SHIFT_NOTE + " Written by Scripts/generate-kma-cassettes.py.")
    return cassette(notes, [interaction("getVilageFcst", cell_query(place), envelope(rows),
                                        forecast_expect(rows, True))])


def ultra_forecast_cassette(place, what):
    rows = ultra_forecast_rows(place)
    notes = (f"Ultra-short forecast (getUltraSrtFcst) for {place.label}, cell {place.nx}/{place.ny}: {what} "
             f"The {date_text(DAY)} {ULTRA_FORECAST_BASE} issuance: 10 categories x 6 hours = 60 rows, "
             "category-major (LGT, PTY, RN1, SKY, T1H, REH, UUU, VVV, VEC, WSD; kma-vilage-fcst.md §2.4)."
             + SHIFT_NOTE + " Written by Scripts/generate-kma-cassettes.py.")
    return cassette(notes, [interaction("getUltraSrtFcst", cell_query(place), envelope(rows),
                                        forecast_expect(rows, False))])


def nowcast_cassette(place, what):
    rows = nowcast_rows(place)
    notes = (f"Ultra-short nowcast (getUltraSrtNcst) for {place.label}, cell {place.nx}/{place.ny}: {what} "
             f"The {date_text(DAY)} {NOWCAST_BASE} observation: the 8 categories alphabetically, RN1 a plain "
             "number (kma-vilage-fcst.md §2.3)." + SHIFT_NOTE + " Written by Scripts/generate-kma-cassettes.py.")
    return cassette(notes, [interaction("getUltraSrtNcst", cell_query(place), envelope(rows), nowcast_expect(rows))])


def reference_nowcast_cassette():
    rows = reference_nowcast_rows()
    notes = ("Ultra-short nowcast (getUltraSrtNcst) for Seoul City Hall's cell 60/127: kma-vilage-fcst.md §2.3 "
             "verbatim (the 2026 apihub capture, base 20261002 0000: 15.2 °C, an October night). Kept as the "
             "evidence of the API's shape, and served only for serviceKey=mock-reference: an October night "
             "beside the route's December day would contradict OpenWeatherMap's Seoul." + SHIFT_NOTE
             + " Written by Scripts/generate-kma-cassettes.py.")
    query = {"serviceKey": REFERENCE_KEY, "nx": "60", "ny": "127"}
    return cassette(notes, [interaction("getUltraSrtNcst", query, envelope(rows), nowcast_expect(rows))],
                    source="documented")


# getFcstVersion: its item fields and the version's format are UNCONFIRMED (kma-vilage-fcst.md §2.5). Our
# choice: one item {"filetype": ftype, "version": yyyyMMddHHmmss}, the version being when that product's
# file was last made (a few minutes after its latest issuance).
VERSIONS = [("ODAM", "20261202060500"), ("VSRT", "20261202054000"), ("SHRT", "20261202050800")]


def version_cassette():
    interactions = []
    for ftype, version in VERSIONS:
        body = {"response": {"header": {"resultCode": "00", "resultMsg": "NORMAL_SERVICE"},
                             "body": {"dataType": "JSON", "items": {"item": [{"filetype": ftype, "version": version}]},
                                      "pageNo": 1, "numOfRows": 1, "totalCount": 1}}}
        interactions.append(interaction("getFcstVersion", {"ftype": ftype}, body, {"version": version}))
    notes = ("getFcstVersion for each product type (ftype ODAM 동네예보실황, VSRT 동네예보초단기, SHRT 동네예보단기). "
             "UNCONFIRMED: the reference (kma-vilage-fcst.md §2.5) reports the item fields as `filetype` and "
             "`version` without a capture and gives no version format; these bodies CHOOSE one item "
             "{filetype, version} with the version written yyyyMMddHHmmss (when the product's file was made). "
             "basedatetime is free in the patterns. Written by Scripts/generate-kma-cassettes.py.")
    return cassette(notes, interactions)


def gateway_xml(auth_message, code):
    # kma-vilage-fcst.md §5.3, byte for byte (tabs and LFs, no XML declaration, no final newline).
    return ("<OpenAPI_ServiceResponse>\n\t<cmmMsgHeader>\n\t\t<errMsg>SERVICE ERROR</errMsg>\n"
            f"\t\t<returnAuthMsg>{auth_message}</returnAuthMsg>\n\t\t<returnReasonCode>{code}</returnReasonCode>\n"
            "\t</cmmMsgHeader>\n</OpenAPI_ServiceResponse>")


KEY_STATES = [
    ("unregistered", "getVilageFcst", "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", "30", "unregisteredKey"),
    ("over-quota", "getUltraSrtFcst", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", "22", "overQuota"),
    ("expired", "getUltraSrtNcst", "DEADLINE_HAS_EXPIRED_ERROR", "31", "expiredKey"),
]


def key_states_cassette():
    interactions = []
    for key, operation, auth, code, kind in KEY_STATES:
        query = {"serviceKey": key, "nx": "60", "ny": "127"}
        interactions.append(interaction(
            operation, query, None,
            {"error": kind, "message": f"SERVICE ERROR; {auth}"},
            headers=XML_HEADERS, text=gateway_xml(auth, code)))
    notes = ("The data.go.kr gateway's classic answers to the magic keys (Cassettes/README.md, KMA): "
             "serviceKey=unregistered -> 30 SERVICE_KEY_IS_NOT_REGISTERED_ERROR, over-quota -> 22 "
             "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR, expired -> 31 DEADLINE_HAS_EXPIRED_ERROR: HTTP 200, "
             "text/xml;charset=UTF-8 whatever dataType says, the body of kma-vilage-fcst.md §5.3 byte for byte "
             "(its code-30 form is a capture; the 22 and 31 forms put their constants in the same place). The "
             "provider's rules answer these keys on every path; these staged copies, one per operation, "
             "document them and drive the contract suite, whose expect `message` is errMsg and returnAuthMsg "
             "joined by '; ' as the client reports them. No `resultCode` in the expect blocks: the engine's cassette decoder refuses any detail next to `error` (the kind names the code). Written by Scripts/generate-kma-cassettes.py.")
    return cassette(notes, interactions)


def service_error(code, message):
    return json.dumps({"response": {"header": {"resultCode": code, "resultMsg": message}}}, ensure_ascii=False,
                      separators=(",", ":"))


def request_errors_cassette():
    interactions = [
        interaction("getVilageFcst", {"nx": None, "ny": "127"}, None,
                    {"error": "missingParameter", "message": "NO_MANDATORY_REQUEST_PARAMETERS_ERROR"},
                    text=service_error("11", "NO_MANDATORY_REQUEST_PARAMETERS_ERROR")),
        interaction("getUltraSrtNcst", {"nx": "0", "ny": "127"}, None,
                    {"error": "applicationError", "message": "APPLICATION_ERROR"},
                    text=service_error("01", "APPLICATION_ERROR")),
    ]
    notes = ("Service-level answers that need no set clock (Cassettes/README.md, KMA; kma-vilage-fcst.md §5): a "
             "village forecast request without nx -> 11 NO_MANDATORY_REQUEST_PARAMETERS_ERROR, a nowcast request "
             "with nx=0 (outside 1...149) -> 01 APPLICATION_ERROR, both HTTP 200 JSON without `body`. The "
             "provider's rules answer them on every path; these staged copies drive the contract suite (whose "
             "client never sends such a request by itself: the suite rewrites nx). The responses to a set clock "
             "(03 NO_DATA, 10 too old) are not staged here. Written by Scripts/generate-kma-cassettes.py.")
    return cassette(notes, interactions)


def files():
    for name, lat, lon, cell in REFERENCE_CELLS:
        if grid_cell(lat, lon) != cell:
            raise SystemExit(f"grid formula gives {grid_cell(lat, lon)} for {name}, the reference says {cell}")
    december = ("a December day (synthetic values, plausible for the place and varying along the route), which "
                f"at {AGREEMENT_HOUR}:00 KST agrees with the place's bundled OpenWeatherMap current weather "
                "(temperature, humidity, wind, sky; no rain).")
    out = {}
    for place in ROUTE:
        out[f"vilage/{place.key}.json"] = vilage_cassette(place, december)
        out[f"ultra-forecast/{place.key}.json"] = ultra_forecast_cassette(place, december)
        out[f"ultra-nowcast/{place.key}.json"] = nowcast_cassette(place, december)
    out["ultra-nowcast/seoul-city-hall-reference.json"] = reference_nowcast_cassette()
    rain = ("the rainy issuance (synthetic), asked for with serviceKey=mock-rain: a winter storm, PTY 1 and 4 (shower) in the village forecast, 1 and 5 "
            "(drizzle) in the ultra-short forecast, PCP/RN1 in their text forms 1mm 미만, 6.2mm, 30.0~50.0mm, "
            "50.0mm 이상 and 강수없음 once it stops.")
    snow = ("the snowy issuance (synthetic), asked for with serviceKey=mock-snow: PTY 3 and 2 (rain and snow) in the village forecast, 3, 7 (snow "
            "flurries), 6 and 2 in the ultra-short forecast, SNO in its text forms 0.5cm 미만, 2.3cm, 5.0cm 이상 and "
            "적설없음 once it stops, PCP 1mm 미만.")
    for place, what in ((RAIN, rain), (SNOW, snow)):
        out[f"vilage/{place.key}.json"] = vilage_cassette(place, what)
        out[f"ultra-forecast/{place.key}.json"] = ultra_forecast_cassette(place, what)
        out[f"ultra-nowcast/{place.key}.json"] = nowcast_cassette(place, what)
    out["vilage/yellow-sea.json"] = vilage_cassette(
        SEA, f"a sea cell: TMP, TMN, TMX, POP, PCP, SNO and REH are the API's missing value ({MISSING}; the guide "
             "says +900 or more and -900 or less are Missing, and over the sea the village forecast masks these), "
             "WAV carries the wave height.")
    out["version/forecast-versions.json"] = version_cassette()
    out["errors/key-states.json"] = key_states_cassette()
    out["errors/request-errors.json"] = request_errors_cassette()
    for name in NOT_OURS:
        out.pop(name, None)
    return out


# ---------------------------------------------------------------------------------------------------
# Rendering: two-space indentation like the other bundled cassettes, but one row per line (a village
# issuance is ~900 rows; one field per line would make the set several times larger to load).

def render(value, indent=0):
    pad = "  " * indent
    inner = "  " * (indent + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {render(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(isinstance(v, dict) and "category" in v for v in value):
            rows = [inner + json.dumps(v, ensure_ascii=False, separators=(", ", ": ")) for v in value]
        else:
            rows = [inner + render(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(rows) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


def main():
    check = "--check" in sys.argv[1:]
    differing = []
    for name, value in sorted(files().items()):
        path = os.path.join(BUNDLED, name)
        text = render(value) + "\n"
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == text:
            continue
        differing.append(name)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if check and differing:
        print("Cassettes/kma differs from Scripts/generate-kma-cassettes.py: " + ", ".join(differing))
        return 1
    if not check:
        print(f"wrote {len(differing)} file(s) under Cassettes/kma")
    return 0


if __name__ == "__main__":
    sys.exit(main())
