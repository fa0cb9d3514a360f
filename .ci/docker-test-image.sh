#!/usr/bin/env bash
# Build the docker terminal backend's test image (hermes-test-rootfs:latest) with
# `docker import` from a small rootfs made here: busybox-static for the utilities, the
# host's bash with its shared libraries. Nothing is pulled. Idempotent.
set -euo pipefail
image="${HERMES_DOCKER_TEST_IMAGE:-hermes-test-rootfs:latest}"
if docker image inspect "$image" >/dev/null 2>&1; then exit 0; fi
busybox="$(command -v busybox || true)"
if [ -z "$busybox" ]; then
  echo "busybox not found: apt-get install -y busybox-static" >&2
  exit 1
fi
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,tmp,var/tmp,run,root,workspace,etc,proc,sys,dev}
cp "$busybox" "$root/bin/busybox"
for applet in $("$busybox" --list); do
  [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
bash_path="$(command -v bash)"
rm -f "$root/bin/bash"
cp "$bash_path" "$root/bin/bash"
ldd "$bash_path" | grep -o '/[^ ]*' | while read -r lib; do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
printf 'root:x:0:0:root:/root:/bin/bash\n' >"$root/etc/passwd"
printf 'root:x:0:\n' >"$root/etc/group"
chmod 1777 "$root/tmp" "$root/var/tmp"
tar -C "$root" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV HOME=/root' --change 'WORKDIR /root' - "$image" >/dev/null
echo "built $image"
