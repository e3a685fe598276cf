#!/usr/bin/env python3
"""Writes Cassettes/kma/vilage/seoul-city-hall-reference.json: the village forecast for Seoul 60/127,
issuance 20261001 2300, completed into a whole issuance from the reference's rows (kma-vilage-fcst.md
§2.2). It is the evidence of the API's shape, served only for serviceKey=mock-reference: an October
night beside the route's December day (vilage/seoul-city-hall.json) would contradict OpenWeatherMap's
Seoul.

The first forecast hour (20261002 0000, 12 rows) and that day's TMN (0600, "12.0") and TMX (1500,
"21.0") are verbatim; every other row is completed: hourly 20261002 0000 to 20261005 0000, then
3-hourly to 20261006 0000, TMN/TMX on each day's 0600/1500 after SNO, so totalCount is the capture's
980. Run from the repository root: python3 Scripts/make-kma-documented-cassette.py
"""
import json
from datetime import datetime, timedelta

BASE = datetime(2026, 10, 1, 23, 0)
NX, NY = 60, 127
CATEGORIES = ["TMP", "UUU", "VVV", "VEC", "WSD", "SKY", "PTY", "POP", "WAV", "PCP", "REH", "SNO"]
# (time, temperature) anchors; the hourly TMP is interpolated between them and rounded.
ANCHORS = [
    (datetime(2026, 10, 2, 0), 14), (datetime(2026, 10, 2, 6), 12), (datetime(2026, 10, 2, 15), 21),
    (datetime(2026, 10, 3, 6), 13), (datetime(2026, 10, 3, 15), 22), (datetime(2026, 10, 4, 6), 14),
    (datetime(2026, 10, 4, 15), 23), (datetime(2026, 10, 5, 6), 13), (datetime(2026, 10, 5, 15), 20),
    (datetime(2026, 10, 6, 0), 15),
]
EXTREMES = {2: ("12.0", "21.0"), 3: ("13.0", "22.0"), 4: ("14.0", "23.0"), 5: ("13.0", "20.0")}
# The rain hours use the reference's rain-hour values (base 20261002 0200: PTY 1, POP 60, PCP 1mm 미만).
RAIN = {datetime(2026, 10, 4, hour) for hour in (9, 10, 11)}


def temperature(time):
    for (start, low), (end, high) in zip(ANCHORS, ANCHORS[1:]):
        if start <= time <= end:
            share = (time - start) / (end - start)
            return round(low + (high - low) * share)
    raise ValueError(time)


def values(time, far):
    """The 12 categories of one forecast hour; the first hour is the reference's verbatim row."""
    if time == datetime(2026, 10, 2, 0):
        return dict(zip(CATEGORIES, ["14", "0.8", "-0.8", "318", "1.2", "1", "0", "0", "0", "강수없음", "55", "적설없음"]))
    step = int((time - datetime(2026, 10, 2, 0)).total_seconds() // 3600)
    rain = time in RAIN
    sky = "4" if rain else ("3" if time.day == 4 else "1")
    humidity = 80 if rain else 45 + (step * 7) % 30
    return {
        "TMP": str(temperature(time)),
        "UUU": f"{0.8 - (step % 5) * 0.3:.1f}",
        "VVV": f"{-0.8 + (step % 4) * 0.4:.1f}",
        "VEC": str((318 + step * 9) % 360),
        "WSD": f"{1.2 + (step % 6) * 0.3:.1f}",
        "SKY": sky,
        "PTY": "1" if rain else "0",
        "POP": "60" if rain else ("30" if time.day == 4 else ("20" if far else "0")),
        "WAV": "0",
        # The far (3-hourly) rows write bare numbers, as the capture's day-4/5 rows do.
        "PCP": "1mm 미만" if rain else ("0" if far else "강수없음"),
        "REH": str(humidity),
        "SNO": "0" if far else "적설없음",
    }


def rows():
    times = [datetime(2026, 10, 2, 0) + timedelta(hours=hour) for hour in range(73)]
    times += [datetime(2026, 10, 5, 0) + timedelta(hours=3 * step) for step in range(1, 9)]
    for time in times:
        far = time > datetime(2026, 10, 5, 0)
        items = list(values(time, far).items())
        if time.hour == 6 and time.day in EXTREMES:
            items.append(("TMN", EXTREMES[time.day][0]))
        if time.hour == 15 and time.day in EXTREMES:
            items.append(("TMX", EXTREMES[time.day][1]))
        for category, value in items:
            yield {
                "baseDate": BASE.strftime("%Y%m%d"), "baseTime": BASE.strftime("%H%M"), "category": category,
                "fcstDate": time.strftime("%Y%m%d"), "fcstTime": time.strftime("%H%M"), "fcstValue": value,
                "nx": NX, "ny": NY,
            }


def main():
    items = list(rows())
    hours = len({(row["fcstDate"], row["fcstTime"]) for row in items})
    cassette = {
        "format": "mockweather-cassette/1",
        "source": "documented",
        "notes": (
            "Village forecast (getVilageFcst) for Seoul City Hall's cell 60/127, issuance 20261001 2300, "
            "as kma-vilage-fcst.md §2.2 gives it. Verbatim from the reference: the first forecast hour "
            "(20261002 0000: TMP 14, UUU 0.8, VVV -0.8, VEC 318, WSD 1.2, SKY 1, PTY 0, POP 0, WAV 0, "
            "PCP 강수없음, REH 55, SNO 적설없음), that day's TMN 12.0 (0600) and TMX 21.0 (1500), the "
            "envelope and totalCount 980. Completed (Scripts/make-kma-documented-cassette.py): every other "
            "row, hourly to 20261005 0000 then 3-hourly to 20261006 0000, in the observed order (forecast "
            "time, then TMP UUU VVV VEC WSD SKY PTY POP WAV PCP REH SNO, TMN after the 0600 SNO and TMX "
            "after the 1500 SNO), temperatures interpolated between invented daily extremes, a rain spell "
            "on 20261004 0900-1100 with the reference's rain-hour values (PTY 1, POP 60, PCP 1mm 미만), "
            "bare-number PCP/SNO on the 3-hourly rows as the capture's far rows have. No base_time in the "
            "pattern: any issuance is this answer shifted (docs: Cassettes/README.md, KMA). Served only for "
            "serviceKey=mock-reference, so that the route's December day answers Seoul."
        ),
        "interactions": [
            {
                "request": {
                    "method": "GET",
                    "path": "/1360000/VilageFcstInfoService_2.0/getVilageFcst",
                    "query": {"serviceKey": "mock-reference", "nx": str(NX), "ny": str(NY)},
                },
                "response": {
                    "status": 200,
                    "headers": {"Content-Type": "application/json;charset=UTF-8"},
                    "json": {
                        "response": {
                            "header": {"resultCode": "00", "resultMsg": "NORMAL_SERVICE"},
                            "body": {
                                "dataType": "JSON",
                                "items": {"item": items},
                                "pageNo": 1,
                                "numOfRows": len(items),
                                "totalCount": len(items),
                            },
                        }
                    },
                },
                "expect": {
                    "hours": hours,
                    "celsius": 14,
                    "sky": "clear",
                    "precipitationType": "none",
                    "precipitation": "강수없음",
                    "probability": 0,
                    "minCelsius": 12,
                    "maxCelsius": 21,
                    "count": len(items),
                },
            }
        ],
    }
    assert len(items) == 980, len(items)
    with open("Cassettes/kma/vilage/seoul-city-hall-reference.json", "w", encoding="utf-8") as file:
        json.dump(cassette, file, ensure_ascii=False, indent=2)
        file.write("\n")


if __name__ == "__main__":
    main()
