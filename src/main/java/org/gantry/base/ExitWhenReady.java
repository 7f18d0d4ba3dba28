package org.gantry.base;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

/**
 * With {@code gantry.exit-when-ready=true} Gantry stops as soon as it is ready, through the
 * ordinary shutdown (the context closes, the embedded PostgreSQL stops): the production build's
 * training start, whose JVM writes the class data archive of everything a start loads
 * (docs/decisions/0092-start-time-choices.md). Spring's {@code spring.context.exit=onRefresh}
 * halts the JVM instead, which skips the shutdown and left the embedded PostgreSQL running.
 */
@Component
@ConditionalOnProperty("gantry.exit-when-ready")
class ExitWhenReady implements ApplicationListener<ApplicationReadyEvent> {

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        // not on the thread that publishes the event: that one is still inside SpringApplication.run
        Thread exit = new Thread(() -> System.exit(SpringApplication.exit(event.getApplicationContext())),
                "exit-when-ready");
        exit.start();
    }
}
