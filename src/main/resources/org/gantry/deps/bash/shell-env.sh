gantry_shell_env() {
  local name names functions
  # builtins writing to a file, not $(compgen …): no subshell to fork
  compgen -e >"$gantry_status_dir/shell-env.names" 2>/dev/null || return 0
  mapfile -t names <"$gantry_status_dir/shell-env.names"
  compgen -A function >"$gantry_status_dir/shell-env.names" 2>/dev/null
  mapfile -t functions <"$gantry_status_dir/shell-env.names"
  # Written in place, with no temporary file and mv (a process on every task's way to its
  # commands): all of it is one { } group, which bash runs only once it has read the closing
  # brace, so a shell that sources the file while it is written gets nothing of it.
  {
    printf '# The environment of this task before its commands, for shells opened into it.\n{\n'
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
    printf '}\n'
  } >"$gantry_status_dir/shell-env.sh" 2>/dev/null
  return 0
}
