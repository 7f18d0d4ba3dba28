package org.gantry.job.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.gantry.deps.Deps;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads Gantry's {@code deps} section (job level or task role level) into {@link Deps}.
 *
 * <p>env names must be shell identifiers, env values single values; bash, module,
 * callBefore and callAfter are lists of strings; conda takes packages (with channels) or an
 * existing env or an environment file, one of the three; pip takes packages and/or a
 * requirements file. Module names are checked because they are pasted after
 * {@code module load}.
 */
final class DepsReader {

    static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern MODULE_NAME = Pattern.compile("[A-Za-z0-9._+/@:-]+");

    private DepsReader() {
    }

    static Optional<Deps> read(Node node, String path, Node anchor, Diagnostics diagnostics) {
        long errorsBefore = diagnostics.errorCount();
        Optional<MapNode> read = MapNode.read(node, path, anchor, diagnostics);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        MapNode deps = read.get();
        deps.checkFields(Fields.DEPS);
        Map<String, String> env = deps.entry("env").map(e -> env(e, deps.child("env"), diagnostics)).orElse(Map.of());
        List<String> bash = list(deps, "bash", diagnostics);
        List<String> module = list(deps, "module", diagnostics);
        deps.get("module").ifPresent(at -> checkModules(module, deps.child("module"), at, diagnostics));
        Optional<Deps.Conda> conda = deps.entry("conda").flatMap(e -> conda(e, deps.child("conda"), diagnostics));
        Optional<Deps.Pip> pip = deps.entry("pip").flatMap(e -> pip(e, deps.child("pip"), diagnostics));
        List<String> callBefore = list(deps, "callBefore", diagnostics);
        List<String> callAfter = list(deps, "callAfter", diagnostics);
        if (diagnostics.errorCount() > errorsBefore) {
            return Optional.empty();
        }
        return Optional.of(new Deps(env, bash, module, conda, pip, callBefore, callAfter));
    }

    private static Map<String, String> env(MapNode.Entry entry, String path, Diagnostics diagnostics) {
        Map<String, String> env = new LinkedHashMap<>();
        MapNode.read(entry.value(), path, entry.keyNode(), diagnostics).ifPresent(map -> map.entries().values()
                .forEach(variable -> {
                    String name = variable.key();
                    String childPath = map.child(name);
                    if (!ENV_NAME.matcher(name).matches() || name.length() > ProtocolLimits.MAX_NAME_LENGTH) {
                        diagnostics.error("invalid-name", childPath + ": `" + name + "` is not a valid environment"
                                + " variable name (letters, digits and _, not starting with a digit)", childPath,
                                variable.keyNode());
                    } else if (name.startsWith("PAI_") || name.startsWith("GANTRY_")) {
                        diagnostics.warning("reserved-name", childPath + ": `" + name + "` is set by the platform"
                                + " for every task; your value replaces it", childPath, variable.keyNode());
                    }
                    Values.string(variable.value(), childPath, diagnostics).ifPresent(v -> env.put(name, v));
                }));
        return env;
    }

    private static List<String> list(MapNode deps, String key, Diagnostics diagnostics) {
        return deps.get(key).flatMap(n -> Values.strings(n, deps.child(key), false, diagnostics)).orElse(List.of());
    }

    private static void checkModules(List<String> modules, String path, Node at, Diagnostics diagnostics) {
        for (int i = 0; i < modules.size(); i++) {
            if (!MODULE_NAME.matcher(modules.get(i)).matches()) {
                diagnostics.error("invalid-value", path + "[" + i + "]: `" + modules.get(i) + "` is not a module"
                        + " name (like gcc/12 or cuda/12.1)", path + "[" + i + "]", at);
            }
        }
    }

    private static Optional<Deps.Conda> conda(MapNode.Entry entry, String path, Diagnostics diagnostics) {
        return MapNode.read(entry.value(), path, entry.keyNode(), diagnostics).map(conda -> {
            conda.checkFields(Fields.CONDA);
            List<String> channels = list(conda, "channels", diagnostics);
            List<String> packages = list(conda, "packages", diagnostics);
            Optional<String> env = optionalString(conda, "env", diagnostics);
            Optional<String> file = optionalString(conda, "file", diagnostics);
            int ways = (packages.isEmpty() ? 0 : 1) + (env.isPresent() ? 1 : 0) + (file.isPresent() ? 1 : 0);
            if (ways > 1) {
                diagnostics.error("conflicting-fields", path + ": use one of `packages`, `env` (an existing"
                        + " environment) or `file` (an environment file), not several", path, entry.keyNode());
            }
            return new Deps.Conda(channels, packages, env, file);
        });
    }

    private static Optional<Deps.Pip> pip(MapNode.Entry entry, String path, Diagnostics diagnostics) {
        return MapNode.read(entry.value(), path, entry.keyNode(), diagnostics).map(pip -> {
            pip.checkFields(Fields.PIP);
            return new Deps.Pip(list(pip, "packages", diagnostics), optionalString(pip, "requirements", diagnostics));
        });
    }

    /** A string field that may also be absent or written as null. */
    private static Optional<String> optionalString(MapNode map, String key, Diagnostics diagnostics) {
        return map.get(key).filter(n -> !Values.isNull(n))
                .flatMap(n -> Values.string(n, map.child(key), diagnostics))
                .filter(s -> !s.isBlank());
    }
}
