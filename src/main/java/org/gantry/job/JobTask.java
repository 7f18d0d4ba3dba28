package org.gantry.job;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.util.Optional;

/**
 * One task: instance {@code taskIndex} of task role {@code roleName}. Created WAITING with
 * its job; the runtime moves it on and records where it ran and how it ended.
 */
@Entity
@Table(name = "job_task")
public class JobTask extends RunStateEntity {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "job_id")
    private Job job;

    @Column(name = "role_name", nullable = false, length = 64)
    private String roleName;

    @Column(name = "task_index", nullable = false)
    private int taskIndex;

    @Column(nullable = false)
    private int retries;

    /** Runs again after transient failures, counted apart from {@link #retries} (they are not the user's). */
    @Column(name = "platform_retries", nullable = false)
    private int platformRetries;

    @Column(name = "waiting_reason", length = 1024)
    private String waitingReason;

    @Column(name = "node_host")
    private String nodeHost;

    @Column(name = "node_ip", length = 64)
    private String nodeIp;

    @Version
    private long version;

    protected JobTask() {
    }

    JobTask(Job job, String roleName, int taskIndex) {
        this.job = job;
        this.roleName = roleName;
        this.taskIndex = taskIndex;
    }

    public Job getJob() {
        return job;
    }

    public String getRoleName() {
        return roleName;
    }

    public int getTaskIndex() {
        return taskIndex;
    }

    public int getRetries() {
        return retries;
    }

    public void setRetries(int retries) {
        this.retries = retries;
    }

    public int getPlatformRetries() {
        return platformRetries;
    }

    public void setPlatformRetries(int platformRetries) {
        this.platformRetries = platformRetries;
    }

    /** Why a waiting task waits, set by the runtime's scheduler. */
    public Optional<String> getWaitingReason() {
        return Optional.ofNullable(waitingReason);
    }

    public void setWaitingReason(String waitingReason) {
        this.waitingReason = waitingReason;
    }

    public Optional<String> getNodeHost() {
        return Optional.ofNullable(nodeHost);
    }

    public Optional<String> getNodeIp() {
        return Optional.ofNullable(nodeIp);
    }

    public void setNode(String host, String ip) {
        this.nodeHost = host;
        this.nodeIp = ip;
    }
}
