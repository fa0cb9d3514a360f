#!/usr/bin/env bash
# Start dockerd for the docker terminal backend's tests (no bridge, no iptables: no
# registry is reachable and the test containers run with --network=none), then build
# the local test image. Idempotent: returns at once when the daemon already answers.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! docker version >/dev/null 2>&1; then
  mkdir -p /var/log
  nohup dockerd --iptables=false --ip6tables=false --bridge=none \
    >/var/log/hermes-dockerd.log 2>&1 </dev/null &
  for _ in $(seq 1 150); do
    docker version >/dev/null 2>&1 && break
    sleep 0.2
  done
  if ! docker version >/dev/null 2>&1; then
    echo "dockerd did not answer; see /var/log/hermes-dockerd.log" >&2
    tail -20 /var/log/hermes-dockerd.log >&2 || true
    exit 1
  fi
fi
bash "$here/../docker-test-image.sh"
