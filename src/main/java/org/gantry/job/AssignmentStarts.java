package org.gantry.job;

import java.util.Optional;

/**
 * Course assignments as the job editor uses them: open one prefilled, and link the job
 * submitted from it to the assignment. The courses implement it; the job feature owns the
 * interface so that its views need not depend on that feature. Every method acts as the
 * signed-in caller and sees only what the caller may see.
 */
public interface AssignmentStarts {

    /** The prefilled document of assignment {@code assignmentId}, when the caller may start it. */
    Optional<Start> open(long assignmentId);

    /**
     * Checks a document against the assignment before it is submitted (its virtual cluster
     * and resource limits).
     *
     * @throws RuntimeException with a message for the user when the document breaks a rule
     */
    void check(long assignmentId, String yaml);

    /** Links the caller's job {@code jobName}, just submitted, to the assignment. */
    void recordJob(long assignmentId, String owner, String jobName);

    /** An assignment's document, ready for the editor. */
    record Start(long assignmentId, String title, String yaml) {
    }
}
