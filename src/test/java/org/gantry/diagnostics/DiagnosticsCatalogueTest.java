package org.gantry.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DiagnosticsCatalogueTest {

    private static final List<CatalogueSeed.Entry> SEED = CatalogueSeed.load();
    private static final FailureCatalogue CATALOGUE = new FailureCatalogue(CatalogueSeed.patterns());

    static Stream<CatalogueSeed.Example> examples() {
        return SEED.stream().flatMap(e -> e.examples().stream());
    }

    @Test
    void the_seed_has_at_least_sixty_valid_patterns_with_unique_codes_and_phrases_each_with_an_example() {
        assertThat(SEED).hasSizeGreaterThanOrEqualTo(60);
        Set<Integer> codes = new HashSet<>();
        Set<String> phrases = new HashSet<>();
        for (CatalogueSeed.Entry entry : SEED) {
            FailurePattern p = entry.pattern();
            assertThat(p.problems()).as(p.phrase()).isEmpty();
            assertThat(codes.add(p.code())).as("code %d is unique", p.code()).isTrue();
            assertThat(phrases.add(p.phrase())).as("phrase %s is unique", p.phrase()).isTrue();
            assertThat(entry.examples()).as(p.phrase() + " has an example").isNotEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void each_example_is_diagnosed_as_its_own_pattern(CatalogueSeed.Example example) {
        Optional<Finding> finding = CATALOGUE.match(example.evidence());
        assertThat(finding).as("a pattern matches %s", example).isPresent();
        assertThat(finding.get().pattern().code()).as("for %s", example).isEqualTo(example.code());
        FailurePattern p = finding.get().pattern();
        if (p.regex().isPresent()) {
            String line = finding.get().line().orElseThrow();
            assertThat(example.log() + "\n" + example.platform()).contains(line.replace("…", ""));
            // the keywords are part of every line the regex matches, or the line was never scanned
            assertThat(p.keywords()).anyMatch(k -> line.toLowerCase().contains(k.toLowerCase()));
        }
        assertThat(finding.get().reason()).doesNotContain("{").doesNotContain(Finding.UNKNOWN);
        assertThat(finding.get().solution()).doesNotContain("{").doesNotContain(Finding.UNKNOWN);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void every_regex_matches_its_example_on_its_own(CatalogueSeed.Example example) {
        FailurePattern p = SEED.stream().map(CatalogueSeed.Entry::pattern).filter(x -> x.code() == example.code())
                .findFirst().orElseThrow();
        p.regex().ifPresent(r -> assertThat((example.log() + "\n" + example.platform()).lines()
                .anyMatch(l -> Pattern.compile(r).matcher(l).find())).as(r).isTrue());
    }

    @Test
    void a_missing_module_names_the_module_and_suggests_deps_pip() {
        Finding f = CATALOGUE.match(new Evidence(Optional.of(1), Optional.empty(), List.of(Evidence.Text.of("stderr",
                "Traceback (most recent call last):\n  File \"t.py\", line 1, in <module>\n"
                        + "ModuleNotFoundError: No module named no_such_module_xyz\n")))).orElseThrow();
        assertThat(f.pattern().phrase()).isEqualTo("PythonModuleNotFound");
        assertThat(f.reason()).contains("no_such_module_xyz");
        assertThat(f.solution()).contains("deps.pip");
        assertThat(f.fix()).contains("deps.pip no_such_module_xyz");
        assertThat(f.line()).contains("ModuleNotFoundError: No module named no_such_module_xyz");
        assertThat(f.source()).contains("stderr");
    }

    @Test
    void brackets_and_parentheses_are_literal_where_the_log_has_them() {
        // Bug: OpenPAI's spec has "[errno 2]" and "(2)" unescaped, a character class and a group
        Evidence unrelated = new Evidence(Optional.of(1), Optional.empty(), List.of(Evidence.Text.of("stderr",
                "FileNotFoundError: e No such file or directory: '/x'\ncurl: 22 The requested URL returned error: 404")));
        assertThat(CATALOGUE.match(unrelated).map(f -> f.pattern().phrase()))
                .isNotEqualTo(Optional.of("InputFileNotFound")).isNotEqualTo(Optional.of("CurlHttpError"));
    }

    @Test
    void a_disabled_pattern_never_matches_and_a_clean_exit_gives_nothing() {
        List<FailurePattern> all = CatalogueSeed.patterns().stream()
                .map(p -> p.phrase().equals("CudaOutOfMemory") ? disabled(p) : p).toList();
        Evidence oom = new Evidence(Optional.of(1), Optional.empty(), List.of(Evidence.Text.of("stderr",
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.")));
        assertThat(new FailureCatalogue(all).match(oom).map(f -> f.pattern().phrase())).isEmpty();
        assertThat(CATALOGUE.match(new Evidence(Optional.of(1), Optional.empty(),
                List.of(Evidence.Text.of("stderr", "all fine\n"))))).isEmpty();
    }

    @Test
    void a_log_tail_that_starts_inside_a_line_skips_that_line() {
        Evidence tail = new Evidence(Optional.of(1), Optional.empty(), List.of(new Evidence.Text("stderr",
                () -> new java.io.ByteArrayInputStream("named 'cut_off'\nall fine\n".getBytes()), true)));
        assertThat(CATALOGUE.match(tail)).isEmpty();
    }

    @Test
    void lines_longer_than_the_buffer_and_lines_across_buffers_are_matched() {
        StringBuilder log = new StringBuilder();
        while (log.length() < FailureCatalogue.BUFFER - 20) {
            log.append("x".repeat(99)).append('\n');
        }
        log.append("ModuleNotFoundError: No module named 'across_buffers'\n");
        Evidence evidence = new Evidence(Optional.of(1), Optional.empty(), List.of(Evidence.Text.of("stderr",
                log.toString())));
        assertThat(CATALOGUE.match(evidence).orElseThrow().groups()).containsExactly("across_buffers");
        Evidence huge = new Evidence(Optional.of(1), Optional.empty(), List.of(Evidence.Text.of("stderr",
                "y".repeat(FailureCatalogue.BUFFER * 2) + "\nbash: line 1: python: command not found\n")));
        assertThat(CATALOGUE.match(huge).orElseThrow().pattern().phrase()).isEqualTo("PythonCommandMissing");
    }

    private static FailurePattern disabled(FailurePattern p) {
        return new FailurePattern(p.code(), p.phrase(), p.category(), p.behavior(), p.failure(), p.reason(),
                p.solution(), p.link(), p.exitCodes(), p.signal(), p.step(), p.keywords(), p.regex(), p.fix(),
                p.priority(), false);
    }
}
