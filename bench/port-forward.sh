#!/usr/bin/env bash
# Throughput of `ssh -L` into a task: OpenSSH's client through Gantry's SSH gateway next to
# OpenSSH's client through Debian's sshd on a loopback port, the same server in the task
# sending MB per connection, rounds interleaved. Needs root (sshd, setpriv) and openssh-server.
#   bench/port-forward.sh [megabytes=200] [rounds=3]
# BENCH_JAVA_OPTS adds options to the bench's JVM: -Dbench.rows=host,Slurm measures only the rows
# whose names contain one of the comma-separated parts (Debian's sshd, the anchor, always runs).
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q test-compile
mvn -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -Dpty4j.tmpdir=target/pty4j -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    org.gantry.terminal.ssh.ForwardThroughputBench "$@"
