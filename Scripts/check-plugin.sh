#!/usr/bin/env bash
# The command plugins (Plugins/) end to end, as a consumer package runs them: `swift package
# mockweather validate|list` and `swift package mockweather-record record|synthesize` in a temporary
# package that depends on this checkout by path, and `mockweather validate|list` in Examples/WeatherApp.
# SwiftPM links no plugin into a test target, so the plugin's rules (which cassette folder, which verb
# runs what, that a key is never printed) are checked here, one case per rule.
#
#   Scripts/check-plugin.sh [--scratch-path DIR] [MOCKWEATHER_BINARY]
#
# --scratch-path: the build folder for the consumers' `swift package` (default: each its own .build);
# .ci/run passes Examples/WeatherApp/.build, where the example's stage has built this package already.
# MOCKWEATHER_BINARY (default .build/debug/mockweather) serves the local upstream the record case uses:
# nothing here reaches the internet. Exit status 0 when every case holds, 1 otherwise, 64 usage.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

scratch=()
binary=.build/debug/mockweather
while [ $# -gt 0 ]; do
    case "$1" in
        --scratch-path) [ $# -ge 2 ] || { echo "check-plugin.sh: '--scratch-path' needs a value (DIR)" >&2; exit 64; }
                        scratch=(--scratch-path "$(cd "$2" 2>/dev/null && pwd || echo "$repo/$2")"); shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "check-plugin.sh: unknown option '$1'" >&2; exit 64 ;;
        *) binary="$1"; shift ;;
    esac
done
[ -x "$binary" ] || { echo "check-plugin.sh: no mockweather binary at $binary (swift build first)" >&2; exit 64; }

work=$(mktemp -d "${TMPDIR:-/tmp}/check-plugin.XXXXXX")
server=""
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

failures=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1" >&2; sed 's/^/    | /' "$work/out" >&2; failures=$((failures + 1)); }

# `swift package` in PACKAGE with the rest of the arguments; output (both streams, as SwiftPM merges a
# plugin's) in $work/out, status in $status. Standard input is not a terminal, as in CI: SwiftPM then
# refuses a permission instead of asking.
run() {
    local package=$1
    shift
    status=0
    swift package --package-path "$package" ${scratch[@]+"${scratch[@]}"} "$@" </dev/null >"$work/out" 2>&1 || status=$?
}
expect_status() { [ "$status" = "$1" ]; }
expect_output() { grep -qF -- "$1" "$work/out"; }

# The planning rules alone (Plugins/MockWeatherCommand/InvocationPlan.swift imports nothing), compiled
# with a table of cases: argument forms the end-to-end cases below do not reach.
cat >"$work/main.swift" <<'SWIFT'
func plan(_ verb: PluginVerb, _ arguments: [String], environment: String? = nil, found: [String] = ["Tests/A/Cassettes"])
    -> InvocationPlan
{
    InvocationPlanning.plan(
        verb: verb, arguments: arguments, environmentCassettes: environment, found: found, searched: "S",
        firstTestTarget: "ATests")
}
func run(_ arguments: [String], _ origin: CassetteDirectoryOrigin?, _ variable: String?) -> InvocationPlan {
    .run(arguments: arguments, origin: origin, cassettesVariable: variable)
}
func refused(_ plan: InvocationPlan) -> Bool { if case .refuse = plan { true } else { false } }
let found = CassetteDirectoryOrigin.found(path: "Tests/A/Cassettes", others: [])
let needing = ["record", "verify", "import", "export", "synthesize"]
let cases: [(String, Bool)] = [
    ("--help passes through", plan(.readOnly, ["record", "--help"]) == run(["record", "--help"], nil, nil)),
    ("no subcommand passes through", plan(.readOnly, []) == run([], nil, nil)),
    ("an unknown subcommand is left to the tool", plan(.readOnly, ["valdate"]) == run(["valdate"], nil, nil)),
    ("validate gets the folder found", plan(.readOnly, ["validate"]) == run(["validate"], found, "Tests/A/Cassettes")),
    ("--max-age's value is not DIR",
     plan(.readOnly, ["validate", "--max-age", "90d"]) == run(["validate", "--max-age", "90d"], found, "Tests/A/Cassettes")),
    ("DIR after an option's value",
     plan(.readOnly, ["validate", "--max-age", "1d", "D"]) == run(["validate", "--max-age", "1d", "D"], .arguments, nil)),
    ("DIR after --", plan(.readOnly, ["list", "--", "-d"]) == run(["list", "--", "-d"], .arguments, nil)),
    ("list --cassettes=D is list D", plan(.readOnly, ["list", "--cassettes=D"]) == run(["list", "D"], .arguments, nil)),
    ("validate --cassettes D --strict is validate --strict D",
     plan(.readOnly, ["validate", "--cassettes", "D", "--strict"]) == run(["validate", "--strict", "D"], .arguments, nil)),
    ("verify --cassettes D as given",
     plan(.recording, ["verify", "--cassettes", "D"]) == run(["verify", "--cassettes", "D"], .arguments, nil)),
    ("verify's --api-key value is not DIR",
     plan(.recording, ["verify", "--api-key", "k"]) == run(["verify", "--api-key", "k"], found, "Tests/A/Cassettes")),
    ("MOCKWEATHER_CASSETTES wins", plan(.readOnly, ["list"], environment: "E") == run(["list"], .environment("E"), nil)),
    ("an empty MOCKWEATHER_CASSETTES is unset",
     plan(.readOnly, ["list"], environment: "") == run(["list"], found, "Tests/A/Cassettes")),
    ("synthesize gets --out",
     plan(.recording, ["synthesize", "--city", "Jeju"])
        == run(["synthesize", "--city", "Jeju", "--out", "Tests/A/Cassettes"], found, nil)),
    ("synthesize --out D as given",
     plan(.recording, ["synthesize", "--out", "D"]) == run(["synthesize", "--out", "D"], .arguments, nil)),
    ("the read-only verb refuses what needs a permission", needing.allSatisfy { refused(plan(.readOnly, [$0])) }),
    ("the record verb runs it", !needing.contains { refused(plan(.recording, [$0])) }),
    ("serve is refused by both verbs", refused(plan(.readOnly, ["serve"])) && refused(plan(.recording, ["serve"]))),
    ("nothing found: refused, naming the first test target's folder",
     plan(.readOnly, ["validate"], found: [])
        == .refuse(
            message: "no cassette directory found: looked for S; create one (Tests/ATests/Cassettes, beside the tests "
                + "that read it with .directory(relativeTo: #filePath, \"Cassettes\")) or name one with --cassettes DIR")),
    ("the announcement names paths only",
     InvocationPlanning.announcement(subcommand: "record", origin: found)
        == "mockweather record: cassettes in Tests/A/Cassettes (the first Tests/**/Cassettes)"),
]
var failed = 0
for (name, holds) in cases {
    print(holds ? "ok: plan: \(name)" : "FAIL: plan: \(name)")
    if !holds { failed += 1 }
}
if failed > 0 { fatalError("\(failed) planning case(s) failed") }
SWIFT
: >"$work/out"
if swiftc -o "$work/plan-check" Plugins/MockWeatherCommand/InvocationPlan.swift "$work/main.swift" >"$work/out" 2>&1 \
    && "$work/plan-check"; then :
else fail "the planning rules (the compiler's or the check's output)"; fi

# A consumer: one library, two test targets, one cassette beside AppTests' tests.
consumer="$work/Consumer"
mkdir -p "$consumer/Sources/App" "$consumer/Tests/AppTests/Cassettes" "$consumer/Tests/OtherTests"
cat >"$consumer/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "mockweather", path: "$repo")],
    targets: [
        .target(name: "App"),
        .testTarget(name: "AppTests", dependencies: ["App"], exclude: ["Cassettes"]),
        .testTarget(name: "OtherTests", dependencies: ["App"]),
    ]
)
EOF
echo 'public let app = "app"' >"$consumer/Sources/App/App.swift"
echo 'import App' >"$consumer/Tests/AppTests/AppTests.swift"
echo 'import App' >"$consumer/Tests/OtherTests/OtherTests.swift"
cp Cassettes/openweathermap/current/seoul.json "$consumer/Tests/AppTests/Cassettes/seoul.json"

run "$consumer" plugin --list
if expect_status 0 && expect_output "‘mockweather’ (plugin ‘MockWeatherCommand’" \
    && expect_output "‘mockweather-record’ (plugin ‘MockWeatherRecordCommand’"; then
    pass "a consumer sees both verbs (swift package plugin --list)"
else fail "swift package plugin --list in a consumer should list mockweather and mockweather-record"; fi

run "$consumer" mockweather validate
if expect_status 0 && expect_output "mockweather validate: cassettes in Tests/AppTests/Cassettes (the first Tests/**/Cassettes)" \
    && expect_output "ok: 1 cassettes"; then
    pass "validate finds Tests/AppTests/Cassettes with no permission asked"
else fail "validate should run on Tests/AppTests/Cassettes and accept its one cassette"; fi

run "$consumer" mockweather list
if expect_status 0 && expect_output "cassettes in Tests/AppTests/Cassettes" && expect_output "/data/2.5/weather"; then
    pass "list prints the consumer's cassettes"
else fail "list should print the cassette of Tests/AppTests/Cassettes"; fi

# A broken cassette named by --cassettes: the tool's status reaches swift package, the problem is named.
mkdir -p "$consumer/Broken"
echo '{"format": "mockweather-cassette/1", "interactions": [' >"$consumer/Broken/broken.json"
run "$consumer" mockweather validate --cassettes Broken
if expect_status 1 && expect_output "broken.json" && expect_output "mockweather validate exited with status 65" \
    && ! expect_output "cassettes in Tests/"; then
    pass "--cassettes is passed through, and a failing validate fails swift package"
else fail "validate --cassettes Broken should report broken.json and fail"; fi
run "$consumer" mockweather validate Broken
if expect_status 1 && expect_output "broken.json"; then
    pass "validate's DIR argument is passed through"
else fail "validate Broken should report broken.json and fail"; fi

status=0
MOCKWEATHER_CASSETTES=Broken swift package --package-path "$consumer" ${scratch[@]+"${scratch[@]}"} mockweather list \
    </dev/null >"$work/out" 2>&1 || status=$?
if expect_status 1 && expect_output "cassettes in Broken (MOCKWEATHER_CASSETTES)" && expect_output "broken.json"; then
    pass "MOCKWEATHER_CASSETTES wins over the search, relative to the package"
else fail "list with MOCKWEATHER_CASSETTES=Broken should read Broken/"; fi
rm -r "$consumer/Broken"

mkdir -p "$consumer/Tests/OtherTests/Cassettes"
cp Cassettes/openweathermap/current/seoul-by-id.json "$consumer/Tests/OtherTests/Cassettes/"
run "$consumer" mockweather validate
if expect_status 0 && expect_output "cassettes in Tests/AppTests/Cassettes" \
    && expect_output "also found Tests/OtherTests/Cassettes: choose with --cassettes DIR"; then
    pass "with two cassette folders, the first is used and the other named"
else fail "validate should use Tests/AppTests/Cassettes and name Tests/OtherTests/Cassettes"; fi
rm -r "$consumer/Tests/OtherTests/Cassettes"

run "$consumer" mockweather record --city Seoul
if expect_status 1 && expect_output "mockweather-record record" && expect_output "--allow-network-connections all:443"; then
    pass "the read-only verb refuses record and names the verb and flags that run it"
else fail "mockweather record should be refused with the mockweather-record line"; fi

run "$consumer" mockweather-record record --city Seoul
if expect_status 1 && expect_output "--allow-network-connections all:443" && ! expect_output "Build of product"; then
    pass "mockweather-record without the flags is refused by SwiftPM before anything runs"
else fail "mockweather-record with no permission flag and no terminal should be refused"; fi

# Record against a local upstream: this checkout's mockweather serving the bundled cassettes.
"$binary" serve --port 0 --port-file "$work/port" --cassettes Cassettes >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "check-plugin.sh: the upstream did not start; its log:" >&2; cat "$work/serve.log" >&2; exit 1; }
secret="check-plugin-key-$RANDOM$RANDOM"
status=0
OPENWEATHERMAP_API_KEY=$secret swift package --package-path "$consumer" ${scratch[@]+"${scratch[@]}"} \
    --allow-network-connections all:443 --allow-writing-to-package-directory \
    mockweather-record record --city Seoul --upstream "http://127.0.0.1:$(cat "$work/port")" </dev/null >"$work/out" 2>&1 || status=$?
recorded=$(find "$consumer/Tests/AppTests/Cassettes/recorded" -name '*.json' 2>/dev/null | head -n 1)
if expect_status 0 && expect_output "mockweather record: cassettes in Tests/AppTests/Cassettes" && [ -n "$recorded" ] \
    && ! grep -rqF -- "$secret" "$work/out" "$consumer/Tests"; then
    pass "mockweather-record record writes into Tests/AppTests/Cassettes/recorded/, the key in no file and no output"
else fail "record should write a cassette under Tests/AppTests/Cassettes/recorded/ without the key"; fi

run "$consumer" mockweather validate
if expect_status 0 && expect_output "ok: 2 cassettes"; then
    pass "validate accepts what record wrote"
else fail "validate should accept the original and the recorded cassette"; fi

run "$consumer" --allow-network-connections all:443 --allow-writing-to-package-directory \
    mockweather-record synthesize --city Jeju --at 2026-01-01T00:00:00Z
if expect_status 0 && [ -n "$(find "$consumer/Tests/AppTests/Cassettes/synthesized" -name '*.json' 2>/dev/null)" ]; then
    pass "synthesize gets --out Tests/AppTests/Cassettes (it reads no MOCKWEATHER_CASSETTES)"
else fail "synthesize should write under Tests/AppTests/Cassettes/synthesized/"; fi

rm -r "$consumer/Tests/AppTests/Cassettes"
run "$consumer" mockweather validate
if expect_status 1 && expect_output "no cassette directory found: looked for Tests/**/Cassettes, then Cassettes/, in $consumer" \
    && expect_output "Tests/AppTests/Cassettes"; then
    pass "with no cassette folder, the error names where it looked and what to create"
else fail "validate with no cassette folder should name where it looked"; fi

# The example app: its own cassettes when it has some; the same clear error when not.
example_cassettes=$(find Examples/WeatherApp/Tests -type d -name Cassettes -not -path '*/.*' | sort | head -n 1)
for subcommand in validate list; do
    run Examples/WeatherApp mockweather "$subcommand"
    if [ -n "$example_cassettes" ]; then
        if expect_status 0 && expect_output "cassettes in ${example_cassettes#Examples/WeatherApp/}"; then
            pass "Examples/WeatherApp: mockweather $subcommand on ${example_cassettes#Examples/WeatherApp/}"
        else fail "Examples/WeatherApp: mockweather $subcommand should run on ${example_cassettes#Examples/WeatherApp/}"; fi
    elif expect_status 1 && expect_output "no cassette directory found"; then
        pass "Examples/WeatherApp has no Tests/**/Cassettes: mockweather $subcommand says where it looked"
    else fail "Examples/WeatherApp: mockweather $subcommand"; fi
done

if [ "$failures" -ne 0 ]; then
    echo "check-plugin.sh: $failures case(s) failed" >&2
    exit 1
fi
echo "check-plugin.sh: every case holds"
