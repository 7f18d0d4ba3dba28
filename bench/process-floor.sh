#!/usr/bin/env bash
# What starting one task's processes costs on this machine, without Gantry: the floor under
# `bench/runtime.sh chain`. Prints p50 in ms of: starting bash; starting bash through setsid and
# setpriv as the task account (the local executor's chain); joining a fresh memory cgroup (v1 or
# v2, as root), which the local executor does for every task to enforce memoryMB.
# Usage: bench/process-floor.sh [rounds]
set -euo pipefail
rounds=${1:-50}
account=${GANTRY_TASK_ACCOUNT:-gantry-task}

p50() { sort -n | awk '{a[NR]=$1} END {printf "%.2f ms", a[int((NR+1)/2)]}'; }
time_it() {
  local i start
  for ((i = 0; i < rounds; i++)); do
    start=$EPOCHREALTIME
    "$@" >/dev/null
    echo "$(( (${EPOCHREALTIME/./} - ${start/./}) ))" | awk '{print $1 / 1000}'
  done | p50
}

echo "bash -c true:                      $(time_it bash -c true)"
if id "$account" >/dev/null 2>&1 && [[ $EUID -eq 0 ]]; then
  uid=$(id -u "$account") gid=$(id -g "$account")
  echo "setsid + setpriv + bash (as $account): $(time_it setsid setpriv --reuid="$uid" --regid="$gid" --init-groups \
    --no-new-privs --inh-caps=-all --bounding-set=-all -- bash -c true)"
fi
if [[ $EUID -eq 0 ]]; then
  if [[ -d /sys/fs/cgroup/memory ]]; then root=/sys/fs/cgroup/memory; else root=/sys/fs/cgroup; fi
  parent=$root/gantry-floor-$$
  mkdir "$parent"
  trap 'sleep 0.2; rmdir "$parent"/c* "$parent" 2>/dev/null || true' EXIT
  # Tasks start tens of milliseconds apart, so each join is timed after a pause: joins in quick
  # succession are cheaper (the kernel's cgroup lock stays in its fast state for a grace period).
  for ((i = 0; i < rounds; i++)); do
    mkdir "$parent/c$i"
    sleep 0.1
    start=$EPOCHREALTIME
    bash -c "echo \$\$ >$parent/c$i/cgroup.procs"
    echo "$(( (${EPOCHREALTIME/./} - ${start/./}) ))" | awk '{print $1 / 1000}'
  done | p50 | sed 's/^/bash joining a new memory cgroup:  /'
fi
