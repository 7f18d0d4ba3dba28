package org.gantry;

import com.vaadin.flow.component.page.AppShellConfigurator;
import com.vaadin.flow.component.page.Push;
import com.vaadin.flow.theme.Theme;
import com.vaadin.flow.theme.lumo.Lumo;
import java.time.Clock;
import org.gantry.base.StartupCompilerPriority;
import org.gantry.base.db.EarlyEmbeddedPostgres;
import org.gantry.cli.GantryCli;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;

@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
@Push
@Theme(variant = Lumo.LIGHT)
public class GantryApplication implements AppShellConfigurator {

    public static void main(String[] args) {
        // CLI words go to picocli without starting Spring; anything else starts the server.
        if (GantryCli.handles(args)) {
            System.exit(GantryCli.run(args));
        }
        application().run(args);
    }

    /**
     * The server as {@code main} starts it: the embedded PostgreSQL starts alongside the context,
     * and the JIT compilers yield to the start until Gantry is ready.
     */
    public static SpringApplication application() {
        SpringApplication application = new SpringApplication(GantryApplication.class);
        application.addListeners(new EarlyEmbeddedPostgres(), new StartupCompilerPriority());
        return application;
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
