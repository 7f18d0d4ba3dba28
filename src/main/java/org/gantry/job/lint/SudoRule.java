package org.gantry.job.lint;

import java.util.Optional;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;

/**
 * {@code sudo}: tasks run under the submitting user's account, without a terminal and
 * without root; sudo would wait for a password nobody can type, or be refused.
 */
final class SudoRule implements LintRule {

    static final String CODE = "sudo";

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        for (CommandBlock block : document.blocks()) {
            for (Command command : block.commands()) {
                if (command.literalName().equals("sudo")) {
                    findings.inScript(block, command.start(), command.words().get(0).end(), Severity.WARNING, CODE,
                            "`sudo` cannot work in a task: it runs under your account without root and without a"
                                    + " terminal to type a password. Put system packages into the image, or use"
                                    + " deps (module, conda, pip) for software", Optional.empty());
                }
            }
        }
    }
}
