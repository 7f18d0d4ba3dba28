package org.gantry.job;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.gantry.security.UserAccount;

/** A submitted job: what was sent, what it resolved to, and where it stands. */
@Entity
@Table(name = "job")
@EntityListeners(JobStateListener.class)
public class Job extends RunStateEntity {

    public static final int NAME_MAX = 255;
    public static final int TAG_MAX = 255;
    /** Tags per job: enough for labelling, too few to turn a job into a key-value store. */
    public static final int TAGS_MAX = 64;

    public enum ExecutionType { START, STOP }

    @ManyToOne(fetch = FetchType.EAGER, optional = false)
    @JoinColumn(name = "owner_id")
    private UserAccount owner;

    @Column(nullable = false, length = NAME_MAX)
    private String name;

    @Column(name = "virtual_cluster", nullable = false, length = 64)
    private String virtualCluster;

    /** Written on insert only: a stop request sets it with {@link JobRepository#requestStop}, which no row write undoes. */
    @Enumerated(EnumType.STRING)
    @Column(name = "execution_type", nullable = false, length = 8, updatable = false)
    private ExecutionType executionType = ExecutionType.START;

    @Column(name = "submitted_text", nullable = false, columnDefinition = "text")
    private String submittedText;

    @Column(name = "resolved_text", nullable = false, columnDefinition = "text")
    private String resolvedText;

    @Column(name = "secrets_ciphertext")
    private byte[] secretsCiphertext;

    @Column(nullable = false)
    private int retries;

    @Column(name = "submitted_at", nullable = false)
    private Instant submittedAt;

    @Column(name = "total_task_number", nullable = false)
    private int totalTaskNumber;

    @Column(name = "total_task_role_number", nullable = false)
    private int totalTaskRoleNumber;

    @Column(name = "total_gpu_number", nullable = false)
    private int totalGpuNumber;

    @ElementCollection
    @CollectionTable(name = "job_tag", joinColumns = @JoinColumn(name = "job_id"))
    @Column(name = "tag", nullable = false, length = TAG_MAX)
    private Set<String> tags = new TreeSet<>();

    @Version
    private long version;

    protected Job() {
    }

    public Job(UserAccount owner, String name, String virtualCluster, String submittedText, String resolvedText,
               Instant submittedAt) {
        this.owner = owner;
        this.name = name;
        this.virtualCluster = virtualCluster;
        this.submittedText = submittedText;
        this.resolvedText = resolvedText;
        this.submittedAt = submittedAt;
    }

    public UserAccount getOwner() {
        return owner;
    }

    public String getOwnerName() {
        return owner.getUsername();
    }

    public String getName() {
        return name;
    }

    /** OpenPAI's job id: {@code user~name}. */
    public String getFrameworkName() {
        return owner.getUsername() + "~" + name;
    }

    public String getVirtualCluster() {
        return virtualCluster;
    }

    public ExecutionType getExecutionType() {
        return executionType;
    }

    public String getSubmittedText() {
        return submittedText;
    }

    public String getResolvedText() {
        return resolvedText;
    }

    public Optional<byte[]> getSecretsCiphertext() {
        return Optional.ofNullable(secretsCiphertext);
    }

    public void setSecretsCiphertext(byte[] secretsCiphertext) {
        this.secretsCiphertext = secretsCiphertext;
    }

    public int getRetries() {
        return retries;
    }

    public void setRetries(int retries) {
        this.retries = retries;
    }

    public Instant getSubmittedAt() {
        return submittedAt;
    }


    public int getTotalTaskNumber() {
        return totalTaskNumber;
    }

    public int getTotalTaskRoleNumber() {
        return totalTaskRoleNumber;
    }

    public int getTotalGpuNumber() {
        return totalGpuNumber;
    }

    void setTotals(int taskRoles, int tasks, int gpus) {
        this.totalTaskRoleNumber = taskRoles;
        this.totalTaskNumber = tasks;
        this.totalGpuNumber = gpus;
    }

    public Set<String> getTags() {
        return Collections.unmodifiableSet(tags);
    }

    boolean addTag(String tag) {
        return tags.add(tag);
    }

    boolean removeTag(String tag) {
        return tags.remove(tag);
    }

    /** Time from start to completion, or to {@code now} while running. */
    public Optional<Duration> duration(Instant now) {
        return getStartedAt().map(start -> Duration.between(start, getCompletedAt().orElse(now)));
    }

    /** The state last announced by {@link JobStateListener}. */
    @Transient
    private JobState publishedState;

    void rememberPublishedState() {
        publishedState = getState();
    }

    boolean stateChangedSincePublished() {
        return publishedState != getState();
    }
}
