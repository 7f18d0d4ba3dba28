gantry_shell_env() {
  local name names functions
  # builtins writing to a file, not $(compgen …): no subshell to fork
  compgen -e >"$gantry_status_dir/shell-env.names" 2>/dev/null || return 0
  mapfile -t names <"$gantry_status_dir/shell-env.names"
  compgen -A function >"$gantry_status_dir/shell-env.names" 2>/dev/null
  mapfile -t functions <"$gantry_status_dir/shell-env.names"
  {
    printf '# The environment of this task before its commands, for shells opened into it.\n'
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
  } >"$gantry_status_dir/shell-env.sh.tmp" 2>/dev/null \
    && mv -f -- "$gantry_status_dir/shell-env.sh.tmp" "$gantry_status_dir/shell-env.sh"
  return 0
}
