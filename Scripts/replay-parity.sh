#!/usr/bin/env bash
# Replay parity: does a change leave what the mock answers byte for byte as it was?
#   Scripts/replay-parity.sh BASE [HEAD]
# Builds revision BASE (and HEAD, or the working tree when HEAD is omitted) in worktrees of their own,
# exports BASE's bundled cassettes as HAR with BASE's `mockweather export` (one request per response
# of every interaction), and replays those requests over BASE's bundled cassettes with each build in
# the three modes (mockweather serve, the in-process server, the URLProtocol replayer) through
# Scripts/replay-parity (a consumer package using only the public API). Every answer's status,
# headers (all but Date) and body (length and FNV-1a hash) must be the same; the script prints the
# counts and the first differences, and exits 1 when there is any.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
BASE="${1:?usage: Scripts/replay-parity.sh BASE [HEAD]}"
HEAD="${2:-}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/replay-parity.XXXXXX")"
cleanup() {
    git -C "$ROOT" worktree remove --force "$WORK/base" >/dev/null 2>&1 || true
    [[ -n "$HEAD" ]] && git -C "$ROOT" worktree remove --force "$WORK/head" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

git worktree add --quiet --detach "$WORK/base" "$BASE"
if [[ -n "$HEAD" ]]; then
    git worktree add --quiet --detach "$WORK/head" "$HEAD"
    HEAD_TREE="$WORK/head"
else
    HEAD_TREE="$ROOT"
fi

# $1: the package revision's tree, $2: a name. Builds its mockweather and the parity tool against it.
build() {
    local tree="$1" name="$2" tool="$WORK/tool-$2"
    echo "== building $name ($tree)"
    swift build --package-path "$tree" --scratch-path "$WORK/build-$name" --product mockweather 2>&1 | tail -1
    mkdir -p "$tool/Sources/replay-parity"
    cp "$ROOT/Scripts/replay-parity/Sources/replay-parity/main.swift" "$tool/Sources/replay-parity/"
    cat >"$tool/Package.swift" <<PACKAGE
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "replay-parity",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "mockweather", path: "$tree")],
    targets: [
        .executableTarget(
            name: "replay-parity",
            dependencies: [
                .product(name: "MockWeather", package: "mockweather"),
                .product(name: "MockWeatherURLProtocol", package: "mockweather"),
            ])
    ]
)
PACKAGE
    swift build --package-path "$tool" 2>&1 | tail -1
}

build "$WORK/base" base
build "$HEAD_TREE" head

cp -R "$WORK/base/Cassettes" "$WORK/cassettes"
"$WORK/build-base/debug/mockweather" export --har "$WORK/export.har" --cassettes "$WORK/cassettes" >/dev/null
python3 - "$WORK/export.har" "$WORK/requests.tsv" <<'PY'
import json, sys
entries = json.load(open(sys.argv[1]))["log"]["entries"]
with open(sys.argv[2], "w") as out:
    for entry in entries:
        out.write(entry["request"]["method"] + "\t" + entry["request"]["url"] + "\n")
PY
echo "== $(wc -l <"$WORK/requests.tsv") requests from $BASE's bundled cassettes, each in 3 modes"

"$WORK/tool-base/.build/debug/replay-parity" "$WORK/build-base/debug/mockweather" "$WORK/cassettes" \
    "$WORK/requests.tsv" "$WORK/base.tsv"
"$WORK/tool-head/.build/debug/replay-parity" "$WORK/build-head/debug/mockweather" "$WORK/cassettes" \
    "$WORK/requests.tsv" "$WORK/head.tsv"

python3 - "$WORK/base.tsv" "$WORK/head.tsv" <<'PY'
import sys
base = open(sys.argv[1]).read().splitlines()
head = open(sys.argv[2]).read().splitlines()
differ = [(b, h) for b, h in zip(base, head) if b != h]
modes = {}
for line in base:
    mode = line.split("\t")[0]
    modes[mode] = modes.get(mode, 0) + 1
print("== answers per mode: " + ", ".join(f"{mode} {count}" for mode, count in modes.items()))
if len(base) != len(head):
    print(f"DIFFERENT: {len(base)} answers before, {len(head)} after")
print(f"== identical: {len(base) - len(differ)} of {len(base)} (status, headers but Date, body)")
for line in (base[0], base[len(base) // 2], base[-1]):
    print("  e.g. " + line[:200])
for b, h in differ[:20]:
    print("  before: " + b)
    print("  after:  " + h)
sys.exit(1 if differ or len(base) != len(head) else 0)
PY
