package org.gantry.job.lint;

/** One check of the linter. Rules are stateless; {@link Linter} runs each on every document. */
interface LintRule {

    void check(LintDocument document, LintContext context, Findings findings);
}
