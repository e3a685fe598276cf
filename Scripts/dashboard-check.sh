#!/usr/bin/env bash
# Browser check of the dashboard at GET /__admin/: headless Chromium against a live mock while
# replay-location drives Seoul to Daegu, then the map of Korea over a second mock synthesizing the
# typhoon-landfall scenario along Busan to Gangneung. See Scripts/dashboard_check.py for what it asserts.
#
#   Scripts/dashboard-check.sh [SCREENSHOT_DIR]     (default .build/dashboard-check)
#   Scripts/dashboard-check.sh --prepare            installs Chromium and builds, checks nothing
#   Scripts/dashboard-check.sh --prepared [DIR]     checks with what --prepare left, builds nothing
#
# The two halves are for .ci/run, which runs the check beside another SwiftPM build: two `swift
# build`s in one .build wait for each other, so this one's builds come first, in the foreground.
#
# Installs Chromium from Debian when it is missing, and fonts-noto-cjk when no font has Hangul (the
# map names the provinces in Korean) (apt-get, as root or through sudo). Needs
# python3 (standard library only). Exit status 0 when every check passed.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in
    --prepare) mode=prepare; shift ;;
    --prepared) mode=check; shift ;;
esac
out="${1:-.build/dashboard-check}"

missing=()
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then missing+=(chromium); fi
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=ko 2>/dev/null)" ]; then missing+=(fonts-noto-cjk); fi
if [[ "$mode" != check ]] && [ "${#missing[@]}" -gt 0 ]; then
    echo "== installing ${missing[*]} from Debian"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [[ "$mode" != check ]]; then
    echo "== swift build (mockweather, replay-location)"
    swift build --product mockweather
    swift build --product replay-location
fi
[[ "$mode" == prepare ]] && exit 0
# SwiftPM's own link to the debug build: asking `swift build --show-bin-path` would wait for a build.
bin=.build/debug

echo "== dashboard check"
exec python3 Scripts/dashboard_check.py --bin "$bin" --out "$out"
