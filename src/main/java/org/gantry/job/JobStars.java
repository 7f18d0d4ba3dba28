package org.gantry.job;

/**
 * Stars as the job views use them. The star feature implements it; the job feature owns the
 * interface so that its views can toggle stars without depending on that feature.
 */
public interface JobStars {

    /**
     * Stars ({@code true}) or unstars the job with this id for {@code viewer}; idempotent.
     *
     * @return false when {@code viewer} may not see such a job, and nothing changed
     */
    boolean setStarred(String viewer, long jobId, boolean starred);
}
