package org.gantry.runtime.local;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;

/**
 * Removes the per-user task accounts a test context created when it closes: test users have
 * random names, and their accounts would otherwise pile up in the machine's passwd file (and
 * use up its system uids). An account still running a process stays ({@code userdel} refuses).
 */
public final class TaskAccountsCleanup implements ApplicationListener<ContextClosedEvent> {

    /** Registered through META-INF/spring.factories on the test classpath. */
    @Override
    public void onApplicationEvent(ContextClosedEvent event) {
        event.getApplicationContext().getBeanProvider(LocalExecutor.class).ifAvailable(executor -> {
            for (String account : executor.createdAccounts()) {
                try {
                    Process userdel = new ProcessBuilder("userdel", account).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    userdel.waitFor(30, TimeUnit.SECONDS);
                } catch (IOException e) {
                    // a test account left behind is untidy, not wrong
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        });
    }
}
