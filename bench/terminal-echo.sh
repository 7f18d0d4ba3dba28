#!/usr/bin/env bash
# Keystroke echo latency (p50/p99 over 1,000 keys) and flood throughput with the time Ctrl-C
# takes, through Gantry's SSH gateway and, in the same run, through OpenSSH's client to
# Debian's sshd on a loopback port. Needs root (sshd, setpriv) and openssh-server.
#   bench/terminal-echo.sh [keys]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q test-compile
mvn -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
exec java -Dpty4j.tmpdir=target/pty4j -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    org.gantry.terminal.ssh.TerminalEchoBench "$@"
