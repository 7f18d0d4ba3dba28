package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Parameter expansions in a shell word, and the variables a task's shell has without being told. */
final class ShellVariables {

    /**
     * One {@code $NAME} or {@code ${NAME…}} at script offsets {@code start..end}; {@code guarded}
     * when it supplies its own fallback ({@code ${X:-default}}, {@code ${X:=…}}, {@code ${X:?…}},
     * {@code ${X+…}}), so an unset variable is expected.
     */
    record Use(String name, int start, int end, boolean guarded) {
    }

    /** Set for every task by the shell, the platform or common tools. */
    private static final Set<String> WELL_KNOWN = Set.of("HOME", "PATH", "USER", "LOGNAME", "SHELL", "PWD", "OLDPWD",
            "HOSTNAME", "HOST", "LANG", "LANGUAGE", "TERM", "TMPDIR", "TMP", "TEMP", "RANDOM", "SECONDS", "LINENO",
            "BASH", "BASHPID", "IFS", "PPID", "UID", "EUID", "OSTYPE", "MACHTYPE", "HOSTTYPE", "SHLVL", "PS1", "PS4",
            "REPLY", "OPTARG", "OPTIND", "PIPESTATUS", "FUNCNAME", "GROUPS", "DIRSTACK", "COLUMNS", "LINES",
            "EPOCHSECONDS", "EPOCHREALTIME", "SRANDOM", "HISTFILE", "EDITOR", "PAGER", "MAIL", "DISPLAY",
            "PYTHONPATH", "PYTHONHOME", "LD_LIBRARY_PATH", "LIBRARY_PATH", "CPATH", "MANPATH", "PKG_CONFIG_PATH",
            "JAVA_HOME", "VIRTUAL_ENV", "MODULEPATH", "LOADEDMODULES", "http_proxy", "https_proxy", "no_proxy",
            "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "OMP_NUM_THREADS", "MKL_NUM_THREADS");

    private static final List<String> WELL_KNOWN_PREFIXES = List.of("PAI_", "GANTRY_", "SLURM_", "SLURMD_", "CONDA_",
            "CUDA_", "NVIDIA_", "XDG_", "SSH_", "LC_", "BASH_", "OMPI_", "PMI_", "PMIX_", "LMOD_", "_CE_");

    private ShellVariables() {
    }

    static boolean isWellKnown(String name) {
        return WELL_KNOWN.contains(name) || WELL_KNOWN_PREFIXES.stream().anyMatch(name::startsWith);
    }

    /** Expansions in a word written at script offset {@code offset}; single-quoted text has none. */
    static List<Use> uses(String raw, int offset) {
        List<Use> uses = new ArrayList<>();
        boolean doubleQuoted = false;
        int i = 0;
        while (i < raw.length()) {
            char c = raw.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '\'' && !doubleQuoted) {
                int close = raw.indexOf('\'', i + 1);
                i = close < 0 ? raw.length() : close + 1;
            } else if (c == '"') {
                doubleQuoted = !doubleQuoted;
                i++;
            } else if (c == '<' && raw.startsWith("<%", i)) {
                int close = raw.indexOf("%>", i);
                i = close < 0 ? raw.length() : close + 2;
            } else if (c == '$' && i + 1 < raw.length()) {
                i = expansion(raw, i, offset, uses);
            } else {
                i++;
            }
        }
        return uses;
    }

    private static int expansion(String raw, int dollar, int offset, List<Use> uses) {
        char next = raw.charAt(dollar + 1);
        if (next == '{') {
            int nameStart = dollar + 2;
            if (nameStart < raw.length() && (raw.charAt(nameStart) == '#' || raw.charAt(nameStart) == '!')) {
                return nameStart;
            }
            int nameEnd = identifierEnd(raw, nameStart);
            if (nameEnd == nameStart) {
                return nameStart;
            }
            int after = nameEnd < raw.length() && raw.charAt(nameEnd) == ':' ? nameEnd + 1 : nameEnd;
            boolean guarded = after < raw.length() && "-=?+".indexOf(raw.charAt(after)) >= 0;
            int close = raw.indexOf('}', nameEnd);
            int end = close < 0 ? nameEnd : close + 1;
            uses.add(new Use(raw.substring(nameStart, nameEnd), offset + dollar, offset + end, guarded));
            return nameEnd;
        }
        int nameEnd = identifierEnd(raw, dollar + 1);
        if (nameEnd > dollar + 1) {
            uses.add(new Use(raw.substring(dollar + 1, nameEnd), offset + dollar, offset + nameEnd, false));
        }
        return Math.max(nameEnd, dollar + 1);
    }

    private static int identifierEnd(String raw, int start) {
        int i = start;
        if (i < raw.length() && (Character.isLetter(raw.charAt(i)) || raw.charAt(i) == '_')) {
            i++;
            while (i < raw.length() && (Character.isLetterOrDigit(raw.charAt(i)) || raw.charAt(i) == '_')) {
                i++;
            }
        }
        return i;
    }
}
