#!/usr/bin/env bash
# Stand-in conda (no conda exists on this machine): the tests install it as `conda` first on
# PATH. It appends each call's arguments to $GANTRY_TEST_CONDA_LOG, one line per call, and
# emulates what a task script asks of conda:
#   shell.bash hook        prints a conda() shell function, dispatching like conda's own hook
#   shell.bash activate X  prints the exports that activate prefix X or named env X
#   create ... --prefix P  makes P an env whose python is the machine's python3
#   env create --file F --prefix P   the same, keeping a copy of F
# A package spec containing "unsolvable" makes create fail the way conda reports it.
set -e
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
printf '%s\n' "$*" >>"$GANTRY_TEST_CONDA_LOG"

make_env() {
  mkdir -p "$1/bin" "$1/conda-meta"
  ln -s "$(python3 -c 'import sys; print(sys.executable)')" "$1/bin/python3"
  ln -s python3 "$1/bin/python"
  printf '%s\n' "$2" >"$1/conda-meta/history"
}

case "$1 $2" in
  "shell.bash hook")
    cat <<HOOK
export CONDA_EXE='$self'
conda() {
  case "\${1:-}" in
    activate|deactivate)
      local script
      script=\$("\$CONDA_EXE" shell.bash "\$@") || return \$?
      eval "\$script"
      ;;
    *) "\$CONDA_EXE" "\$@" ;;
  esac
}
HOOK
    ;;
  "shell.bash activate")
    case "$3" in
      */*) prefix=$3 ;;
      *) prefix=$GANTRY_TEST_CONDA_ENVS/$3 ;;
    esac
    if [ ! -d "$prefix" ]; then
      echo "EnvironmentNameNotFound: Could not find conda environment: $3" >&2
      exit 1
    fi
    printf "export CONDA_PREFIX='%s' CONDA_DEFAULT_ENV='%s' PATH='%s'\n" "$prefix" "$3" "$prefix/bin:$PATH"
    ;;
  "create "* | "env create")
    prefix='' file=''
    while [ $# -gt 0 ]; do
      case "$1" in
        --prefix) prefix=$2; shift ;;
        --file) file=$2; shift ;;
        *unsolvable*) echo "PackagesNotFoundError: The following packages are not available from current channels: $1" >&2; exit 1 ;;
      esac
      shift
    done
    make_env "$prefix" "created by stand-in conda"
    if [ -n "$file" ]; then cp "$file" "$prefix/environment.yml"; fi
    ;;
  *)
    echo "stand-in conda: unexpected call: $*" >&2
    exit 2
    ;;
esac
