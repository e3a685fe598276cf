#!/usr/bin/env bash
# The test suite under the sanitizers, as CI runs it:
#   Scripts/sanitize.sh               thread, then address
#   Scripts/sanitize.sh thread        only ThreadSanitizer (what .ci/run runs)
#   Scripts/sanitize.sh address       only AddressSanitizer
# Extra arguments after the sanitizer go to `swift test` (e.g. `--filter RecordModeTests`), except
# two that split the work for .ci/run, which builds early at idle priority and tests at the end:
#   Scripts/sanitize.sh thread --build-only     the sanitized build, no tests
#   Scripts/sanitize.sh thread --built          the tests, with what --build-only left (no build)
#
# Fails on any sanitizer report, in the test process or in the `mockweather` and `replay-location`
# children the tests start: every sanitized process writes its reports to a file under a fresh
# directory (log_path), and a run that leaves a report there fails, even if the test that started
# the process never looked at its exit status or its standard error. halt_on_error stops a process
# at its first report, so nothing runs on in a state the sanitizer already called broken.
#
# Leak checking is off: LeakSanitizer is not part of this check (see
# docs/ARCHITECTURE.md#sanitizers); AddressSanitizer's memory errors are.
#
# No suppressions: the reports this suite used to show were explained and fixed in the code (see
# docs/ARCHITECTURE.md#sanitizers); a new report is a bug until shown otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -gt 0 && "$1" != -* ]]; then
    sanitizers=("$1")
    shift
else
    sanitizers=(thread address)
fi
steps=both
case "${1:-}" in
    --build-only) steps=build; shift ;;
    --built) steps=test; shift ;;
esac

status=0
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
        thread | address) ;;
        *) echo "sanitize.sh: unknown sanitizer '$sanitizer' (thread or address)" >&2; exit 2 ;;
    esac
    reports="$(mktemp -d "${TMPDIR:-/tmp}/sanitize-$sanitizer.XXXXXX")"
    options="halt_on_error=1:log_path=$reports/report"
    # A build directory of its own per sanitizer: sharing .build with the plain build would rebuild
    # everything each time one follows the other.
    scratch=(--scratch-path .build/sanitize-"$sanitizer")
    if [[ "$steps" != test ]]; then
        echo "== swift build --sanitize=$sanitizer"
        swift build "${scratch[@]}" --build-tests --sanitize="$sanitizer"
    fi
    if [[ "$steps" == build ]]; then
        rm -rf "$reports"
        continue
    fi
    echo "== swift test --sanitize=$sanitizer (reports in $reports)"
    set +e
    if [[ "$sanitizer" == thread ]]; then
        TSAN_OPTIONS="$options:second_deadlock_stack=1" swift test "${scratch[@]}" --skip-build --sanitize=thread "$@"
    else
        ASAN_OPTIONS="$options:detect_leaks=0" swift test "${scratch[@]}" --skip-build --sanitize=address "$@"
    fi
    tests=$?
    set -e
    found=$(find "$reports" -type f -name 'report*' | sort)
    if [[ -n "$found" ]]; then
        echo "== $sanitizer sanitizer reports:" >&2
        for file in $found; do
            echo "-- $file" >&2
            cat "$file" >&2
        done
        echo "sanitize.sh: the $sanitizer sanitizer reported problems (above)" >&2
        status=1
    elif [[ $tests -ne 0 ]]; then
        echo "sanitize.sh: swift test --sanitize=$sanitizer failed (exit $tests)" >&2
        status=1
    else
        echo "== $sanitizer sanitizer: no reports, tests passed"
        rm -rf "$reports"
    fi
done
exit $status
