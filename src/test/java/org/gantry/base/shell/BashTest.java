package org.gantry.base.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BashTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "plain", "it's", "''", "'\\''", "\"quoted\"", "$HOME ${PATH} $(id)", "`date`",
            "back\\slash\\", "two\nlines\n", "tab\there", "; exit 3", "&& rm -rf ~ || true", "*?[a]", "~/x",
            "!event", "a\rb", "\u00fcnic\u00f8de \u2603"})
    void a_quoted_word_reads_back_byte_for_byte_in_a_real_bash(String hostile) throws Exception {
        assertThat(bash("printf '%s' " + Bash.quote(hostile))).isEqualTo(hostile);
    }

    @Test
    void a_joined_command_line_keeps_every_word_apart() throws Exception {
        String nasty = "it's \"quoted\" $HOME `date` \\ ; exit 3";
        List<String> argv = new ArrayList<>(List.of("printf", "[%s]"));
        argv.addAll(List.of(nasty, "", "two words", "x'y"));
        assertThat(bash(Bash.join(argv))).isEqualTo("[" + nasty + "][][two words][x'y]");
        assertThat(Bash.join(List.of())).isEmpty();
    }

    @Test
    void quoting_is_single_quotes_with_embedded_quotes_spliced_in() {
        assertThat(Bash.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(Bash.join(List.of("a", "b c"))).isEqualTo("'a' 'b c'");
    }

    @Test
    void a_nul_character_is_refused_because_no_bash_word_can_hold_it() {
        assertThatThrownBy(() -> Bash.quote("a\0b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NUL");
        assertThatThrownBy(() -> Bash.join(List.of("ok", "\0"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void plain_words_stay_bare_and_the_rest_is_quoted() {
        assertThat(Bash.quoteIfNeeded("data/run-1.2+x")).isEqualTo("data/run-1.2+x");
        assertThat(Bash.quoteIfNeeded("my dir")).isEqualTo("'my dir'");
        assertThat(Bash.quoteIfNeeded("$x")).isEqualTo("'$x'");
    }

    @Test
    void a_home_path_expands_home_and_quotes_the_rest() throws Exception {
        assertThat(Bash.quotePath("~/a b")).isEqualTo("\"$HOME\"/'a b'");
        assertThat(bash("HOME='/h o'; printf '%s' " + Bash.quotePath("~/a $b"))).isEqualTo("/h o/a $b");
        assertThat(Bash.quotePath("/abs")).isEqualTo("'/abs'");
    }

    @Test
    void an_export_line_sets_the_value_and_refuses_a_bad_name() throws Exception {
        assertThat(bash(Bash.export("V_1", "a'b\nc") + "; printf '%s' \"$V_1\"")).isEqualTo("a'b\nc");
        assertThatThrownBy(() -> Bash.export("1x; rm", "v")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid environment variable name");
    }

    private static String bash(String script) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }
}
