#!/usr/bin/env bash
# Browser check of the dashboard at GET /__admin/: headless Chromium against a live mock while
# replay-location drives Seoul to Daegu. See Scripts/dashboard_check.py for what it asserts.
#
#   Scripts/dashboard-check.sh [SCREENSHOT_DIR]     (default .build/dashboard-check)
#
# Installs Chromium from Debian when it is missing (apt-get, as root or through sudo). Needs
# python3 (standard library only). Exit status 0 when every check passed.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/dashboard-check}"

if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    echo "== installing chromium from Debian"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

echo "== swift build (mockweather, replay-location)"
swift build --product mockweather
swift build --product replay-location
bin="$(swift build --show-bin-path)"

echo "== dashboard check"
exec python3 Scripts/dashboard_check.py --bin "$bin" --out "$out"
