#!/usr/bin/env bash
# Time from `java` to /actuator/health UP, Gantry's CPU time until then and its resident memory:
# a cold start (new data directory) and a restart on the same data directory, each without and
# with the AppCDS archive of the classes a start loads (the README's command 1), and the CPU time
# per kind of thread (JIT compilers, GC and VM, main ...).
# Usage: bench/startup.sh [runs, default 1]   the README's start command: the production jar
#        bench/startup.sh dev [runs]          the development class path (target/classes, vaadin-dev)
#        bench/startup.sh steps               Spring's startup steps, development class path
#        bench/startup.sh sessions [N]        heap per signed-in UI session on the job list (default 500);
#          BENCH_HISTOGRAM=true the classes the sessions added, BENCH_ROUTE=<route> another view,
#          BENCH_ROWS=<n> rows fetched, BENCH_TREE=true one session's state nodes and DOM listeners
# GANTRY_JVM: Gantry's JVM options (default: those of the README's start command).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-1}
# online the first time: a fresh local repository lacks vaadin-dev and the dependency plugin
mvn -B -q test-compile
mvn -B -q dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/startup.classpath
JVM=${GANTRY_JVM:-"-Xms64m -Xmx384m -XX:MaxMetaspaceSize=256m -XX:ReservedCodeCacheSize=96m -Xss512k -XX:+UseSerialGC"}
# the README's start command sets it too: glibc keeps at most two malloc arenas instead of 8 per core
export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
work=$PWD/target/bench/startup-$(date +%s)
mkdir -p "$work"

if [[ $mode == steps || $mode == sessions ]]; then
    mvn -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/startup-test.classpath
    main=org.gantry.bench.StartupSteps
    [[ $mode == sessions ]] && { main=org.gantry.bench.UiSessionMemory; JVM="-Xmx2g -Dvaadin.productionMode=${BENCH_PRODUCTION_MODE:-true} -Dbench.histogram=${BENCH_HISTOGRAM:-false} -Dbench.route=${BENCH_ROUTE:-} -Dbench.rows=${BENCH_ROWS:-50} -Dbench.tree=${BENCH_TREE:-false} -Dbench.owners=${BENCH_OWNERS:-false} -Dbench.owners.detail=${BENCH_OWNERS_DETAIL:-}"; [[ ${BENCH_OWNERS:-false} == true ]] \
        && for p in java.lang java.util java.util.concurrent java.util.concurrent.atomic java.util.concurrent.locks java.time java.lang.ref; do JVM+=" --add-opens java.base/$p=ALL-UNNAMED"; done; }
    # shellcheck disable=SC2086
    exec java $JVM -cp "target/test-classes:target/classes:$(cat target/startup-test.classpath)" \
        -Dgantry.data-dir="$work/data" -Dserver.port=0 -Dgantry.terminal.ssh-port=0 -Dgantry.terminal.task-ports= -Dgantry.admin-password=Bench-admin-1 \
        $main "${@:2}"
fi

if [[ $mode == dev ]]; then
    mode=${2:-1}
    # AppCDS archives classes from jars only (a non-empty directory on the class path disables it)
    jar --create --file "$work/gantry-classes.jar" -C target/classes .
    LAUNCH=(-cp "$work/gantry-classes.jar:$(cat target/startup.classpath)" org.gantry.GantryApplication)
    archive=$work/gantry.jsa
    CDS_LAUNCH=(-XX:SharedArchiveFile="$archive" "${LAUNCH[@]}")
    cds_dir=$PWD
    what="development class path"
else
    # the production jar as the README builds it, in a copy of the sources: the production build
    # rewrites target/classes for production mode, which the development class path must not see
    prod=target/bench/production
    mkdir -p "$prod"
    rm -rf "$prod/src/main/java" "$prod/src/main/resources" "$prod/db"
    cp -a pom.xml src frontend db "$prod/"
    [[ -d node_modules && ! -d $prod/node_modules ]] && cp -al node_modules "$prod/node_modules"
    # the build extracts the jar to target/app and writes the archive there (a training start)
    (cd "$prod" && mvn -B -q -Pproduction -DskipTests package)
    cp "$prod/target/gantry.jar" "$work/gantry.jar"
    LAUNCH=(-jar "$work/gantry.jar")
    # the README's command 1, run where the build ran (the archive records the class path as given)
    archive=$prod/target/app/gantry.jsa
    CDS_LAUNCH=(-XX:SharedArchiveFile=target/app/gantry.jsa -jar target/app/gantry.jar)
    cds_dir=$prod
    what="production jar (mvn -Pproduction package): java -jar gantry.jar, and the README's command 1"
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])'; }
load() { cut -d' ' -f1 /proc/loadavg; }
ticks=$(getconf CLK_TCK)

# start DATA LOG LAUNCH [extra JVM options]: prints "wall_s cpu_s rss_mb" once health is UP, then stops Gantry
start() {
    local data=$1 log=$2 launch=$3 dir=$4; shift 4
    local -n how=$launch
    local port; port=$(free_port)
    local t0; t0=$(date +%s%N)
    # shellcheck disable=SC2086
    (cd "$dir" && exec java $JVM "$@" "${how[@]}" --gantry.data-dir="$data" --server.port="$port" --gantry.terminal.ssh-port=0 \
        --gantry.terminal.task-ports= --gantry.admin-password=Bench-admin-1 >"$log" 2>&1) &
    local pid=$!
    until curl -fs -o /dev/null "http://localhost:$port/actuator/health"; do
        kill -0 "$pid" 2>/dev/null || { tail -30 "$log"; exit 1; }
        sleep 0.05
    done
    local t1; t1=$(date +%s%N)
    local cpu; cpu=$(awk -v t="$ticks" '{ print ($14 + $15) / t }' "/proc/$pid/stat")
    local rss; rss=$(awk '/VmRSS/ { print $2 / 1024 }' "/proc/$pid/status")
    threads "$pid" "$cpu" >"$log.threads"
    kill "$pid"; wait "$pid" || true
    printf '%.2f %.2f %.0f\n' "$(echo "($t1 - $t0) / 1000000000" | bc -l)" "$cpu" "$rss"
}

# threads PID CPU: the JVM's CPU seconds so far per kind of thread (from /proc/PID/task/*/stat);
# "ended threads" is what threads that no longer exist used (the process total minus the rest);
# the JVM leaves the launcher's thread, which runs main, named "java"
threads() {
    local pid=$1 total=$2 task
    for task in /proc/"$pid"/task/*; do
        # the name sits in parentheses and may hold spaces: fields count from after the ")"
        local stat; stat=$(cat "$task/stat" 2>/dev/null) || continue
        local name=${stat#*(}; name=${name%)*}
        local rest=${stat##*) }
        printf '%s\t%s\n' "$name" "$(awk -v t="$ticks" '{ print ($12 + $13) / t }' <<<"$rest")"
    done | awk -F'\t' -v total="$total" '
        { kind = $1
          if (kind ~ /^C2 Compiler/) kind = "JIT C2 compiler"
          else if (kind ~ /^C1 Compiler/) kind = "JIT C1 compiler"
          else if (kind == "VM Thread" || kind ~ /^GC Thread|^G1 |^VM Periodic/) kind = "GC and VM (safepoints)"
          else if (kind == "java" || kind == "main") kind = "main (class loading, Spring)"
          else if (kind ~ /^embedded-post/) kind = "embedded PostgreSQL start"
          else if (kind ~ /^http-nio|^Tomcat|^container/) kind = "Tomcat"
          else if (kind ~ /^task-/) kind = "Spring task executor (deferred JPA)"
          else kind = "other"
          cpu[kind] += $2; sum += $2 }
        END { cpu["ended threads"] = total - sum
              for (k in cpu) printf "%-30s %7.2f s\n", k, cpu[k] }' | sort -k1,1
}

echo "$what; JVM options: $JVM; MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX"
echo "nproc $(nproc); Slurm not involved; times in seconds, RSS in MB after UP;"
echo "under each run: the JVM's CPU seconds until UP per kind of thread"
printf '%-40s %8s %8s %8s %12s\n' run wall_s cpu_s rss_mb load_before
# row LABEL NAME DATA LAUNCH DIR: one start, its line and its CPU per kind of thread
row() {
    local label=$1 name=$2 data=$3 launch=$4 dir=$5 l w c r
    l=$(load); read -r w c r < <(start "$data" "$work/$name.log" "$launch" "$dir")
    printf '%-40s %8s %8s %8s %12s\n' "$label" "$w" "$c" "$r" "$l"
    sed 's/^/    /' "$work/$name.log.threads"
}
for run in $(seq 1 "$mode"); do
    row "cold (new data directory)" "cold-$run" "$work/data-$run" LAUNCH "$PWD"
    row "restart" "restart-$run" "$work/data-$run" LAUNCH "$PWD"
    if [[ ! -f $archive && $what == development* ]]; then
        # the archive: classes loaded until Gantry is ready; it then stops as usual and the JVM writes it
        # shellcheck disable=SC2086
        java $JVM -XX:ArchiveClassesAtExit="$archive" -Dgantry.exit-when-ready=true "${LAUNCH[@]}" \
            --gantry.data-dir="$work/data-archive" --server.port=0 --gantry.terminal.ssh-port=0 --gantry.terminal.task-ports= \
            >"$work/archive.log" 2>&1 || true
    fi
    if [[ -f $archive ]]; then
        row "cold with the AppCDS archive" "cds-cold-$run" "$work/data-cds-$run" CDS_LAUNCH "$cds_dir"
        row "restart with the AppCDS archive" "cds-restart-$run" "$work/data-cds-$run" CDS_LAUNCH "$cds_dir"
    else
        echo "no AppCDS archive at $archive (see the build's output or $work/archive.log)"
    fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg); logs in $work"
