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
