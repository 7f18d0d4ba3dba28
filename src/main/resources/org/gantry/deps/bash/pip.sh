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
  key=$({ printf 'gantry-pip-v1\n%s\nsite\t%s\n' "$info" "$site"
    printf 'package\t%s\n' "$@" | LC_ALL=C sort
    if [ -n "$req" ]; then printf 'requirements\t'; sha256sum <"$req"; fi; } | sha256sum | cut -c1-24)
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
