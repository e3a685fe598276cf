#!/usr/bin/env bash
# HTTPS interception end to end, with the clients apps and scripts really use and only the proxy and the
# CA given to them (no URL edited): curl, Python requests and a Swift URLSession program reach
# https://api.openweathermap.org, https://dapi.kakao.com and https://apis.data.go.kr through
# `mockweather serve` and get the bundled answers; `openssl s_client` shows the certificate Apple's rules
# ask for; a client that does not trust the CA is refused and the log names the fix; record mode through
# a tunnel scrubs the key; and without OpenSSL the mock still serves plain HTTP and says what CONNECT
# misses. Everything runs on 127.0.0.1 with a CA in a temporary folder; nothing reaches the internet.
#
#   Scripts/https-check.sh              builds mockweather (debug), then checks
#   Scripts/https-check.sh --prepared   checks with the binary already built
#
# Needs curl, openssl and python3 with requests (Debian: curl openssl python3-requests). Exit status 0
# when every check passed; each check prints one line.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${1:-}" == --prepared ]] || swift build --product mockweather >/dev/null
bin="$(swift build --show-bin-path)/mockweather"
work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
export MOCKWEATHER_CA_DIR="$work/ca"
failures=0
check() {  # check NAME COMMAND...: prints ok/FAIL NAME
    local name="$1"; shift
    if "$@" >"$work/last.out" 2>&1; then
        echo "ok   $name"
    else
        echo "FAIL $name"; sed 's/^/     /' "$work/last.out" | head -20
        failures=$((failures + 1))
    fi
}
contains() { grep -q -- "$2" <<<"$1" || { echo "expected '$2' in:"; head -c 600 <<<"$1"; echo; return 1; }; }

start_serve() {  # start_serve LOG ARGS...: starts serve on a free port, sets $port
    local log="$1"; shift
    rm -f "$work/port"
    "$bin" serve --port 0 --port-file "$work/port" "$@" >"$log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 300); do [[ -s "$work/port" ]] && break; sleep 0.1; done
    port="$(cat "$work/port")"
}

"$bin" ca export --pem "$work/ca.pem" 2>/dev/null
start_serve "$work/serve.log"
proxy="http://127.0.0.1:$port"
day="$(TZ=Asia/Seoul date -d yesterday +%Y%m%d 2>/dev/null || TZ=Asia/Seoul date -v-1d +%Y%m%d)"
owm='https://api.openweathermap.org/data/2.5/weather?q=Seoul&appid=any'
kakao='https://dapi.kakao.com/v2/local/geo/coord2address.json?x=126.9779&y=37.5663'
kakao_key='Authorization: KakaoAK 00000000000000000000000000000000'
kma="https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=any&dataType=JSON&numOfRows=12&base_date=$day&base_time=2300&nx=60&ny=127"

curl_three() {
    contains "$(curl -sS --fail --proxy "$proxy" --cacert "$work/ca.pem" "$owm")" '"name":"Seoul"'
    contains "$(curl -sS --fail --proxy "$proxy" --cacert "$work/ca.pem" -H "$kakao_key" "$kakao")" '태평로1가'
    contains "$(curl -sS --fail --proxy "$proxy" --cacert "$work/ca.pem" "$kma")" '"resultCode":"00"'
}
check "curl --proxy --cacert reaches the three APIs over HTTPS" curl_three

python_three() {
    HTTPS_PROXY="$proxy" REQUESTS_CA_BUNDLE="$work/ca.pem" OWM="$owm" KAKAO="$kakao" KMA="$kma" python3 - <<'PY'
import os, requests
answers = [
    requests.get(os.environ["OWM"], timeout=30),
    requests.get(os.environ["KAKAO"], headers={"Authorization": "KakaoAK " + "0" * 32}, timeout=30),
    requests.get(os.environ["KMA"], timeout=30),
]
for answer, expected in zip(answers, ['"name":"Seoul"', "태평로1가", '"resultCode":"00"']):
    assert answer.status_code == 200 and expected in answer.text, (answer.url, answer.status_code, answer.text[:300])
PY
}
check "Python requests (HTTPS_PROXY, REQUESTS_CA_BUNDLE) reaches the three APIs" python_three

swift_urlsession() {
    mkdir -p "$work/swift"
    cat >"$work/swift/main.swift" <<'SWIFT'
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// An app's own code, unmodified: the real hosts; only the session's proxy is the mock's.
let arguments = CommandLine.arguments
let configuration = URLSessionConfiguration.ephemeral
configuration.connectionProxyDictionary = [
    "HTTPSEnable": true, "HTTPSProxy": "127.0.0.1", "HTTPSPort": Int(arguments[1])!,
]
let session = URLSession(configuration: configuration)
let semaphore = DispatchSemaphore(value: 0)
var failed = false
for (url, header, expected) in [
    (arguments[2], nil, "\"name\":\"Seoul\""),
    (arguments[3], "KakaoAK " + String(repeating: "0", count: 32), "태평로1가"),
    (arguments[4], nil, "\"resultCode\":\"00\""),
] as [(String, String?, String)] {
    var request = URLRequest(url: URL(string: url)!)
    if let header { request.setValue(header, forHTTPHeaderField: "Authorization") }
    session.dataTask(with: request) { data, response, error in
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let text = data.map { String(decoding: $0, as: UTF8.self) } ?? "\(error.map { "\($0)" } ?? "no answer")"
        if status != 200 || !text.contains(expected) {
            print("\(url): \(status) \(text.prefix(300))")
            failed = true
        }
        semaphore.signal()
    }.resume()
    semaphore.wait()
}
exit(failed ? 1 : 0)
SWIFT
    swiftc -O -o "$work/swift/urlsession" "$work/swift/main.swift" 2>&1 | grep -v warning || true
    # FoundationNetworking on Linux is libcurl: it takes the proxy from https_proxy (the session's
    # dictionary is Darwin's) and trusts only the system's bundle, with no setting of its own. So the
    # program runs in a mount namespace of its own where that bundle is the mock's CA: the system's
    # trust is untouched, as an app's would be by `mockweather ca trust --for linux` on a machine of
    # one's own. (On macOS the CA is trusted in the keychain instead.)
    https_proxy="$proxy" unshare --map-root-user --mount sh -c \
        'mount --bind "$1" /etc/ssl/certs/ca-certificates.crt && shift && exec "$@"' \
        sh "$work/ca.pem" "$work/swift/urlsession" "$port" "$owm" "$kakao" "$kma"
}
check "a Swift URLSession program with a proxy configuration reaches the three APIs" swift_urlsession

journal_https() {
    local journal; journal="$(curl -sS "$proxy/__admin/requests")"
    contains "$journal" '"scheme":"https","host":"api.openweathermap.org"'
    contains "$journal" '"scheme":"https","host":"dapi.kakao.com"'
    contains "$journal" '"scheme":"https","host":"apis.data.go.kr"'
    contains "$(curl -sS "$proxy/__admin/health")" '"tls":{"tunnels":'
}
check "the journal shows the requests as https with their hosts; health counts the tunnels" journal_https

s_client() {
    local out; out="$(openssl s_client -proxy "127.0.0.1:$port" -connect api.openweathermap.org:443 \
        -servername api.openweathermap.org -CAfile "$work/ca.pem" -verify_return_error -showcerts </dev/null 2>&1)"
    contains "$out" 'Verify return code: 0 (ok)'
    contains "$out" 'New, TLSv1.3'
    contains "$out" 'i:O = mockweather, CN = mockweather local CA'
    local leaf; leaf="$(sed -n '/-----BEGIN CERTIFICATE-----/,/-----END CERTIFICATE-----/p;/-----END CERTIFICATE-----/q' <<<"$out")"
    local text; text="$(openssl x509 -noout -text <<<"$leaf")"
    contains "$text" 'DNS:api.openweathermap.org'
    contains "$text" 'TLS Web Server Authentication'
    contains "$text" 'ecdsa-with-SHA256'
    local start end
    start="$(date -d "$(openssl x509 -noout -startdate <<<"$leaf" | cut -d= -f2)" +%s)"
    end="$(date -d "$(openssl x509 -noout -enddate <<<"$leaf" | cut -d= -f2)" +%s)"
    (( (end - start) / 86400 <= 825 )) || { echo "lifetime $(( (end - start) / 86400 )) days"; return 1; }
}
check "openssl s_client: a chain to the mock's CA, the host in subjectAltName, serverAuth, <= 825 days, TLS 1.3" s_client

untrusting() {
    if curl -sS --proxy "$proxy" "$owm" >/dev/null 2>&1; then echo "curl without the CA succeeded"; return 1; fi
    for _ in $(seq 1 50); do grep -q "did not trust the mock's CA" "$work/serve.log" && break; sleep 0.1; done
    contains "$(cat "$work/serve.log")" "the client did not trust the mock's CA: run \`mockweather ca trust\`"
}
check "a client that does not trust the CA is refused, and the log names the fix" untrusting

refused_host() {
    local answer; answer="$(curl -sS --proxy "$proxy" --cacert "$work/ca.pem" https://example.com/ 2>&1 || true)"
    contains "$answer" '403'
}
check "a CONNECT to any other host is refused (403), never tunnelled" refused_host

direct_tls() {
    start_serve "$work/serve-tls.log" --tls
    contains "$(curl -sS --fail --cacert "$work/ca.pem" "https://127.0.0.1:$port/data/2.5/weather?q=Seoul&appid=any")" '"name":"Seoul"'
    contains "$(curl -sS --fail --cacert "$work/ca.pem" "https://localhost:$port/data/2.5/weather?q=Seoul&appid=any")" '"name":"Seoul"'
    contains "$(curl -sS --fail "http://127.0.0.1:$port/data/2.5/weather?q=Seoul&appid=any")" '"name":"Seoul"'
}
check "serve --tls answers HTTPS and plain HTTP on the same port" direct_tls

record_through_tunnel() {
    cat >"$work/upstream.py" <<'PY'
import http.server, json, sys, urllib.parse
class Echo(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        query = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
        body = json.dumps({"coord": {"lon": 129.04, "lat": 35.1}, "name": "Busan", "cod": 200,
                           "echo": "appid=" + query.get("appid", [""])[0]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args): pass
server = http.server.HTTPServer(("127.0.0.1", 0), Echo)
print(server.server_port, flush=True)
server.serve_forever()
PY
    python3 "$work/upstream.py" >"$work/upstream.port" &
    pids+=($!)
    for _ in $(seq 1 100); do [[ -s "$work/upstream.port" ]] && break; sleep 0.1; done
    mkdir -p "$work/recorded-set"
    OPENWEATHERMAP_API_KEY=REAL-KEY-4242abcd start_serve "$work/serve-record.log" --cassettes "$work/recorded-set" \
        --record new --upstream "openweathermap=http://127.0.0.1:$(cat "$work/upstream.port")"
    contains "$(curl -sS --fail --proxy "http://127.0.0.1:$port" --cacert "$work/ca.pem" \
        'https://api.openweathermap.org/data/2.5/weather?q=Busan&appid=CLIENT-KEY-7777')" '"name":"Busan"'
    ls -R "$work/recorded-set" | grep -q '\.json$' || { echo "nothing recorded"; return 1; }
    if grep -rl -e REAL-KEY-4242abcd -e CLIENT-KEY-7777 "$work/recorded-set" "$work/serve-record.log"; then
        echo "a key reached the files above"; return 1
    fi
}
check "record mode through a tunnel records the answer with every key scrubbed" record_through_tunnel

without_openssl() {
    mkdir -p "$work/no-openssl"
    MOCKWEATHER_OPENSSL_DIR="$work/no-openssl" start_serve "$work/serve-plain.log"
    contains "$(curl -sS --fail "http://127.0.0.1:$port/data/2.5/weather?q=Seoul&appid=any")" '"name":"Seoul"'
    contains "$(curl -sS --proxy "http://127.0.0.1:$port" "$owm" 2>&1; curl -sS -i -X CONNECT --request-target api.openweathermap.org:443 "http://127.0.0.1:$port" 2>&1 || true)" 'OpenSSL 3'
}
check "without OpenSSL, serve answers plain HTTP and CONNECT says what is missing" without_openssl

if (( failures > 0 )); then
    echo "https-check: $failures checks failed"
    exit 1
fi
echo "https-check: every check passed"
