#!/usr/bin/env bash
# Installs the Gantry command line client from the Gantry at @GANTRY_SERVER@, for this user
# only (no root): the jar, a `gantry` launcher on the PATH and bash completion. Running it
# again updates what changed and leaves the rest alone. Usage:
#   curl -fsSL @GANTRY_SERVER@/cli/install.sh | bash
# Where things go (override with these variables):
#   GANTRY_INSTALL_DIR  the jar             (default: ${XDG_DATA_HOME:-$HOME/.local/share}/gantry)
#   GANTRY_BIN_DIR      the gantry launcher (default: $HOME/.local/bin)
#   JAVA_HOME           the Java 17+ to use (default: the java on the PATH)
set -euo pipefail

server='@GANTRY_SERVER@'
data_home="${XDG_DATA_HOME:-$HOME/.local/share}"
install_dir="${GANTRY_INSTALL_DIR:-$data_home/gantry}"
bin_dir="${GANTRY_BIN_DIR:-$HOME/.local/bin}"
completion_dir="$data_home/bash-completion/completions"

say() { printf 'gantry install: %s\n' "$*"; }
fail() { printf 'gantry install: %s\n' "$*" >&2; exit 1; }

# Java 17 or newer: JAVA_HOME's, else the one on the PATH.
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    java="$JAVA_HOME/bin/java"
    launcher_java="$java"
elif command -v java >/dev/null 2>&1; then
    java="$(command -v java)"
    launcher_java=java
else
    fail "no java found: install Java 17 or newer (e.g. sudo apt-get install openjdk-17-jre-headless) and run this again"
fi
version_line="$("$java" -version 2>&1 | head -n 1)"
major="$(printf '%s\n' "$version_line" | sed -n 's/.*version "\([0-9]*\)\.\{0,1\}\([0-9]*\).*/\1 \2/p')"
read -r first second <<<"${major:-0 0}"
[ "$first" = 1 ] && first="$second"    # 1.8 is Java 8
if [ -z "$first" ] || [ "$first" -lt 17 ]; then
    fail "$java is too old ($version_line): the Gantry CLI needs Java 17 or newer; set JAVA_HOME to one and run this again"
fi
say "using Java $first at $java"

# Replaces $2 with $1 when they differ; says which.
place() {
    local new="$1" target="$2" what="$3"
    if [ -f "$target" ] && cmp -s "$new" "$target"; then
        rm -f "$new"
        say "$what $target is up to date"
    else
        local verb=installed
        [ -f "$target" ] && verb=updated
        chmod "$4" "$new"
        mv -f "$new" "$target"
        say "$verb $what $target"
    fi
}

mkdir -p "$install_dir" "$bin_dir" "$completion_dir"
jar="$install_dir/gantry.jar"
download="$(mktemp "$install_dir/.gantry.jar.XXXXXX")"
trap 'rm -f "$download" "$install_dir"/.gantry.jar.?????? "$bin_dir"/.gantry.?????? "$completion_dir"/.gantry.??????' EXIT
if command -v curl >/dev/null 2>&1; then
    curl -fsS --retry 2 -o "$download" "$server/cli/gantry.jar" || fail "could not download $server/cli/gantry.jar (see above)"
elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$download" "$server/cli/gantry.jar" || fail "could not download $server/cli/gantry.jar with wget"
else
    fail "neither curl nor wget is installed: install one of them and run this again"
fi
"$java" -jar "$download" --version >/dev/null 2>&1 \
    || fail "$server/cli/gantry.jar is not a Gantry CLI this Java can run: is $server a Gantry server?"
place "$download" "$jar" "the CLI jar" 644

launcher="$(mktemp "$bin_dir/.gantry.XXXXXX")"
{
    printf '#!/bin/sh\n'
    printf '# The Gantry command line client, installed from %s by its install.sh.\n' "$server"
    printf 'exec %q -jar %q "$@"\n' "$launcher_java" "$jar"
} >"$launcher"
place "$launcher" "$bin_dir/gantry" "the launcher" 755

completion="$(mktemp "$completion_dir/.gantry.XXXXXX")"
"$java" -jar "$jar" generate-completion >"$completion" || fail "could not generate the bash completion script"
place "$completion" "$completion_dir/gantry" "bash completion" 644

case ":$PATH:" in
    *":$bin_dir:"*) say "gantry is on your PATH" ;;
    *) say "$bin_dir is not on your PATH yet: run  echo 'export PATH=\"$bin_dir:\$PATH\"' >> ~/.bashrc  and open a new shell" ;;
esac
say "done. Next, add this cluster (it asks for your password and keeps a token, not the password):"
say "  gantry cluster add --alias ALIAS --uri $server --user YOUR_NAME"
