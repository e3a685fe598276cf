#!/usr/bin/env bash
# `swift build --build-tests` that fails on any warning; extra arguments go to swift build:
#   Scripts/build-without-warnings.sh [--package-path Examples/WeatherApp]
# Not `-Xswiftc -warnings-as-errors`: flags other than `swift test`'s make the `swift test` after it
# build everything a second time (two minutes on a 2-core machine). The warnings are read from the
# build's output, which shows every file's on a fresh clone (what CI runs); on a warm `.build` only
# the files compiled again are shown.
set -euo pipefail
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift build --build-tests "$@" 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then
    echo "the build has warnings (above); none are allowed" >&2
    exit 1
fi
