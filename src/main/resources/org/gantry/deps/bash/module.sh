# A non-interactive shell has no `module` until an init script defines it.
gantry_module_init() {
  if declare -F module >/dev/null; then return 0; fi
  local init
  for init in "${LMOD_PKG:+$LMOD_PKG/init/bash}" "${MODULESHOME:+$MODULESHOME/init/bash}" \
      /usr/share/lmod/lmod/init/bash /opt/apps/lmod/lmod/init/bash \
      /usr/share/modules/init/bash /usr/share/Modules/init/bash \
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
