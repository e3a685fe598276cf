#!/usr/bin/env bash
# Builds what the Containerfile copies: a release `mockweather` with the Swift runtime linked in
# (`--static-swift-stdlib`: the image needs no Swift toolchain, only the C library), and the bundled
# cassettes' resource bundle beside it, where the binary looks for them, into .build/container/dist.
# Then `podman build -f Containerfile .` (or docker build) from the repository's root builds the image.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=.build/container/dist
swift build -c release --product mockweather --static-swift-stdlib
# On Linux the executable does not link the resource target (docs/ARCHITECTURE.md#foundation-essentials),
# so its bundle is built by name.
swift build -c release --target BundledCassettes --static-swift-stdlib
bin=$(swift build -c release --product mockweather --static-swift-stdlib --show-bin-path)
rm -rf "$dist"
mkdir -p "$dist"
cp "$bin/mockweather" "$dist/"
cp -R "$bin/mockweather_BundledCassettes.resources" "$dist/"
strip "$dist/mockweather" 2>/dev/null || true
echo "$dist: $(du -sh "$dist" | cut -f1) ($(du -sh "$dist/mockweather" | cut -f1) binary)"
