#!/usr/bin/env bash
# OpenPAI's own e2e API suite (from @microsoft/openpai-js-sdk 0.1.5) against Gantry; prints
# the passes and failures. Usage:
#   bench/openpai-e2e.sh                                  start a Gantry of this tree on a fresh database
#   bench/openpai-e2e.sh --url http://host:8080 --user admin --password PW   target a running one
# Environment: OPENPAI_E2E_DIR (scratch dir for the npm install, default target/openpai-e2e).
# A Gantry given with --url must accept the suite's job (4 cpu, 1 gpu): a node that large, or
# gantry.runtime.admission.queue-beyond-capacity=true. Needs node and npm. Quirks of the suite
# and why each failing case fails: docs/decisions/0003-rest-api-v2.md.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

URL="" USER_NAME="admin" PASSWORD=""
while [ $# -gt 0 ]; do
    case "$1" in
        --url) URL="${2%/}"; shift 2 ;;
        --user) USER_NAME="$2"; shift 2 ;;
        --password) PASSWORD="$2"; shift 2 ;;
        *) echo "unknown argument $1 (see the head of $0)" >&2; exit 2 ;;
    esac
done

SCRATCH="${OPENPAI_E2E_DIR:-$ROOT/target/openpai-e2e}"
mkdir -p "$SCRATCH"
LIB="$SCRATCH/node_modules/@microsoft/openpai-js-sdk/lib"
if [ ! -f "$SCRATCH/node_modules/.bin/mocha" ] || [ ! -d "$LIB/tests/api_tests/v2" ]; then
    # the suite's own test dependencies, in the major versions it was written for
    npm install --no-audit --no-fund --prefix "$SCRATCH" @microsoft/openpai-js-sdk@0.1.5 \
        mocha@8 chai@4 dirty-chai@2 ajv@6 nock@12 >"$SCRATCH/npm-install.log" 2>&1 \
        || { tail -20 "$SCRATCH/npm-install.log" >&2; exit 1; }
fi

GANTRY_PID="" RUN=""
cleanup() {
    if [ -n "$GANTRY_PID" ]; then
        kill "$GANTRY_PID" 2>/dev/null || true
        wait "$GANTRY_PID" 2>/dev/null || true
    fi
    if [ -n "$RUN" ]; then
        rm -rf -- "$RUN/data"   # the database of this run; its log stays
    fi
}
trap cleanup EXIT

if [ -z "$URL" ]; then
    mvn -q -B compile
    mvn -q -B dependency:build-classpath -Dmdep.outputFile=target/e2e-classpath.txt -Dmdep.includeScope=runtime
    RUN="$(mktemp -d "${TMPDIR:-/tmp}/gantry-e2e.XXXXXX")"
    PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    PASSWORD="e2e-admin-$RANDOM$RANDOM"
    USER_NAME="admin"
    # the suite's job asks for 4 cpu and 1 gpu, more than this machine may have: without queueing
    # for capacity Gantry refuses it at submission and every case that reads that job fails
    java -Xmx768m -XX:TieredStopAtLevel=1 -cp "target/classes:$(cat target/e2e-classpath.txt)" \
        -Dgantry.data-dir="$RUN/data" -Dserver.port="$PORT" -Dgantry.admin-password="$PASSWORD" \
        -Dgantry.runtime.enabled=false -Dvaadin.launch-browser=false \
        -Dgantry.runtime.admission.queue-beyond-capacity=true \
        ${GANTRY_E2E_OPTS:-} org.gantry.GantryApplication >"$RUN/gantry.log" 2>&1 &
    GANTRY_PID=$!
    URL="http://127.0.0.1:$PORT"
    for _ in $(seq 1 480); do
        if curl -fs "$URL/actuator/health/readiness" >/dev/null 2>&1; then break; fi
        if ! kill -0 "$GANTRY_PID" 2>/dev/null; then tail -40 "$RUN/gantry.log" >&2; exit 1; fi
        sleep 0.5
    done
    echo "Gantry on $URL (log $RUN/gantry.log)"
fi

TOKEN=$(curl -fsS -X POST "$URL/api/v2/authn/basic/login" --data-urlencode "username=$USER_NAME" \
    --data-urlencode "password=$PASSWORD" --data-urlencode "expiration=86400" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')

mkdir -p "$LIB/.tests"
python3 - "$LIB/.tests/clusters.json" "$URL" "$USER_NAME" "$PASSWORD" "$TOKEN" <<'EOF'
import json, sys
path, url, user, password, token = sys.argv[1:]
# an explicit http:// URI: the suite's own clients are built with https: true, which only
# adds a scheme where none is given
json.dump([{"alias": "gantry", "rest_server_uri": url + "/rest-server", "username": user,
            "password": password, "token": token, "https": False}], open(path, "w"))
EOF
# the swagger's JobProtocol schema is a reference to the internet: any object stands in for it
sed 's|\$ref: "https://raw.githubusercontent.com/microsoft/openpai-protocol/[^"]*"|type: object|' \
    "$LIB/src/api/v2/swagger.yaml" >"$LIB/.tests/swagger.yaml"
(cd "$LIB" && node tests/common/apiTestCaseGenerator.js -- .tests/swagger.yaml .tests/apiTestCase.json >/dev/null)

REPORT="$SCRATCH/report.json"
set +e
(cd "$LIB" && "$SCRATCH/node_modules/.bin/mocha" -t 20000 --exit --reporter json \
    tests/api_tests/v2/api.v2.spec.js >"$REPORT" 2>"$SCRATCH/mocha.stderr")
set -e
python3 - "$REPORT" <<'EOF'
import json, sys
text = open(sys.argv[1]).read()
report = json.loads(text[text.rindex('{\n  "stats"'):])  # console lines of the suite come first
for failure in report["failures"]:
    message = (failure.get("err") or {}).get("message", "").splitlines()
    print("FAIL  %s: %s" % (failure["fullTitle"], message[0] if message else "?"))
stats = report["stats"]
print("passes: %d  failures: %d  pending: %d  (tests: %d)" % (
    stats["passes"], stats["failures"], stats.get("pending", 0), stats["tests"]))
EOF
