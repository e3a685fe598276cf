#!/usr/bin/env bash
# The contract suite: the WeatherClient library end to end against `mockweather serve`.
#
#   Scripts/contract.sh                      # starts its own servers on free ports (what `swift test` does)
#   Scripts/contract.sh --server URL         # also runs the cassette cases against a server already running
#   Scripts/contract.sh --junit FILE         # where the JUnit XML goes (default .build/contract-results.xml)
#   Scripts/contract.sh --modes serve        # the cassette cases in some modes: serve,in-process,urlprotocol
#
# Every cassette case runs three times: against `mockweather serve`, the in-process server and the
# URLProtocol mode. Against a running server, the serve cases driven by the expect blocks go to it;
# the cases that need a server of their own (a scenario cassette, a server that is stopped mid-test)
# still start one. Exit status: that of `swift test`; 64 for a bad command line, 69 when --server is
# unreachable.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; }

server=""
junit=".build/contract-results.xml"
while [ $# -gt 0 ]; do
    case "$1" in
        --server) [ $# -ge 2 ] || { echo "contract.sh: option '--server' needs a value (URL)" >&2; exit 64; }
                  server="$2"; shift 2 ;;
        --server=*) server="${1#--server=}"; shift ;;
        --junit) [ $# -ge 2 ] || { echo "contract.sh: option '--junit' needs a value (FILE)" >&2; exit 64; }
                 junit="$2"; shift 2 ;;
        --junit=*) junit="${1#--junit=}"; shift ;;
        --modes) [ $# -ge 2 ] || { echo "contract.sh: option '--modes' needs a value (LIST)" >&2; exit 64; }
                 export MOCKWEATHER_CONTRACT_MODES="$2"; shift 2 ;;
        --modes=*) export MOCKWEATHER_CONTRACT_MODES="${1#--modes=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "contract.sh: unknown option '$1'; see 'Scripts/contract.sh --help'" >&2; exit 64 ;;
    esac
done

if [ -n "$server" ]; then
    case "$server" in
        http://*) ;;
        *) echo "contract.sh: --server must be an http:// URL such as http://127.0.0.1:8080, not '$server'" >&2
           exit 64 ;;
    esac
    server="${server%/}"
    if ! curl -fsS --max-time 5 "$server/__admin/health" >/dev/null; then
        echo "contract.sh: no mockweather server answers at $server/__admin/health" >&2
        exit 69
    fi
    export MOCKWEATHER_SERVER_URL="$server"
    echo "contract.sh: cassette cases run against $server"
fi

mkdir -p "$(dirname "$junit")"
swift build --build-tests
status=0
swift test --skip-build --filter ContractTests --xunit-output "$junit" || status=$?
# Swift Testing writes its results next to the requested name with a -swift-testing suffix.
generated="${junit%.xml}-swift-testing.xml"
if [ -f "$generated" ]; then mv -f "$generated" "$junit"; fi
echo "contract.sh: JUnit XML written to $junit"
exit "$status"
