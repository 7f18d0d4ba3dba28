package org.gantry.runtime;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The one Spring context the runtime's tests share: the runtime on (the other tests keep it
 * off so that their jobs stay WAITING), a local node of 4 cpu whatever the machine has, tasks
 * as Gantry's own user where it is not root, and a short reconcile interval and platform
 * retry backoff.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "gantry.runtime.enabled=true", "gantry.runtime.local.cpu=4", "gantry.runtime.local.memory-mb=16384",
    "gantry.runtime.local.allow-same-user=true", "gantry.runtime.reconcile-interval=1s",
    "gantry.runtime.platform-retries.backoff=1s"})
public @interface RuntimeSpringTest {
}
