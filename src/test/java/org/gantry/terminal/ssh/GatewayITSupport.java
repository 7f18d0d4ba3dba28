package org.gantry.terminal.ssh;

import java.security.KeyPair;
import java.util.Map;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.OpenTerminal;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalAuditService;
import org.gantry.terminal.TerminalTestData;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * What the gateway's integration tests share: the gateway and its services from the Spring
 * context, and a user with a registered key whose local task {@code train}, worker 0, runs
 * (tasks from {@link StandInTaskResolver}, real shells on ptys as a real unprivileged account).
 */
abstract class GatewayITSupport {

    @Autowired
    SshGateway gateway;

    @Autowired
    SshKeyService keys;

    @Autowired
    UserService users;

    @Autowired
    StandInTaskResolver tasks;

    @Autowired
    TerminalAuditService audit;

    String owner;
    KeyPair ownerKey;
    TaskRoute route;
    TaskShellTarget.Local target;

    /** A new user named {@code prefix…} with a key, and its running task with {@code env}. */
    void ownerWithKeyAndRunningTask(String prefix, Map<String, String> env) throws Exception {
        owner = prefix + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, owner, Role.USER);
        ownerKey = GatewayTestClient.registeredKey(keys, owner);
        route = TaskRoute.of(owner, "train", "worker", 0);
        target = TerminalTestData.localTask("train", env);
        tasks.running(route, target);
    }

    long openTerminalsOf(String username) {
        return gateway.openTerminals().stream().map(OpenTerminal::username).filter(username::equals).count();
    }
}
