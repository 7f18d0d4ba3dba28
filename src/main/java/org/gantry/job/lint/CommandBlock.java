package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.job.protocol.SourceText;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * One list of shell commands in a job (a task role's {@code commands}, a deps section's
 * {@code bash}, a deployment's {@code preCommands} …) as the bash script its items make, one
 * item after the other, with the document offset of every script character.
 */
final class CommandBlock {

    /** Where the commands come from, in the order a task runs them. */
    enum Kind {
        BASH("deps.bash"), CALL_BEFORE("deps.callBefore"), PRE_COMMANDS("preCommands"), COMMANDS("commands"),
        POST_COMMANDS("postCommands"), CALL_AFTER("deps.callAfter");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /** One list item: the script range it fills and its scalar style (for edits). */
    record Item(ScalarNode node, int start, int end) {
        ScalarStyle style() {
            return node.getScalarStyle();
        }
    }

    private final Kind kind;
    private final Optional<String> role;
    private final String script;
    private final int[] offsets;
    private final List<Item> items;
    private List<ShellWords.Command> commands;

    private CommandBlock(Kind kind, Optional<String> role, String script, int[] offsets, List<Item> items) {
        this.kind = kind;
        this.role = role;
        this.script = script;
        this.offsets = offsets;
        this.items = List.copyOf(items);
    }

    static CommandBlock of(Kind kind, Optional<String> role, List<ScalarNode> nodes, SourceText index) {
        int length = Math.max(0, nodes.size() - 1);
        for (ScalarNode node : nodes) {
            length += node.getValue().length();
        }
        StringBuilder script = new StringBuilder(length);
        int[] offsets = new int[length + 1];
        List<Item> items = new ArrayList<>();
        int lastEnd = 0;
        for (ScalarNode node : nodes) {
            if (!items.isEmpty()) {
                // the line break between two items stands just past the earlier one
                offsets[script.length()] = lastEnd;
                script.append('\n');
            }
            int[] map = ScalarMap.of(node, index);
            int start = script.length();
            System.arraycopy(map, 0, offsets, start, node.getValue().length());
            script.append(node.getValue());
            lastEnd = map[node.getValue().length()];
            items.add(new Item(node, start, script.length()));
        }
        offsets[length] = lastEnd;
        return new CommandBlock(kind, role, script.toString(), offsets, items);
    }

    Kind kind() {
        return kind;
    }

    /** The task role whose tasks run these commands; empty for job-level deps. */
    Optional<String> role() {
        return role;
    }

    String script() {
        return script;
    }

    List<ShellWords.Command> commands() {
        if (commands == null) {
            commands = ShellWords.parse(script);
        }
        return commands;
    }

    List<Item> items() {
        return items;
    }

    /** Document offset of a script offset; an end offset maps just past the character before it. */
    int docStart(int scriptOffset) {
        return offsets[Math.max(0, Math.min(scriptOffset, script.length()))];
    }

    int docEnd(int scriptStart, int scriptEnd) {
        if (scriptEnd <= scriptStart) {
            return docStart(scriptStart);
        }
        return offsets[Math.min(scriptEnd, script.length()) - 1] + 1;
    }

    Optional<Item> itemAt(int scriptOffset) {
        return items.stream().filter(i -> scriptOffset >= i.start() && scriptOffset <= i.end()).findFirst();
    }
}
