#!/usr/bin/env bash
# Storage: REST upload/download throughput next to cp and scp of the same file on loopback,
# and the first page of a 100,000-entry folder over REST (p50/p95/max).
# Usage: bench/storage.sh [size in MiB, default 256] [-Dbench.entries=100000] [-Dbench.requests=200]
set -euo pipefail
cd "$(dirname "$0")/.."
MB=256
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then MB=$1; shift; fi
work=$(mktemp -d /tmp/gantry-storage-bench.XXXXXX)
sshd_pid=
cleanup() { [[ -n $sshd_pid ]] && kill "$sshd_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
head -c $((MB * 1024 * 1024)) /dev/urandom > "$work/file.bin"
echo "file $MB MiB, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

seconds() { local start=$(date +%s.%N); "$@" >/dev/null; echo "$(date +%s.%N) - $start" | bc -l; }
rate() { printf '%8.1f MB/s' "$(echo "$MB / $1" | bc -l)"; }

t=$(seconds cp "$work/file.bin" "$work/cp.bin"); echo "cp            $(rate "$t")"
sync

# Debian's sshd on loopback, root's key only
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/client_key"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat > "$work/sshd_config" <<CONF
Port $port
ListenAddress 127.0.0.1
HostKey $work/host_key
PidFile $work/sshd.pid
AuthorizedKeysFile $work/client_key.pub
StrictModes no
UsePAM no
PasswordAuthentication no
PermitRootLogin prohibit-password
LogLevel ERROR
Subsystem sftp internal-sftp
CONF
mkdir -p /run/sshd
/usr/sbin/sshd -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
sshd_pid=$!
for _ in $(seq 100); do (echo > /dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
scp_opts=(-q -P "$port" -i "$work/client_key" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null)
t=$(seconds scp "${scp_opts[@]}" "$work/file.bin" "root@127.0.0.1:$work/scp-up.bin"); echo "scp upload    $(rate "$t")"
t=$(seconds scp "${scp_opts[@]}" "root@127.0.0.1:$work/scp-up.bin" "$work/scp-down.bin"); echo "scp download  $(rate "$t")"
cmp "$work/file.bin" "$work/scp-down.bin"
rm -f "$work/cp.bin" "$work/scp-up.bin" "$work/scp-down.bin"

set +e
mvn -q -B test -Dtest=StorageBench -Dsurefire.failIfNoSpecifiedTests=false -Dbench.file="$work/file.bin" "$@" \
    | grep -E --line-buffered "^(REST|first page|Created)"
status=${PIPESTATUS[0]}
set -e
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ $status -ne 0 ]]; then
    echo "StorageBench failed (mvn exit $status): see target/surefire-reports/org.gantry.bench.StorageBench.txt" >&2
    exit "$status"
fi
