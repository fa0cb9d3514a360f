#!/usr/bin/env bash
# Start an sshd of our own on 127.0.0.1 for the ssh terminal backend's tests: its own
# config, host key and port, and a generated client key authorised for the current user.
# Everything lives in $HERMES_SSHD_DIR (default /tmp/hermes-sshd); the tests read
# port, user and key from there. Idempotent: returns at once when it already answers.
set -euo pipefail
dir="${HERMES_SSHD_DIR:-/tmp/hermes-sshd}"
port="${HERMES_SSHD_PORT:-2222}"
user="$(id -un)"
mkdir -p "$dir" /run/sshd
chmod 700 "$dir"
[ -f "$dir/host_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/host_ed25519"
[ -f "$dir/client_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -f "$dir/client_ed25519"
cp "$dir/client_ed25519.pub" "$dir/authorized_keys"
chmod 600 "$dir/authorized_keys"
cat >"$dir/sshd_config" <<CONF
ListenAddress 127.0.0.1
Port $port
HostKey $dir/host_ed25519
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
MaxSessions 100
MaxStartups 100:30:200
AllowUsers $user
CONF
printf 'port=%s\nuser=%s\nkey=%s\n' "$port" "$user" "$dir/client_ed25519" >"$dir/env"
answers() { ssh-keyscan -p "$port" -T 2 127.0.0.1 >/dev/null 2>&1; }
if [ -f "$dir/sshd.pid" ] && kill -0 "$(cat "$dir/sshd.pid")" 2>/dev/null && answers; then exit 0; fi
"$(command -v sshd || echo /usr/sbin/sshd)" -f "$dir/sshd_config" -E "$dir/sshd.log"
for _ in $(seq 1 100); do
  answers && exit 0
  sleep 0.1
done
echo "sshd did not answer on 127.0.0.1:$port; see $dir/sshd.log" >&2
exit 1
