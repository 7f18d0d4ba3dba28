package org.gantry.terminal;

import java.util.Optional;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

/**
 * Decides who may enter which task and where that task runs: the one place the SSH gateway
 * (and so the browser terminal and the CLI) asks before opening a shell.
 */
@Service
public class TerminalService {

    private final TerminalProperties properties;
    private final UserService users;
    private final ObjectProvider<TaskShellResolver> resolvers;
    private final TerminalAuditService audit;
    private final TaskPortAccess ports;

    TerminalService(TerminalProperties properties, UserService users, ObjectProvider<TaskShellResolver> resolvers,
                    TerminalAuditService audit, TaskPortAccess ports) {
        this.properties = properties;
        this.users = users;
        this.resolvers = resolvers;
        this.audit = audit;
        this.ports = ports;
    }

    /**
     * Checks an authenticated attempt against the task it names, records the decision in the
     * audit, and tells where the task runs when it may be entered.
     */
    public Admission admit(TerminalAttempt attempt) {
        Admission admission = decide(attempt);
        if (admission instanceof Admission.Allowed allowed) {
            audit.record(attempt, TerminalAuditEntry.Outcome.ALLOWED, allowed.reason() + "; " + describe(allowed.target()));
        } else if (admission instanceof Admission.Refused refused) {
            audit.record(attempt, TerminalAuditEntry.Outcome.REFUSED, refused.message());
        }
        return admission;
    }

    /**
     * Checks an authenticated request to reach {@code host:port} inside the task the attempt
     * names (an {@code ssh -L} channel, the browser proxy): the same owner check as a shell,
     * then {@link TaskPortAccess} decides whether the port is the task's. Recorded in the audit
     * either way, with the port.
     */
    public Admission admitPort(TerminalAttempt attempt, String host, int port) {
        return admitPort(attempt, host, port, true);
    }

    /**
     * {@link #admitPort(TerminalAttempt, String, int)}, recording an allowed request only when
     * {@code recordAllowed}: the browser proxy checks every HTTP request but records an
     * allowed port once in a while, not once per page asset. Refusals are always recorded.
     */
    public Admission admitPort(TerminalAttempt attempt, String host, int port, boolean recordAllowed) {
        String what = "port " + host + ":" + port;
        Admission admission = decide(attempt);
        if (admission instanceof Admission.Allowed allowed) {
            Optional<String> refusal = ports.refusal(allowed.target(), allowed.route(), host, port);
            if (refusal.isPresent()) {
                admission = new Admission.Refused(refusal.get());
            } else {
                if (recordAllowed) {
                    audit.record(attempt, TerminalAuditEntry.Outcome.ALLOWED, allowed.reason() + "; " + what + " in "
                            + describe(allowed.target()));
                }
                return admission;
            }
        }
        String message = ((Admission.Refused) admission).message();
        audit.record(attempt, TerminalAuditEntry.Outcome.REFUSED, what + ": " + message);
        return admission;
    }

    /**
     * Checks an authenticated request for the task's files (SFTP, scp): the same owner check as
     * a shell; the files of a task in a Slurm allocation are served where its job was submitted
     * (its directory on this machine or on the login node, which the node shares).
     */
    public Admission admitFiles(TerminalAttempt attempt) {
        Admission admission = decide(attempt);
        if (admission instanceof Admission.Allowed allowed) {
            if (allowed.target() instanceof TaskShellTarget.Local local) {
                audit.record(attempt, TerminalAuditEntry.Outcome.ALLOWED, allowed.reason() + "; files of "
                        + local.workingDirectory() + " as " + local.osAccount());
                return admission;
            }
            if (allowed.target() instanceof TaskShellTarget.SshHost host) {
                audit.record(attempt, TerminalAuditEntry.Outcome.ALLOWED, allowed.reason() + "; files of "
                        + host.workingDirectory() + " on " + host.host());
                return admission;
            }
            TaskShellTarget.Slurm slurm = (TaskShellTarget.Slurm) allowed.target();
            if (slurm.workingDirectory().isPresent()) {
                audit.record(attempt, TerminalAuditEntry.Outcome.ALLOWED, allowed.reason() + "; files of "
                        + slurm.workingDirectory().get() + " of Slurm job " + slurm.slurmJobId()
                        + slurm.loginNode().map(node -> " on " + node).orElse(" as " + slurm.osAccount()));
                return admission;
            }
            admission = new Admission.Refused("The directory of " + allowed.route().describe()
                    + " in Slurm job " + slurm.slurmJobId() + " is not known");
        }
        audit.record(attempt, TerminalAuditEntry.Outcome.REFUSED, "files: " + ((Admission.Refused) admission).message());
        return admission;
    }

    /** Refuses an attempt before it names a task, e.g. an unknown key; recorded like any other. */
    public void refuse(TerminalAttempt attempt, String reason) {
        audit.record(attempt, TerminalAuditEntry.Outcome.REFUSED, reason);
    }

    /** Where the task runs now, for open terminals checking that it still does. */
    public TaskShellLookup lookup(TaskRoute route) {
        return resolve(route).orElseGet(() -> new TaskShellLookup.Unavailable(TaskShellLookup.Reason.NO_SUCH_TASK,
                "There is no job " + route.jobId()));
    }

    /** Whether the user may enter the tasks of {@code route}'s job: its owner, or an admin when configured. */
    public boolean mayEnter(String username, TaskRoute route) {
        return users.find(username).filter(UserAccount::isEnabled).map(user -> accessReason(user, route).isPresent())
                .orElse(false);
    }

    private Optional<String> accessReason(UserAccount user, TaskRoute route) {
        if (route.jobOwner().equals(user.getUsername())) {
            return Optional.of("owner");
        }
        if (user.isAdmin() && properties.adminAccess()) {
            return Optional.of("administrator access");
        }
        return Optional.empty();
    }

    private Admission decide(TerminalAttempt attempt) {
        Optional<UserAccount> user = attempt.username().flatMap(users::find).filter(UserAccount::isEnabled);
        if (user.isEmpty()) {
            return new Admission.Refused("Your key belongs to no enabled Gantry account");
        }
        TaskRoute route;
        try {
            route = TaskRoute.parse(attempt.loginName());
        } catch (IllegalArgumentException e) {
            return new Admission.Refused(e.getMessage());
        }
        Optional<String> reason = accessReason(user.get(), route);
        if (reason.isEmpty()) {
            return new Admission.Refused("Only " + route.jobOwner() + " may enter the tasks of " + route.jobId());
        }
        TaskShellLookup lookup = lookup(route);
        if (lookup instanceof TaskShellLookup.Running running) {
            return new Admission.Allowed(running.route(), running.target(), reason.get());
        }
        return new Admission.Refused(((TaskShellLookup.Unavailable) lookup).message());
    }

    private Optional<TaskShellLookup> resolve(TaskRoute route) {
        return resolvers.orderedStream()
                .map(resolver -> resolver.resolve(route))
                .flatMap(Optional::stream)
                .findFirst();
    }

    private static String describe(TaskShellTarget target) {
        if (target instanceof TaskShellTarget.Local local) {
            return "local shell as " + local.osAccount();
        }
        if (target instanceof TaskShellTarget.Slurm slurm) {
            return "srun into Slurm job " + slurm.slurmJobId() + slurm.loginNode().map(node -> " via " + node).orElse("");
        }
        return "ssh to " + ((TaskShellTarget.SshHost) target).host();
    }

    /** The outcome of {@link #admit}. */
    public sealed interface Admission {

        /** Enter {@code target}; {@code route} has task role and index filled in. */
        record Allowed(TaskRoute route, TaskShellTarget target, String reason) implements Admission {
        }

        /** Refused; the message is shown to the person connecting. */
        record Refused(String message) implements Admission {
        }
    }
}
