package org.gantry.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApplicationTokenScopeTest {

    @Test
    void job_routes_reads_and_logout_are_allowed() {
        assertThat(ApplicationTokenScope.refusal("POST", "/api/v2/jobs")).isEmpty();
        assertThat(ApplicationTokenScope.refusal("PUT", "/api/v2/jobs/alice~train/executionType")).isEmpty();
        assertThat(ApplicationTokenScope.refusal("DELETE", "/api/v2/jobs/alice~train/star")).isEmpty();
        assertThat(ApplicationTokenScope.refusal("POST", "/api/v2/jobs/lint")).isEmpty();
        assertThat(ApplicationTokenScope.refusal("GET", "/api/v2/users/me")).isEmpty();
        assertThat(ApplicationTokenScope.refusal("GET", "/api/v2/virtual-clusters/default")).isEmpty();
        assertThat(ApplicationTokenScope.refusal("DELETE", "/api/v2/authn/basic/logout")).isEmpty();
    }

    @Test
    void everything_else_is_refused_with_what_was_asked() {
        assertThat(ApplicationTokenScope.refusal("POST", "/api/v2/tokens/application"))
                .hasValueSatisfying(m -> assertThat(m).startsWith("Application tokens cannot create or revoke tokens"));
        assertThat(ApplicationTokenScope.refusal("PUT", "/api/v2/users/me"))
                .hasValueSatisfying(m -> assertThat(m).contains("change their account"));
        assertThat(ApplicationTokenScope.refusal("DELETE", "/api/v2/users/bob"))
                .hasValueSatisfying(m -> assertThat(m).contains("manage users"));
        assertThat(ApplicationTokenScope.refusal("POST", "/api/v2/groups"))
                .hasValueSatisfying(m -> assertThat(m).contains("manage groups"));
        assertThat(ApplicationTokenScope.refusal("POST", "/api/v2/jobsx")).isPresent();
        assertThat(ApplicationTokenScope.refusal("POST", "/api/v2/something-new")).isPresent();
    }
}
