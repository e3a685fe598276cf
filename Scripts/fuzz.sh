#!/usr/bin/env bash
# Fuzzes one target with the toolchain's libFuzzer (-sanitize=fuzzer,address):
#   Scripts/fuzz.sh --list                 the targets, one a line
#   Scripts/fuzz.sh TARGET [SECONDS]       fuzz TARGET for SECONDS (default 60), then print the figures
# The inputs live in Fuzz/TARGET/: seeds/ (kept in the repo, from the bundled files and the tests'
# malformed inputs) and regressions/ (every input that ever found a bug, replayed by `swift test`).
# libFuzzer's own corpus grows in .build/fuzz-corpus/TARGET, so the repo only holds what a person
# chose. A finding (crash, hang over 10 s, sanitizer report, broken property) is saved under
# .build/fuzz-findings/TARGET/; fix the bug, then copy the input into Fuzz/TARGET/regressions/.
#
# Environment: FUZZ_JOBS_NICE (10; the machine is shared), FUZZ_MAX_LEN (8192 bytes).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
SCRATCH="$ROOT/.build/fuzz"

if [[ "${1:-}" == "--list" ]]; then
    for dir in "$ROOT"/Fuzz/*/; do basename "$dir"; done
    exit 0
fi
if [[ $# -lt 1 || "$1" == -* ]]; then
    echo "usage: Scripts/fuzz.sh --list | TARGET [SECONDS]" >&2
    exit 64
fi
TARGET="$1"
SECONDS_TO_RUN="${2:-60}"
if [[ ! -d "$ROOT/Fuzz/$TARGET/seeds" ]]; then
    echo "fuzz.sh: no target '$TARGET' (Scripts/fuzz.sh --list names them)" >&2
    exit 64
fi

echo "== swift build --sanitize=fuzzer --sanitize=address (mockweather-fuzz, in $SCRATCH)"
# -sanitize-coverage is spelled out: SwiftPM's --sanitize=fuzzer does not reliably instrument the
# library modules for coverage, and libFuzzer is blind without it. Always the same flags, so the
# scratch build is never replanned.
swift build --product mockweather-fuzz --sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    --scratch-path "$SCRATCH" 2>&1 | grep -vE "ld.gold: warning: Cannot export local symbol" | tail -3
BIN="$SCRATCH/debug/mockweather-fuzz"

CORPUS="$ROOT/.build/fuzz-corpus/$TARGET"
FINDINGS="$ROOT/.build/fuzz-findings/$TARGET"
mkdir -p "$CORPUS" "$FINDINGS" "$ROOT/Fuzz/$TARGET/regressions"
LOG="$FINDINGS/fuzz-$(date -u +%Y%m%dT%H%M%SZ).log"

echo "== fuzzing $TARGET for ${SECONDS_TO_RUN}s (log $LOG)"
set +e
# The Swift runtime's backtracer would catch libFuzzer's abort first and trip AddressSanitizer.
MOCKWEATHER_FUZZ_TARGET="$TARGET" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1" \
    nice -n "${FUZZ_JOBS_NICE:-10}" "$BIN" \
    -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 -max_len="${FUZZ_MAX_LEN:-8192}" \
    -print_final_stats=1 -artifact_prefix="$FINDINGS/" \
    "$CORPUS" "$ROOT/Fuzz/$TARGET/seeds" "$ROOT/Fuzz/$TARGET/regressions" >"$LOG" 2>&1
status=$?
set -e

# The figures: executions, coverage and corpus from libFuzzer's last status line and final stats.
last=$(grep -E "^#[0-9]+" "$LOG" | tail -1 || true)
executions=$(grep -E "^stat::number_of_executed_units" "$LOG" | awk '{print $2}' || true)
echo "target:     $TARGET"
echo "executions: ${executions:-?} in ${SECONDS_TO_RUN}s"
echo "last:       ${last:-none}"
echo "corpus:     $(find "$CORPUS" -type f | wc -l) inputs in $CORPUS"
found=$(find "$FINDINGS" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
echo "findings:   $found in $FINDINGS"
if [[ $status -ne 0 ]]; then
    echo "fuzz.sh: libFuzzer stopped on a finding (exit $status); the end of the log:" >&2
    tail -40 "$LOG" >&2
    exit 1
fi
