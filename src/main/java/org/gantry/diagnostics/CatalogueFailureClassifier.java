package org.gantry.diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.runtime.FailureClassifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Tells the runtime which failures are transient with the failure catalogue: the first pattern
 * that matches the attempt decides, and only a failure of behavior {@code transient} whose
 * category is not {@code user} is one (an NCCL timeout, a lost node; never a stop on request).
 */
@Component
class CatalogueFailureClassifier implements FailureClassifier {

    private static final Logger log = LoggerFactory.getLogger(CatalogueFailureClassifier.class);

    private final DiagnosticsService diagnostics;

    CatalogueFailureClassifier(DiagnosticsService diagnostics) {
        this.diagnostics = diagnostics;
    }

    @Override
    public Optional<String> transientFailure(FailedAttempt attempt) {
        try {
            return classify(diagnostics.catalogue(), attempt);
        } catch (RuntimeException e) {
            log.warn("Cannot match a failed attempt against the failure catalogue: {}", e.toString());
            return Optional.empty();
        }
    }

    /** The phrase of the pattern that matches the attempt when it is a transient failure not of the user's. */
    static Optional<String> classify(FailureCatalogue catalogue, FailedAttempt attempt) {
        List<Evidence.Text> texts = new ArrayList<>();
        texts.add(Evidence.Text.of("platform", attempt.platform()));
        for (Log tail : attempt.logs()) {
            texts.add(new Evidence.Text(tail.name(), tail.opener()::open, tail.partial()));
        }
        return catalogue.match(new Evidence(attempt.exitCode(), attempt.failedStep(), texts))
                .map(Finding::pattern)
                .filter(p -> p.behavior() == Behavior.TRANSIENT && p.category() != Category.USER && p.failure())
                .map(FailurePattern::phrase);
    }
}
