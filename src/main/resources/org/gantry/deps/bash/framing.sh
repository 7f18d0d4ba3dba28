# Each step appends a "running" line to steps.tsv when it starts and its final line
# when it ends (the last line of a step wins):
#   step<TAB>status<TAB>exitCode<TAB>startMs<TAB>endMs
gantry_now() {
  local us=${EPOCHREALTIME//[!0-9]/}
  if [ -n "$us" ]; then gantry_now_ms=$((us / 1000)); else gantry_now_ms=$(date +%s%3N); fi
}
gantry_open() {
  gantry_step=$1
  gantry_now
  gantry_step_start=$gantry_now_ms
  # Gantry's own record: a disk that filled up must not end the task over it (errexit is on)
  printf '%s\trunning\t\t%s\t\n' "$1" "$gantry_step_start" >>"$gantry_status_dir/steps.tsv" 2>/dev/null || true
  printf '::gantry step %s start\n' "$1"
  gantry_tee_pid=''
  # The task's own stderr is the task log the executor keeps; copying it would double
  # the disk use of chatty jobs, so only the other steps keep a stderr file.
  if [ "$1" != task ]; then
    exec 2> >(exec tee -- "$gantry_status_dir/step-$1.stderr" >&"$gantry_stderr")
    gantry_tee_pid=$!
  fi
}
# Steps run in this shell with errexit on: the first failing command ends the script
# through gantry_finish, while exports, cd and activations of finished steps persist.
gantry_begin() {
  trap gantry_finish EXIT
  set -e
  gantry_open "$1"
}
gantry_end() {
  local rc=$1 status=${2:-ok}
  if [ "$rc" -ne 0 ]; then status=failed; fi
  exec 2>&"$gantry_stderr"
  gantry_wait_tee
  gantry_now
  printf '%s\t%s\t%s\t%s\t%s\n' "$gantry_step" "$status" "$rc" "$gantry_step_start" "$gantry_now_ms" \
    >>"$gantry_status_dir/steps.tsv" 2>/dev/null || true
  printf '::gantry step %s end exit=%s ms=%s\n' "$gantry_step" "$rc" "$((gantry_now_ms - gantry_step_start))"
  gantry_step=''
}
gantry_wait_tee() {
  # tee ends when the step's last writer is gone, but a background process started by
  # the step may hold its stderr for good: wait a bounded time rather than `wait`.
  local tries=0
  while [ -n "$gantry_tee_pid" ] && kill -0 "$gantry_tee_pid" 2>/dev/null && [ "$tries" -lt 400 ]; do
    sleep 0.005
    tries=$((tries + 1))
  done
  gantry_tee_pid=''
}
# Runs on every exit: records how the open step ended, marks the steps that never ran
# as skipped, then runs callAfter, whose own result never changes the exit code.
gantry_finish() {
  local rc=$? failed='' s past=''
  set +e
  trap - EXIT
  if [ -n "$gantry_step" ]; then
    failed=$gantry_step
    if [ "$failed" = task ] && [ "$rc" -eq 0 ]; then
      failed=''
      gantry_end 0
    else
      if [ "$rc" -eq 0 ]; then
        echo "gantry: step $failed ended the script (exit 0) before the task's commands ran" >&2
      fi
      gantry_end "$rc" failed
      if [ "$rc" -eq 0 ]; then rc=1; fi
    fi
  fi
  if [ -n "$failed" ]; then
    for s in "${gantry_steps[@]}"; do
      if [ -n "$past" ] && [ "$s" != callAfter ]; then
        printf '%s\tskipped\t\t\t\n' "$s" >>"$gantry_status_dir/steps.tsv" 2>/dev/null || true
      fi
      if [ "$s" = "$failed" ]; then past=1; fi
    done
  fi
  if declare -F gantry_call_after >/dev/null; then
    export GANTRY_TASK_EXIT_CODE=$rc GANTRY_FAILED_STEP=$failed
    gantry_open callAfter
    # a subshell: errexit works inside it, and nothing runs after callAfter anyway
    ( set -e; gantry_call_after )
    gantry_end $?
  fi
  exit "$rc"
}
