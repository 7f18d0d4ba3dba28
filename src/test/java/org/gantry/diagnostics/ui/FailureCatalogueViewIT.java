package org.gantry.diagnostics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.UI;
import java.util.Optional;
import org.gantry.diagnostics.DiagnosticsService;
import org.gantry.diagnostics.FailurePattern;
import org.gantry.security.Role;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.security.access.AccessDeniedException;

@SpringBootTest
class FailureCatalogueViewIT {

    @Autowired
    ApplicationContext context;
    @Autowired
    DiagnosticsService diagnostics;

    @AfterEach
    void tearDown() {
        KaribuSupport.signOut();
    }

    private FailureCatalogueView open() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(FailureCatalogueView.class);
        return com.github.mvysny.kaributesting.v10.LocatorJ._get(FailureCatalogueView.class);
    }

    @Test
    void an_admin_adds_a_pattern_tests_it_on_a_pasted_log_and_disables_it() {
        FailureCatalogueView view = open();
        assertThat(GridKt._size(view.grid)).isGreaterThanOrEqualTo(60);
        view.edit(Optional.empty());
        view.code.setValue(9901);
        view.phrase.setValue("LicenseServerDown");
        view.reason.setValue("The license server {1} did not answer.");
        view.solution.setValue("Try again later or ask an administrator.");
        view.keywords.setValue("license server");
        view.regex.setValue("license server (\\S+) not responding");
        view.priority.setValue(50);

        view.log.setValue("starting\nERROR: license server lic01:27000 not responding\n");
        view.test();
        assertThat(view.result.getText()).contains("Matches: ERROR: license server lic01:27000 not responding")
                .contains("The license server lic01:27000 did not answer.");

        view.save();
        assertThat(diagnostics.patterns()).anyMatch(p -> p.code() == 9901 && p.enabled());
        assertThat(diagnostics.test(pattern(9901), "license server lic02 not responding")).isPresent();

        view.edit(Optional.of(pattern(9901)));
        view.disable();
        assertThat(pattern(9901).enabled()).isFalse();
        assertThat(diagnostics.catalogue().patterns()).noneMatch(p -> p.code() == 9901);
    }

    @Test
    void a_broken_regex_is_refused_with_its_reason() {
        FailureCatalogueView view = open();
        view.edit(Optional.empty());
        view.code.setValue(9902);
        view.phrase.setValue("Broken");
        view.reason.setValue("r");
        view.solution.setValue("s");
        view.regex.setValue("[errno 2");
        view.test();
        assertThat(view.result.getText()).contains("The regex does not compile");
        view.save();
        assertThat(diagnostics.patterns()).noneMatch(p -> p.code() == 9902);
    }

    @Test
    void only_administrators_change_the_catalogue() {
        KaribuSupport.signIn(context, "somebody", Role.USER);
        FailurePattern any = diagnostics.patterns().get(0);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> diagnostics.save(any))
                .isInstanceOf(AccessDeniedException.class);
    }

    private FailurePattern pattern(int code) {
        return diagnostics.patterns().stream().filter(p -> p.code() == code).findFirst().orElseThrow();
    }
}
