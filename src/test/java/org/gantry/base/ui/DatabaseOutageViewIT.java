package org.gantry.base.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.UI;
import java.time.Duration;
import org.gantry.base.db.DatabaseHealth;
import org.gantry.security.Role;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/** A view that meets an unreachable database as it opens shows the outage page inside the app shell. */
@SpringBootTest
class DatabaseOutageViewIT {

    @Autowired
    ApplicationContext context;
    @Autowired
    DatabaseHealth health;

    @AfterEach
    void tearDown() throws InterruptedException {
        KaribuSupport.signOut();
        // the database never went away: the next probe (within a second) finds it up again
        assertThat(health.awaitAvailable(Duration.ofSeconds(30))).isTrue();
    }

    @Test
    void a_server_shutting_down_under_a_view_shows_the_outage_page_in_the_app_shell() {
        // Bug: Vaadin matched error views by the exact exception class only, so Spring's
        // TransientDataAccessResourceException (a server shutting down) showed a stack trace.
        KaribuSupport.signIn(context, "admin", Role.ADMIN);

        UI.getCurrent().navigate("test/outage/shutdown");

        assertOutagePage();
    }

    @Test
    void a_view_that_cannot_be_created_for_want_of_a_connection_shows_the_outage_page() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);

        UI.getCurrent().navigate("test/outage/bean");

        assertOutagePage();
    }

    @Test
    void another_failure_shows_a_plain_error_page_in_the_app_shell_and_the_database_stays_up() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);

        UI.getCurrent().navigate("test/outage/bug");

        ServerErrorView page = _get(ServerErrorView.class);
        assertThat(page.getId()).hasValue("server-error");
        assertThat(page.title.getText()).isEqualTo("Something went wrong");
        assertThat(page.getParent().map(Object::getClass)).hasValue((Class) MainLayout.class);
        assertThat(health.isAvailable()).isTrue();
    }

    private void assertOutagePage() {
        ErrorPage page = _get(ErrorPage.class);
        assertThat(page.getId()).hasValue("database-unavailable");
        assertThat(page.title.getText()).isEqualTo("Database unreachable");
        assertThat(page.message.getText()).startsWith("The database is not reachable; Gantry retries");
        assertThat(page.getParent().map(Object::getClass)).hasValue((Class) MainLayout.class);
    }
}
