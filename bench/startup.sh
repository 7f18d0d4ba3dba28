#!/usr/bin/env bash
# Time from `java` to /actuator/health UP, Gantry's CPU time until then and its resident memory:
# a cold start (new data directory), a restart on the same data directory, and a restart with an
# AppCDS archive of the classes the start loads. `steps` instead prints Spring's startup steps.
# Usage: bench/startup.sh [runs, default 1]   |   bench/startup.sh steps
# GANTRY_JVM: Gantry's JVM options (default: the heap ceiling the README's start command uses).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-1}
# online the first time: a fresh local repository lacks vaadin-dev and the dependency plugin
mvn -B -q test-compile
mvn -B -q dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/startup.classpath
JVM=${GANTRY_JVM:-"-Xms64m -Xmx384m -XX:MaxMetaspaceSize=256m -XX:ReservedCodeCacheSize=96m -Xss512k"}
work=target/bench/startup-$(date +%s)
mkdir -p "$work"
# AppCDS archives classes from jars only (a non-empty directory on the class path disables it)
jar --create --file "$work/gantry-classes.jar" -C target/classes .
CP="$work/gantry-classes.jar:$(cat target/startup.classpath)"

if [[ $mode == steps ]]; then
    mvn -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/startup-test.classpath
    # shellcheck disable=SC2086
    exec java $JVM -cp "target/test-classes:$CP:$(cat target/startup-test.classpath)" \
        -Dgantry.data-dir="$PWD/$work/data" -Dserver.port=0 -Dgantry.terminal.ssh-port=0 -Dgantry.terminal.task-ports= -Dgantry.admin-password=Bench-admin-1 \
        org.gantry.bench.StartupSteps
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])'; }
load() { cut -d' ' -f1 /proc/loadavg; }
ticks=$(getconf CLK_TCK)

# start DATA LOG [extra JVM options]: prints "wall_s cpu_s rss_mb" once health is UP, then stops Gantry
start() {
    local data=$1 log=$2; shift 2
    local port; port=$(free_port)
    local t0; t0=$(date +%s%N)
    # shellcheck disable=SC2086
    java $JVM "$@" -cp "$CP" -Dgantry.data-dir="$PWD/$data" -Dserver.port="$port" -Dgantry.terminal.ssh-port=0 -Dgantry.terminal.task-ports= \
        -Dgantry.admin-password=Bench-admin-1 org.gantry.GantryApplication >"$log" 2>&1 &
    local pid=$!
    until curl -fs -o /dev/null "http://localhost:$port/actuator/health"; do
        kill -0 "$pid" 2>/dev/null || { tail -30 "$log"; exit 1; }
        sleep 0.05
    done
    local t1; t1=$(date +%s%N)
    local cpu; cpu=$(awk -v t="$ticks" '{ print ($14 + $15) / t }' "/proc/$pid/stat")
    local rss; rss=$(awk '/VmRSS/ { print $2 / 1024 }' "/proc/$pid/status")
    kill "$pid"; wait "$pid" || true
    printf '%.2f %.2f %.0f\n' "$(echo "($t1 - $t0) / 1000000000" | bc -l)" "$cpu" "$rss"
}

echo "JVM options: $JVM"
echo "nproc $(nproc); Slurm not involved; times in seconds, RSS in MB after UP"
printf '%-34s %8s %8s %8s %12s\n' run wall_s cpu_s rss_mb load_before
for run in $(seq 1 "$mode"); do
    data=$work/data-$run
    l=$(load); read -r w c r < <(start "$data" "$work/cold-$run.log")
    printf '%-34s %8s %8s %8s %12s\n' "cold (new data directory)" "$w" "$c" "$r" "$l"
    l=$(load); read -r w c r < <(start "$data" "$work/restart-$run.log")
    printf '%-34s %8s %8s %8s %12s\n' "restart" "$w" "$c" "$r" "$l"
    if [[ ! -f $work/gantry.jsa ]]; then
        # the archive: classes loaded until the context is refreshed (Spring Boot's recipe)
        java $JVM -XX:ArchiveClassesAtExit="$work/gantry.jsa" -Dspring.context.exit=onRefresh -cp "$CP" \
            -Dgantry.data-dir="$PWD/$data" -Dserver.port=0 -Dgantry.terminal.ssh-port=0 -Dgantry.terminal.task-ports= \
            org.gantry.GantryApplication >"$work/archive.log" 2>&1 || true
        [[ -f $work/gantry.jsa ]] || { echo "no CDS archive written, see $work/archive.log"; tail -20 "$work/archive.log"; }
    fi
    if [[ -f $work/gantry.jsa ]]; then
        l=$(load); read -r w c r < <(start "$data" "$work/cds-$run.log" -XX:SharedArchiveFile="$work/gantry.jsa")
        printf '%-34s %8s %8s %8s %12s\n' "restart with AppCDS archive" "$w" "$c" "$r" "$l"
    fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg); logs in $work"
