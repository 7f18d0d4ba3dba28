package org.gantry.usage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a job's resolved document shows it doing: the tools its commands call, the images it
 * runs in, the Python versions and frameworks visible in it. Plain text matching on the
 * resolved YAML (commands, deps, prerequisites); what a script hides is not seen.
 */
public record Behaviour(Set<Tool> tools, Set<String> images, Set<String> pythonVersions, Set<String> frameworks) {

    /** Tools a command line may call. */
    public enum Tool {
        GIT("git"), WGET("wget"), CURL("curl"), PIP_INSTALL("pip install"), CONDA("conda"),
        MODULE_LOAD("module load"), HDFS("hdfs"), DEPS_PIP("deps.pip"), STORAGE("storages");

        private final String label;

        Tool(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private static final Pattern GIT = Pattern.compile("(^|[\\s;&|(])git\\s+(clone|pull|fetch|checkout)\\b");
    private static final Pattern WGET = Pattern.compile("(^|[\\s;&|(])wget\\s");
    private static final Pattern CURL = Pattern.compile("(^|[\\s;&|(])curl\\s");
    private static final Pattern PIP_INSTALL = Pattern.compile("(^|[\\s;&|(])(pip3?|python3?(\\.\\d+)?\\s+-m\\s+pip)\\s+install\\b");
    private static final Pattern CONDA = Pattern.compile("(^|[\\s;&|(])(conda|mamba)\\s+(install|create|activate|env)\\b|^\\s*conda\\s*:");
    private static final Pattern MODULE_LOAD = Pattern.compile("(^|[\\s;&|(])module\\s+(load|add)\\s|^\\s*module\\s*:");
    private static final Pattern HDFS = Pattern.compile("(^|[\\s;&|(])(hdfs\\s+dfs|hadoop\\s+fs)\\s");
    private static final Pattern DEPS_PIP = Pattern.compile("^\\s*pip\\s*:", Pattern.MULTILINE);
    private static final Pattern STORAGES = Pattern.compile("^\\s*storages?\\s*:", Pattern.MULTILINE);
    private static final Pattern IMAGE = Pattern.compile("^\\s*(-\\s+)?uri\\s*:\\s*['\"]?([^'\"\\s#]+)", Pattern.MULTILINE);
    private static final Pattern PYTHON = Pattern.compile("python:?(3\\.\\d{1,2})\\b|python(3\\.\\d{1,2})\\b");
    private static final Pattern IMPORT = Pattern.compile("\\b(?:import|from)\\s+(torch|tensorflow|jax|keras|sklearn|"
            + "transformers|numpy|pandas|mxnet|paddle)\\b");

    public Behaviour {
        tools = Collections.unmodifiableSet(tools.isEmpty() ? EnumSet.noneOf(Tool.class) : EnumSet.copyOf(tools));
        images = Collections.unmodifiableSet(new LinkedHashSet<>(images));
        pythonVersions = Collections.unmodifiableSet(new LinkedHashSet<>(pythonVersions));
        frameworks = Collections.unmodifiableSet(new LinkedHashSet<>(frameworks));
    }

    /** Classifies one job's resolved document. */
    public static Behaviour of(String resolvedText) {
        Set<Tool> tools = EnumSet.noneOf(Tool.class);
        for (String line : resolvedText.lines().toList()) {
            String l = line.strip().startsWith("- ") ? line.strip().substring(2) : line.strip();
            if (GIT.matcher(l).find()) {
                tools.add(Tool.GIT);
            }
            if (WGET.matcher(l).find()) {
                tools.add(Tool.WGET);
            }
            if (CURL.matcher(l).find()) {
                tools.add(Tool.CURL);
            }
            if (PIP_INSTALL.matcher(l).find()) {
                tools.add(Tool.PIP_INSTALL);
            }
            if (CONDA.matcher(l).find()) {
                tools.add(Tool.CONDA);
            }
            if (MODULE_LOAD.matcher(l).find()) {
                tools.add(Tool.MODULE_LOAD);
            }
            if (HDFS.matcher(l).find()) {
                tools.add(Tool.HDFS);
            }
        }
        if (DEPS_PIP.matcher(resolvedText).find()) {
            tools.add(Tool.DEPS_PIP);
        }
        if (STORAGES.matcher(resolvedText).find()) {
            tools.add(Tool.STORAGE);
        }
        return new Behaviour(tools, all(IMAGE, resolvedText, 2), pythons(resolvedText), frameworks(resolvedText));
    }

    private static Set<String> all(Pattern pattern, String text, int group) {
        Set<String> found = new LinkedHashSet<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            found.add(m.group(group));
        }
        return found;
    }

    private static Set<String> pythons(String text) {
        Set<String> found = new LinkedHashSet<>();
        Matcher m = PYTHON.matcher(text);
        while (m.find()) {
            found.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return found;
    }

    private static Set<String> frameworks(String text) {
        List<String> found = new ArrayList<>();
        Matcher m = IMPORT.matcher(text);
        while (m.find()) {
            found.add(m.group(1).toLowerCase(Locale.ROOT));
        }
        return new LinkedHashSet<>(found);
    }
}
