#!/usr/bin/env bash
# Builds the container image with podman and checks it as a CI job would use it: it reports healthy,
# answers Seoul from the bundled cassettes, and serves a mounted cassette directory on another port
# (`serve --port 9000 --cassettes /cassettes`); then stops both containers. Prints the image's size.
#
# No image registry is reachable here, so the base image the Containerfile names
# (docker.io/library/debian:bookworm-slim) is made from a Debian root (debootstrap, minbase) and
# imported under that name when it is missing. podman, runc and debootstrap are installed from Debian
# when missing. podman runs with --runtime runc, host networking and explicit ulimits, which this
# machine needs. Usage: Scripts/container-check.sh [WORK_DIR] (default .build/container).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mkdir -p "${1:-.build/container}" && cd "${1:-.build/container}" && pwd)
image=localhost/mockweather:check
base=docker.io/library/debian:bookworm-slim
podman=(podman --runtime runc)
limits=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

missing=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing ${missing[*]} from Debian"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! "${podman[@]}" image exists "$base"; then
    if [ ! -x "$work/rootfs/bin/bash" ]; then
        echo "making the base image from a Debian root (debootstrap --variant=minbase bookworm)"
        rm -rf "$work/rootfs"
        debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log"
    fi
    # What a slim image leaves out: documentation, manuals, locales, package lists.
    rm -rf "$work/rootfs"/usr/share/{doc,man,info,locale}/* "$work/rootfs"/var/lib/apt/lists/* \
        "$work/rootfs"/var/cache/apt/*.bin
    tar -C "$work/rootfs" -c . | "${podman[@]}" import --change 'CMD ["/bin/bash"]' - "$base" >/dev/null
fi

[ -x .build/container/dist/mockweather ] || Scripts/container-build.sh
"${podman[@]}" build --format docker --network=host "${limits[@]}" -f Containerfile -t "$image" . >"$work/build.log"
size=$("${podman[@]}" image inspect --format '{{.Size}}' "$image")
echo "image $image: $((size / 1024 / 1024)) MiB ($size bytes; base $(( $("${podman[@]}" image inspect --format '{{.Size}}' "$base") / 1024 / 1024 )) MiB)"

# A free port for the bundled server (host networking: the container's port is the host's).
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mounted=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
bundled_name=mockweather-check-$$
mounted_name=mockweather-mounted-$$
cleanup() {
    "${podman[@]}" rm -f -t 5 "$bundled_name" "$mounted_name" >/dev/null 2>>"$work/podman.log" || true
}
trap cleanup EXIT

"${podman[@]}" run -d --name "$bundled_name" --network=host "${limits[@]}" -e MOCKWEATHER_HEALTH_PORT="$port" \
    "$image" serve --host 0.0.0.0 --port "$port" >/dev/null 2>>"$work/podman.log"

# Healthy: the image's own HEALTHCHECK, run as the runtime runs it, until it passes (at most 30 tries).
# podman's periodic health timers need systemd, which this machine has not (it says so in podman.log),
# so the check is run here explicitly; `podman inspect` then reports the state it recorded.
healthy=no
for _ in $(seq 30); do
    if "${podman[@]}" healthcheck run "$bundled_name" >/dev/null 2>&1; then
        healthy=yes
        break
    fi
    sleep 0.5
done
status=$("${podman[@]}" inspect --format '{{.State.Health.Status}}' "$bundled_name" 2>/dev/null || echo unknown)
echo "healthcheck: $healthy (state: $status)"
[ "$healthy" = yes ] || { "${podman[@]}" logs "$bundled_name" >&2; exit 1; }

seoul=$(python3 - "$port" <<'PY'
import json, sys, urllib.request
port = sys.argv[1]
with urllib.request.urlopen(f"http://127.0.0.1:{port}/data/2.5/weather?q=Seoul&appid=container-check", timeout=10) as r:
    body = json.load(r)
    print(r.status, body["name"], body["main"]["temp"])
with urllib.request.urlopen(f"http://127.0.0.1:{port}/__admin/health", timeout=10) as r:
    print("health", r.status, json.dumps(json.load(r))[:160])
PY
)
echo "bundled: GET /data/2.5/weather?q=Seoul -> $seoul"
grep -q '^200 Seoul 270.81' <<<"$seoul" || { echo "expected 200 Seoul 270.81" >&2; exit 1; }

# A mounted directory, read-only, on another port: the image takes serve's flags as WireMock's does.
cassettes="$work/mounted-cassettes"
rm -rf "$cassettes" && mkdir -p "$cassettes"
cat >"$cassettes/busan.json" <<'JSON'
{"format": "mockweather-cassette/1", "source": "synthetic", "notes": "Scripts/container-check.sh's mounted cassette.",
 "interactions": [{"request": {"method": "GET", "path": "/data/2.5/weather", "query": {"q": "Busan"}},
   "response": {"status": 200, "units": "standard", "json": {"name": "Busan", "main": {"temp": 281.5}, "cod": 200}}}]}
JSON
chmod -R a+rX "$cassettes"
"${podman[@]}" run -d --name "$mounted_name" --network=host "${limits[@]}" -v "$cassettes:/cassettes:ro" \
    "$image" serve --host 0.0.0.0 --port "$mounted" --cassettes /cassettes >/dev/null 2>>"$work/podman.log"
busan=""
for _ in $(seq 30); do
    busan=$(python3 - "$mounted" <<'PY' 2>/dev/null
import json, sys, urllib.request
with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/data/2.5/weather?q=Busan&appid=x", timeout=5) as r:
    print(r.status, json.load(r)["name"])
PY
) && break
    sleep 0.5
done
echo "mounted: GET /data/2.5/weather?q=Busan -> ${busan:-no answer}"
[ "$busan" = "200 Busan" ] || { "${podman[@]}" logs "$mounted_name" >&2; exit 1; }

user=$("${podman[@]}" exec "$bundled_name" id -u)
echo "runs as uid $user"
[ "$user" != 0 ] || { echo "the server runs as root" >&2; exit 1; }
"${podman[@]}" stop -t 10 "$bundled_name" "$mounted_name" >/dev/null 2>>"$work/podman.log"
echo "container check passed"
