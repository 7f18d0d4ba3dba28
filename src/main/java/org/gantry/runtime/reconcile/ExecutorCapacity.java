package org.gantry.runtime.reconcile;

import java.util.Optional;
import org.gantry.job.JobCapacity;
import org.gantry.job.lint.NodeCapacity;
import org.gantry.runtime.AdmissionProperties;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.ExecutorRegistry;
import org.gantry.runtime.Resources;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.security.VirtualCluster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Each virtual cluster's largest node as its executor reports it: the local executor's
 * configured cpu, memory and gpu, on which a job's tasks start together ({@link CapacityQueue});
 * for other executors what {@link Executor#largestNode} tells, where each task is placed on its
 * own.
 */
@Component
class ExecutorCapacity implements JobCapacity {

    private static final Logger log = LoggerFactory.getLogger(ExecutorCapacity.class);

    private final ExecutorRegistry executors;
    private final Resources localCapacity;
    private final boolean queueBeyondCapacity;

    @Autowired
    ExecutorCapacity(ExecutorRegistry executors, RuntimeProperties runtime, AdmissionProperties admission) {
        this(executors, runtime.local().capacity(), admission.queueBeyondCapacity());
    }

    ExecutorCapacity(ExecutorRegistry executors, Resources localCapacity, boolean queueBeyondCapacity) {
        this.executors = executors;
        this.localCapacity = localCapacity;
        this.queueBeyondCapacity = queueBeyondCapacity;
    }

    @Override
    public Optional<NodeCapacity> largestNode(VirtualCluster cluster) {
        if (queueBeyondCapacity) {
            return Optional.empty();
        }
        if (cluster.getExecutor().equals(Executor.LOCAL)) {
            return Optional.of(node(Executor.LOCAL, localCapacity, true));
        }
        String where = cluster.getExecutor() + (cluster.getExecutorTarget().isEmpty() ? ""
                : ":" + cluster.getExecutorTarget());
        try {
            return executors.get(cluster.getExecutor()).largestNode(cluster.getExecutorTarget())
                    .map(largest -> node(where, largest, false));
        } catch (ExecutorException | RuntimeException e) {
            log.info("The capacity of {} is unknown now: {}", where, e.getMessage());
            return Optional.empty();
        }
    }

    private static NodeCapacity node(String where, Resources resources, boolean wholeJob) {
        return new NodeCapacity(where, resources.cpu(), resources.memoryMB(), resources.gpu(), wholeJob);
    }
}
