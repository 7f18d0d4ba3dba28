package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gantry.job.lint.ShellWords.Command;
import org.gantry.job.lint.ShellWords.Joint;
import org.gantry.job.lint.ShellWords.Word;
import org.junit.jupiter.api.Test;

class ShellWordsTest {

    private static List<String> names(String script) {
        return ShellWords.parse(script).stream().map(Command::literalName).toList();
    }

    @Test
    void operators_split_commands_and_reserved_words_are_dropped() {
        assertThat(names("if [ -d x ]; then cd x && make || echo no; fi | tee log & wait"))
                .containsExactly("[", "cd", "make", "echo", "tee", "wait");
        List<Command> commands = ShellWords.parse("a && b || c | d");
        assertThat(commands).extracting(Command::joint)
                .containsExactly(Joint.START, Joint.AND, Joint.OR, Joint.PIPE);
    }

    @Test
    void quotes_substitutions_and_templates_stay_inside_their_word() {
        Command echo = ShellWords.parse("echo \"a; b\" 'c && d' $(date +%s; hostname) <% $secrets.k %>x").get(0);
        assertThat(echo.words()).extracting(Word::raw)
                .containsExactly("echo", "\"a; b\"", "'c && d'", "$(date +%s; hostname)", "<% $secrets.k %>x");
    }

    @Test
    void redirections_assignments_and_here_documents() {
        List<Command> commands = ShellWords.parse("""
                LR=0.1 python train.py 2>&1 > out/log.txt
                cat <<EOF > cfg.yaml
                pyhton is not a command here
                EOF
                ls""");
        assertThat(commands.get(0).assignments()).extracting(Word::raw).containsExactly("LR=0.1");
        assertThat(commands.get(0).words()).extracting(Word::raw).containsExactly("python", "train.py");
        assertThat(commands.get(0).redirects()).extracting(Word::raw).containsExactly("1", "out/log.txt");
        assertThat(commands).extracting(Command::literalName).containsExactly("python", "cat", "ls");
    }

    @Test
    void function_definitions_are_not_calls() {
        List<Command> commands = ShellWords.parse("setup() { pip list; }\nsetup");
        assertThat(commands.get(0).functionName()).contains("setup");
        assertThat(commands).extracting(Command::literalName).containsExactly("", "pip", "setup");
    }

    @Test
    void literal_values_drop_quotes_and_refuse_expansions() {
        assertThat(new Word("'my dir'/\"x\"", 0, 0).literal()).contains("my dir/x");
        assertThat(new Word("$HOME/x", 0, 0).literal()).isEmpty();
        assertThat(new Word("data/*.csv", 0, 0).literal()).isEmpty();
    }
}
