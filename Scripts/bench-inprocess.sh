#!/usr/bin/env bash
# The in-process modes (issue 12) beside `mockweather serve`, in one run, release build:
#   Scripts/bench-inprocess.sh
#   - start-up with the bundled cassettes to the first answered request (GET q=Seoul through
#     URLSession): `mockweather serve` spawned until it answers, InProcessMockWeather.start(.bundled)
#     (the first start in a process also reads the bundled set; later ones reuse it), and a
#     MockWeatherReplayer's first request;
#   - the cost of one request, sequential through one URLSession (keep-alive for the two with a
#     socket), each mode taking its turn in every round; beside them the floor of the URLProtocol mode,
#     a protocol answering a fixed 200 with no engine (what URLSession itself costs per request), and
#     issue 26's target: a URLProtocol request at most 1/10 of one to the in-process server.
# Prints every figure, the medians with ratios to `mockweather serve`, and the targets; exits 1 if one
# is missed. `uptime` load is printed before and after, so readers can judge noise.
#
# Environment: BENCH_ROUNDS (7), BENCH_REQUESTS (1000 per round and mode).
set -euo pipefail

cd "$(dirname "$0")/.."
ROUNDS="${BENCH_ROUNDS:-7}"
REQUESTS="${BENCH_REQUESTS:-1000}"

load() { uptime | sed 's/.*load average/load average/'; }

echo "== swift build -c release (inprocess-bench, mockweather)"
swift build -c release --product inprocess-bench 2>&1 | tail -1
swift build -c release --product mockweather 2>&1 | tail -1
BIN="$(swift build -c release --show-bin-path)"

echo "== $ROUNDS rounds; $(load)"
status=0
"$BIN/inprocess-bench" "$BIN/mockweather" "$ROUNDS" "$REQUESTS" || status=$?
echo "== done; $(load)"
echo "(2 cores shared by the server, the client and anything else running: judge by the load averages.)"
exit "$status"
