package org.gantry.diagnostics;

import java.util.Optional;
import org.gantry.job.FailureExplanations.Explanation;

/**
 * A job attempt's diagnosis as stored and served: the catalogue entry that matched, where
 * (task, attempts, step) and what it matched. Absent values are null, for JSON.
 *
 * @param pattern the conditions that matched, readable ({@code regex ModuleNotFoundError: …})
 */
public record JobDiagnosis(int code, String phrase, String category, String behavior, boolean failure, String task,
                           int jobAttempt, int taskAttempt, String step, Integer exitCode, String reason,
                           String solution, String quote, String source, String link, String fix, String pattern) {

    static JobDiagnosis of(Finding finding, String task, int jobAttempt, int taskAttempt, Optional<String> step,
                           Optional<Integer> exitCode) {
        FailurePattern p = finding.pattern();
        return new JobDiagnosis(p.code(), p.phrase(), p.category().name().toLowerCase(),
                p.behavior().name().toLowerCase(), p.failure(), task, jobAttempt, taskAttempt, step.orElse(null),
                exitCode.orElse(null), finding.reason(), finding.solution(), finding.line().orElse(null),
                finding.source().orElse(null), p.link().orElse(null), finding.fix().map(Fixes::pipPackage)
                        .orElse(null), describe(p));
    }

    static String describe(FailurePattern p) {
        StringBuilder out = new StringBuilder();
        if (!p.exitCodes().isEmpty()) {
            out.append("exit code ").append(p.exitCodes().stream().sorted().toList()).append("; ");
        }
        p.signal().ifPresent(s -> out.append("signal ").append(s).append("; "));
        p.step().ifPresent(s -> out.append("failed step ").append(s).append("; "));
        p.regex().ifPresent(r -> out.append("regex ").append(r).append("; "));
        return out.substring(0, Math.max(0, out.length() - 2));
    }

    public boolean transientFailure() {
        return "transient".equals(behavior);
    }

    public Explanation explanation() {
        return new Explanation(phrase, category, transientFailure(), failure, task, jobAttempt, taskAttempt,
                Optional.ofNullable(step), reason, solution, Optional.ofNullable(quote), Optional.ofNullable(source),
                Optional.ofNullable(link), Optional.ofNullable(fix));
    }
}
