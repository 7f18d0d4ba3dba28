package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;
import org.gantry.job.lint.ShellWords.Word;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * pip in a job.
 *
 * <p>{@code pip-install-in-commands}: {@code pip install} in commands downloads and installs
 * on every start of every task; {@code deps.pip} installs once into a virtualenv cached by
 * the package list, so it is suggested instead.
 *
 * <p>{@code unpinned-pip-package}: a package without a version, in {@code deps.pip.packages}
 * or on a {@code pip install} command line, installs whatever is newest the day the
 * environment is built, so two runs of the same job may differ. Ranges ({@code >=2}) are
 * left alone: the author chose them.
 */
final class PipRules implements LintRule {

    static final String PIP_IN_COMMANDS = "pip-install-in-commands";
    static final String UNPINNED = "unpinned-pip-package";

    /** A bare requirement name, optionally with extras: {@code numpy}, {@code torch[cuda]}. */
    private static final Pattern BARE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*(\\[[A-Za-z0-9,._-]*])?");
    private static final Set<String> OPTIONS_WITH_VALUE = Set.of("-r", "--requirement", "-c", "--constraint", "-e",
            "--editable", "-t", "--target", "-i", "--index-url", "--extra-index-url", "-f", "--find-links",
            "--prefix", "--root", "--cache-dir", "--trusted-host", "--platform", "--python-version",
            "--implementation", "--abi", "--src", "--upgrade-strategy", "--progress-bar", "--timeout", "--retries",
            "--log", "--proxy", "--only-binary", "--no-binary", "--config-settings", "-C");

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        for (CommandBlock block : document.blocks()) {
            for (Command command : block.commands()) {
                pipInstallArgs(command).ifPresent(args -> {
                    List<Word> packages = packages(args);
                    boolean onlyPip = packages.size() == 1 && packages.get(0).raw().equals("pip");
                    if (!packages.isEmpty() && !onlyPip) {
                        findings.inScript(block, command.start(), command.words().get(0).end(), Severity.INFO,
                                PIP_IN_COMMANDS, "`pip install` here runs on every start of every task; list the"
                                        + " packages under deps.pip instead: they are installed once into a cached"
                                        + " virtualenv", Optional.empty());
                    }
                    for (Word word : packages) {
                        if (!onlyPip && word.literal().filter(p -> BARE.matcher(p).matches()).isPresent()) {
                            findings.inScript(block, word.start(), word.end(), Severity.WARNING, UNPINNED,
                                    unpinned(word.literal().get()), Optional.empty());
                        }
                    }
                });
            }
        }
        document.root().ifPresent(root -> {
            depsPackages(Tree.get(root, "deps"), findings);
            Tree.get(root, "taskRoles").map(Tree::entries).orElse(List.of())
                    .forEach(role -> depsPackages(Tree.get(role.getValueNode(), "deps"), findings));
        });
    }

    private static void depsPackages(Optional<Node> deps, Findings findings) {
        for (ScalarNode node : deps.flatMap(d -> Tree.get(d, "pip", "packages")).map(Tree::scalars)
                .orElse(List.of())) {
            String spec = node.getValue().strip();
            if (BARE.matcher(spec).matches()) {
                findings.atNode(node, Severity.WARNING, UNPINNED, unpinned(spec));
            }
        }
    }

    private static String unpinned(String name) {
        return "`" + name + "` has no version: each newly built environment gets whatever is newest that day;"
                + " pin it (`" + name + "==<version>`) so that runs of this job stay comparable";
    }

    /** The arguments after {@code install} of {@code pip install}, {@code pip3 install}, {@code python -m pip install}. */
    static Optional<List<Word>> pipInstallArgs(Command command) {
        String name = command.literalName();
        List<Word> args = command.args();
        int at;
        if (name.matches("pip\\d?(\\.\\d+)?")) {
            at = 0;
        } else if (name.matches("python\\d?(\\.\\d+)?") && args.size() >= 2 && args.get(0).raw().equals("-m")
                && args.get(1).raw().matches("pip\\d?")) {
            at = 2;
        } else {
            return Optional.empty();
        }
        while (at < args.size() && args.get(at).raw().startsWith("-")) {
            at++;
        }
        if (at >= args.size() || !args.get(at).raw().equals("install")) {
            return Optional.empty();
        }
        return Optional.of(args.subList(at + 1, args.size()));
    }

    private static List<Word> packages(List<Word> args) {
        List<Word> packages = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String raw = args.get(i).raw();
            if (OPTIONS_WITH_VALUE.contains(raw)) {
                i++;
            } else if (!raw.startsWith("-")) {
                packages.add(args.get(i));
            }
        }
        return packages;
    }
}
