package org.gantry.job;

/**
 * Published as a Spring application event whenever a job's state is committed as changed,
 * including its first state on submission. Listeners must not assume they run on any
 * particular thread and must not block: views hand it over to their UI with {@code ui.access}.
 */
public record JobStateChanged(long jobId, String owner, String jobName, JobState state) {

    public static JobStateChanged of(Job job) {
        return new JobStateChanged(job.getId(), job.getOwnerName(), job.getName(), job.getState());
    }

    /** OpenPAI's job id: {@code user~name}. */
    public String frameworkName() {
        return owner + "~" + jobName;
    }
}
