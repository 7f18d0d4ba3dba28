# conda in a non-login shell: its shell hook, never a bare `conda activate`.
gantry_conda_hook() {
  if declare -F conda >/dev/null; then return 0; fi
  local exe='' candidate hook
  for candidate in "${CONDA_EXE:-}" "$(type -P conda)" "$HOME/miniforge3/bin/conda" \
      "$HOME/miniconda3/bin/conda" "$HOME/anaconda3/bin/conda" /opt/conda/bin/conda; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then exe=$candidate; break; fi
  done
  if [ -z "$exe" ]; then
    echo "gantry: conda: no conda found (looked at \$CONDA_EXE, PATH, ~/miniforge3, ~/miniconda3, ~/anaconda3, /opt/conda)" >&2
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
  key=$({ printf 'gantry-conda-v1\n'; uname -sm; printf 'channel\t%s\n' "${channels[@]}"
    printf 'package\t%s\n' "$@" | LC_ALL=C sort; } | sha256sum | cut -c1-24)
  gantry_conda_build "$key" create --yes --quiet "${args[@]}" "$@"
}
gantry_conda_file() {
  # usage: gantry_conda_file ENVIRONMENT_FILE; the key hashes the file's content
  local key
  if [ ! -r "$1" ]; then echo "gantry: conda: environment file '$1' not found in $PWD" >&2; return 1; fi
  key=$({ printf 'gantry-conda-file-v1\n'; uname -sm; sha256sum <"$1"; } | sha256sum | cut -c1-24)
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
