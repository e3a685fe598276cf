#!/usr/bin/env bash
# The package's version is kept in one place, Sources/Basics/Package/MockWeatherVersion.swift; this
# fails when `mockweather --version` or a version the README (or the example's manifest) states
# disagrees with it. Usage: Scripts/check-version.sh [MOCKWEATHER_BINARY] (default .build/debug/mockweather).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/mockweather}
version=$(sed -n 's/.*static let current = "\([^"]*\)".*/\1/p' Sources/Basics/Package/MockWeatherVersion.swift)
[ -n "$version" ] || { echo "no version in Sources/Basics/Package/MockWeatherVersion.swift" >&2; exit 1; }
status=0
printed=$("$binary" --version)
if [ "$printed" != "mockweather $version" ]; then
    echo "$binary --version prints '$printed', expected 'mockweather $version'" >&2
    status=1
fi
# Every `from: "X.Y.Z"` and "Version X.Y.Z" in the README and the example's manifest.
while IFS= read -r found; do
    stated=$(sed -E 's/.*(from: "|Version )([0-9]+\.[0-9]+\.[0-9]+).*/\2/' <<<"${found#*:*:}")
    if [ "$stated" != "$version" ]; then
        echo "${found%%:*}:$(cut -d: -f2 <<<"$found"): states $stated, but the package is $version (MockWeatherVersion.current)" >&2
        status=1
    fi
done < <(grep -nHoE '(from: "|Version )[0-9]+\.[0-9]+\.[0-9]+' README.md Examples/WeatherApp/Package.swift)
grep -q "from: \"$version\"" README.md || { echo "README.md has no dependency line with from: \"$version\"" >&2; status=1; }
[ "$status" = 0 ] && echo "version $version: mockweather --version and README.md agree"
exit "$status"
