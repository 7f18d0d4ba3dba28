package org.gantry.runtime.local;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gantry.runtime.RuntimeProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** Which task accounts Gantry uses when nobody configured them, and what it says at start about them. */
class TaskAccountsDefaultTest {

    @TempDir
    Path dir;

    @Test
    void each_user_gets_an_account_of_their_own_unless_configured_otherwise() {
        // Bug: the default was one shared account, in which one user's task read another's secrets
        assertThat(bind(Map.of()).local().taskAccounts()).isEqualTo(RuntimeProperties.TaskAccounts.PER_USER);
        assertThat(bind(Map.of("gantry.runtime.local.task-accounts", "shared")).local().taskAccounts())
                .isEqualTo(RuntimeProperties.TaskAccounts.SHARED);
    }

    @Test
    void a_shared_account_is_warned_about_at_start() throws Exception {
        // Bug: with the shared account Gantry started without a word that tasks read each other's secrets
        List<ILoggingEvent> shared = start(RuntimeProperties.TaskAccounts.SHARED);
        assertThat(shared).filteredOn(e -> e.getLevel() == Level.WARN).singleElement()
                .extracting(ILoggingEvent::getFormattedMessage).asString()
                .contains("gantry-task", "task-accounts=shared", "secrets", "per-user");

        List<ILoggingEvent> perUser = start(RuntimeProperties.TaskAccounts.PER_USER);
        assertThat(perUser).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN)).isEmpty();
        assertThat(perUser).extracting(ILoggingEvent::getFormattedMessage)
                .anySatisfy(m -> assertThat(m).contains("one OS account per user (gantry-<user>)"));
    }

    private static RuntimeProperties bind(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings))
                .bindOrCreate("gantry.runtime", RuntimeProperties.class);
    }

    /** What a local executor that may switch accounts logs as it starts. */
    private List<ILoggingEvent> start(RuntimeProperties.TaskAccounts accounts) throws Exception {
        Path data = Files.createTempDirectory(dir, "data");
        // task accounts must be able to pass through to the tasks directory, or the executor disables itself
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        RuntimeProperties.Local settings = new RuntimeProperties.Local(2, 1024, 0, false, accounts, "gantry-task",
                "gantry-", "none", null, Duration.ofDays(30), 0);
        Logger logger = (Logger) LoggerFactory.getLogger(LocalExecutor.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        try {
            new LocalExecutor(data, data.resolve("tasks"), settings, true).close();
        } finally {
            logger.detachAppender(events);
        }
        return List.copyOf(events.list);
    }
}
