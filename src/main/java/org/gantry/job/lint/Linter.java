package org.gantry.job.lint;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.protocol.ProtocolParser;

/**
 * Lints OpenPAI job documents (YAML) as an editor needs it: the protocol parser's schema and
 * templating problems, then Gantry's checks of the shell commands a task runs (misspelled
 * commands, unset variables, missing directories, storages, conda, pip, sudo), the virtual
 * cluster (may the author use it, do its quota and its largest node hold the job), and
 * ShellCheck's comments when a {@code shellcheck} program is there.
 *
 * <p>Plain Java without Spring; stateless and thread-safe, never throws for any input.
 * Findings come sorted by position.
 */
public final class Linter {

    /** How long one ShellCheck run may take before its comments are given up. */
    public static final Duration SHELLCHECK_TIMEOUT = Duration.ofSeconds(5);

    private final List<LintRule> rules;
    private final Optional<ShellCheck> shellCheck;

    /** With ShellCheck when a {@code shellcheck} is on PATH. */
    public Linter() {
        this(ShellCheck.onPath(SHELLCHECK_TIMEOUT));
    }

    public Linter(Optional<ShellCheck> shellCheck) {
        this.shellCheck = shellCheck;
        List<LintRule> all = new ArrayList<>(List.of(new SchemaRule(), new TemplateRule(), new SecretEchoRule(),
                new MisspelledCommandRule(), new UndefinedVariableRule(), new StorageMountRule(),
                new MissingDirectoryRule(), new CondaRules(), new PipRules(), new SudoRule(), new QuotaRule(),
                new VirtualClusterRule()));
        shellCheck.ifPresent(s -> all.add(new ShellCheckRule(s)));
        this.rules = List.copyOf(all);
    }

    public static Linter withoutShellCheck() {
        return new Linter(Optional.empty());
    }

    public boolean usesShellCheck() {
        return shellCheck.isPresent();
    }

    public List<Finding> lint(String yaml, LintContext context) {
        LintDocument document = new LintDocument(yaml == null ? "" : yaml,
                new ProtocolParser(context.taskLimits()));
        Findings findings = new Findings(document);
        for (LintRule rule : rules) {
            try {
                rule.check(document, context, findings);
            } catch (RuntimeException | StackOverflowError e) {
                // A bug in one check must not take the others, or the editor, down with it.
                findings.add(new Finding(1, 1, 1, 1, Severity.INFO, "lint-internal-error", "the "
                        + rule.getClass().getSimpleName() + " check failed on this document ("
                        + e.getClass().getSimpleName() + ")", Optional.empty()));
            }
        }
        return findings.sorted();
    }
}
