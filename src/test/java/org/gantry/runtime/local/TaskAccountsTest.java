package org.gantry.runtime.local;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TaskAccountsTest {

    @Test
    void a_per_user_account_is_prefixed_and_fits_in_32_characters() {
        assertThat(TaskAccounts.perUserName("gantry-", "alice")).isEqualTo("gantry-alice");
        String longName = TaskAccounts.perUserName("gantry-", "a-user-name-much-longer-than-linux-allows");
        assertThat(longName).hasSize(32).startsWith("gantry-a-user-name-much-");
        assertThat(TaskAccounts.perUserName("gantry-", "a-user-name-much-longer-than-linux-allows-2"))
                .isNotEqualTo(longName);
    }
}
