package org.gantry.diagnostics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The seeded catalogue, {@code patterns.yaml} beside this class: each pattern with the realistic
 * log excerpts it must recognise. The service stores the patterns whose code the database lacks.
 */
final class CatalogueSeed {

    static final String RESOURCE = "patterns.yaml";

    /**
     * A log excerpt a seeded pattern must be the catalogue's answer for.
     *
     * @param log      stderr lines
     * @param platform the runtime's message about the attempt
     */
    record Example(int code, String log, String platform, Optional<Integer> exitCode, Optional<String> step) {

        Evidence evidence() {
            return new Evidence(exitCode, step, List.of(Evidence.Text.of("platform", platform),
                    Evidence.Text.of("stderr", log)));
        }
    }

    record Entry(FailurePattern pattern, List<Example> examples) {
    }

    private CatalogueSeed() {
    }

    static List<Entry> load() {
        try (InputStream in = CatalogueSeed.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            List<Map<String, Object>> raw = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
            List<Entry> entries = new ArrayList<>();
            for (Map<String, Object> m : raw) {
                entries.add(entry(m));
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<FailurePattern> patterns() {
        return load().stream().map(Entry::pattern).toList();
    }

    @SuppressWarnings("unchecked")
    private static Entry entry(Map<String, Object> m) {
        int code = (Integer) m.get("code");
        FailurePattern pattern = new FailurePattern(code, (String) m.get("phrase"),
                Category.valueOf(((String) m.get("category")).toUpperCase(Locale.ROOT)),
                Behavior.valueOf(((String) m.get("behavior")).toUpperCase(Locale.ROOT)),
                (Boolean) m.getOrDefault("failure", true), (String) m.get("reason"), (String) m.get("solution"),
                Optional.ofNullable((String) m.get("link")),
                Set.copyOf((List<Integer>) m.getOrDefault("exitCodes", List.of())),
                m.containsKey("signal") ? OptionalInt.of((Integer) m.get("signal")) : OptionalInt.empty(),
                Optional.ofNullable((String) m.get("step")), (List<String>) m.getOrDefault("keywords", List.of()),
                Optional.ofNullable((String) m.get("regex")), Optional.ofNullable((String) m.get("fix")),
                (Integer) m.get("priority"), true);
        List<Example> examples = new ArrayList<>();
        for (Map<String, Object> e : (List<Map<String, Object>>) m.getOrDefault("examples", List.of())) {
            examples.add(new Example(code, (String) e.getOrDefault("log", ""), (String) e.getOrDefault("platform", ""),
                    Optional.ofNullable((Integer) e.get("exitCode")), Optional.ofNullable((String) e.get("step"))));
        }
        return new Entry(pattern, examples);
    }
}
