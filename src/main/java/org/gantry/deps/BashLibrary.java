package org.gantry.deps;

/**
 * The bash functions a task script defines before its steps. Only the pieces a task needs are
 * written into its script, so that the script stays readable.
 *
 * <p>Every function here runs with errexit on, but checks what can fail itself so that it can
 * say why in the step's stderr before it returns the failing exit code.
 */
final class BashLibrary {

    private BashLibrary() {
    }

    /**
     * Writes what a shell into the task needs to be in the task's environment: the exported
     * variables and the shell functions (module, conda, the user's) as they stand right before
     * the task step. The terminal sources it into interactive shells and exec commands.
     */
    static final String SHELL_ENV = """
            gantry_shell_env() {
              local name names functions
              # builtins writing to a file, not $(compgen …): no subshell to fork
              compgen -e >"$gantry_status_dir/shell-env.names" 2>/dev/null || return 0
              mapfile -t names <"$gantry_status_dir/shell-env.names"
              compgen -A function >"$gantry_status_dir/shell-env.names" 2>/dev/null
              mapfile -t functions <"$gantry_status_dir/shell-env.names"
              {
                printf '# The environment of this task before its commands, for shells opened into it.\\n'
                for name in "${names[@]}"; do
                  case $name in
                    TERM|COLORTERM|PWD|OLDPWD|SHLVL|_|COLUMNS|LINES|HOME|SHELLOPTS|BASHOPTS|gantry_*) continue ;;
                  esac
                  declare -p "$name" 2>/dev/null
                done
                for name in "${functions[@]}"; do
                  case $name in gantry_*) continue ;; esac
                  declare -f "$name"
                done
              } >"$gantry_status_dir/shell-env.sh.tmp" 2>/dev/null \\
                && mv -f -- "$gantry_status_dir/shell-env.sh.tmp" "$gantry_status_dir/shell-env.sh"
              return 0
            }
            """;

    /** Step framing and the exit trap; see docs/decisions/0004-call-after-semantics.md. */
    static final String FRAMING = """
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
              printf '%s\\trunning\\t\\t%s\\t\\n' "$1" "$gantry_step_start" >>"$gantry_status_dir/steps.tsv"
              printf '::gantry step %s start\\n' "$1"
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
              printf '%s\\t%s\\t%s\\t%s\\t%s\\n' "$gantry_step" "$status" "$rc" "$gantry_step_start" "$gantry_now_ms" >>"$gantry_status_dir/steps.tsv"
              printf '::gantry step %s end exit=%s ms=%s\\n' "$gantry_step" "$rc" "$((gantry_now_ms - gantry_step_start))"
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
                    printf '%s\\tskipped\\t\\t\\t\\n' "$s" >>"$gantry_status_dir/steps.tsv"
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
            """;

    /**
     * Publishing a built env. A venv or conda env writes its absolute path into its scripts,
     * so it cannot be renamed after it is built. Instead it is built in a unique directory
     * that never moves and published by creating the symlink {@code <key> -> <key>.build.X}:
     * creating a symlink is atomic and {@code ln -sT} fails when {@code <key>} exists, so of
     * two tasks that built the same key at once, the loser removes its build and uses the
     * winner's. An interrupted build is never published.
     */
    static final String PUBLISH = """
            # The cache cleanup deletes envs no task used for a while; each use is marked
            # (a builtin redirection: no process to start).
            gantry_mark_used() {
              : >"$1/.gantry-last-used" 2>/dev/null || :
            }
            gantry_publish() {
              # usage: gantry_publish BUILD_DIR PUBLISHED_PATH KIND
              if ln -sT -- "${1##*/}" "$2" 2>/dev/null; then
                echo "gantry: $3: built $2" >&2
              elif [ -L "$2" ] && [ ! -e "$2" ]; then
                # a cache cleanup deleted the env the link pointed to: replace the link atomically
                if ! { ln -sT -- "${1##*/}" "$2.$$" && mv -T -- "$2.$$" "$2"; }; then
                  rm -rf -- "$1"
                  echo "gantry: $3: cannot replace the dangling link $2" >&2
                  return 1
                fi
                echo "gantry: $3: built $2 again (its env had been deleted)" >&2
              else
                rm -rf -- "$1"
                if [ ! -e "$2" ]; then echo "gantry: $3: cannot publish $2" >&2; return 1; fi
                echo "gantry: $3: another task built $2 first; using it" >&2
              fi
              gantry_mark_used "$2"
            }
            """;

    static final String MODULE = """
            # A non-interactive shell has no `module` until an init script defines it.
            gantry_module_init() {
              if declare -F module >/dev/null; then return 0; fi
              local init
              for init in "${LMOD_PKG:+$LMOD_PKG/init/bash}" "${MODULESHOME:+$MODULESHOME/init/bash}" \\
                  /usr/share/lmod/lmod/init/bash /opt/apps/lmod/lmod/init/bash \\
                  /usr/share/modules/init/bash /usr/share/Modules/init/bash \\
                  /etc/profile.d/lmod.sh /etc/profile.d/modules.sh; do
                if [ -n "$init" ] && [ -r "$init" ]; then
                  set +e   # init scripts are not written for errexit
                  . "$init"
                  set -e
                  if declare -F module >/dev/null; then return 0; fi
                fi
              done
              echo "gantry: module: no 'module' command: found no lmod or Tcl environment modules init script" >&2
              return 127
            }
            """;

    static final String CONDA = """
            # conda in a non-login shell: its shell hook, never a bare `conda activate`.
            gantry_conda_hook() {
              if declare -F conda >/dev/null; then return 0; fi
              local exe='' candidate hook
              for candidate in "${CONDA_EXE:-}" "$(type -P conda)" "$HOME/miniforge3/bin/conda" \\
                  "$HOME/miniconda3/bin/conda" "$HOME/anaconda3/bin/conda" /opt/conda/bin/conda; do
                if [ -n "$candidate" ] && [ -x "$candidate" ]; then exe=$candidate; break; fi
              done
              if [ -z "$exe" ]; then
                echo "gantry: conda: no conda found (looked at \\$CONDA_EXE, PATH, ~/miniforge3, ~/miniconda3, ~/anaconda3, /opt/conda)" >&2
                return 127
              fi
              if ! hook=$("$exe" shell.bash hook); then
                echo "gantry: conda: '$exe shell.bash hook' failed" >&2
                return 1
              fi
              set +e   # conda's hook is not written for errexit
              eval "$hook"
              set -e
              if ! declare -F conda >/dev/null; then
                echo "gantry: conda: the shell hook of $exe defined no conda function" >&2
                return 1
              fi
            }
            # Envs are cached in <cache>/conda/<key>. The key hashes the machine, the channels in
            # their order (it is their priority) and the packages sorted (their order is not).
            gantry_conda_packages() {
              # usage: gantry_conda_packages CHANNEL... -- PACKAGE...
              local channels=() args=() key
              while [ "$1" != -- ]; do channels+=("$1"); args+=(-c "$1"); shift; done
              shift
              key=$({ printf 'gantry-conda-v1\\n'; uname -sm; printf 'channel\\t%s\\n' "${channels[@]}"
                printf 'package\\t%s\\n' "$@" | LC_ALL=C sort; } | sha256sum | cut -c1-24)
              gantry_conda_build "$key" create --yes --quiet "${args[@]}" "$@"
            }
            gantry_conda_file() {
              # usage: gantry_conda_file ENVIRONMENT_FILE; the key hashes the file's content
              local key
              if [ ! -r "$1" ]; then echo "gantry: conda: environment file '$1' not found in $PWD" >&2; return 1; fi
              key=$({ printf 'gantry-conda-file-v1\\n'; uname -sm; sha256sum <"$1"; } | sha256sum | cut -c1-24)
              gantry_conda_build "$key" env create --file "$1"
            }
            gantry_conda_build() {
              # usage: gantry_conda_build KEY CONDA_ARGS...; the build prefix is appended
              local key=$1 root=$gantry_cache_dir/conda build rc=0
              shift
              gantry_conda_prefix=$root/$key
              if [ -d "$gantry_conda_prefix" ]; then
                echo "gantry: conda: reusing env $gantry_conda_prefix" >&2
                gantry_mark_used "$gantry_conda_prefix"
                return 0
              fi
              mkdir -p -- "$root"
              build=$(mktemp -d "$root/$key.build.XXXXXX")
              rmdir -- "$build"   # only the unique name is wanted: conda creates the prefix itself
              echo "gantry: conda: building env $gantry_conda_prefix" >&2
              conda "$@" --prefix "$build" || rc=$?
              if [ "$rc" -ne 0 ]; then
                rm -rf -- "$build"
                echo "gantry: conda: could not build env $gantry_conda_prefix (exit $rc)" >&2
                return "$rc"
              fi
              gantry_publish "$build" "$gantry_conda_prefix" conda
            }
            """;

    static final String PIP = """
            # Virtualenvs are cached in <cache>/pip/<key>. The key hashes the interpreter (version,
            # path, machine), whether conda's packages are visible, the packages sorted and the
            # requirements file's content, all read at run time.
            gantry_pip_venv() {
              # usage: gantry_pip_venv REQUIREMENTS_FILE_OR_EMPTY PACKAGE...
              local req=$1 py=$gantry_pip_python site='' info key root build rc=0
              shift
              # Over an active conda env the venv is made from conda's python and sees conda's
              # packages, so that pip only adds what conda lacks; the conda env itself is shared
              # and never installed into.
              if [ -n "${CONDA_PREFIX:-}" ] && [ -x "$CONDA_PREFIX/bin/python" ]; then
                py=$CONDA_PREFIX/bin/python
                site=--system-site-packages
              fi
              if [ -n "$req" ] && [ ! -r "$req" ]; then
                echo "gantry: pip: requirements file '$req' not found in $PWD" >&2
                return 1
              fi
              if ! info=$("$py" -c 'import platform, sys; print(sys.version); print(sys.executable); print(platform.machine())'); then
                echo "gantry: pip: cannot run $py" >&2
                return 127
              fi
              key=$({ printf 'gantry-pip-v1\\n%s\\nsite\\t%s\\n' "$info" "$site"
                printf 'package\\t%s\\n' "$@" | LC_ALL=C sort
                if [ -n "$req" ]; then printf 'requirements\\t'; sha256sum <"$req"; fi; } | sha256sum | cut -c1-24)
              root=$gantry_cache_dir/pip
              gantry_venv=$root/$key
              if [ -e "$gantry_venv/bin/activate" ]; then
                echo "gantry: pip: reusing virtualenv $gantry_venv" >&2
                gantry_mark_used "$gantry_venv"
                return 0
              fi
              mkdir -p -- "$root"
              build=$(mktemp -d "$root/$key.build.XXXXXX")
              chmod -- "$(umask -S)" "$build"   # mktemp makes it private; the env is for all tasks
              echo "gantry: pip: building virtualenv $gantry_venv with $py" >&2
              local install=(install --disable-pip-version-check --no-input "${gantry_pip_args[@]}")
              if [ -n "$req" ]; then install+=(-r "$req"); fi
              { "$py" -m venv $site "$build" && "$build/bin/python" -m pip "${install[@]}" "$@"; } || rc=$?
              if [ "$rc" -ne 0 ]; then
                rm -rf -- "$build"
                echo "gantry: pip: could not build virtualenv $gantry_venv (exit $rc)" >&2
                return "$rc"
              fi
              gantry_publish "$build" "$gantry_venv" pip
            }
            """;
}
