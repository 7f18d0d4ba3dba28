package org.gantry.runtime.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.gantry.runtime.RuntimeProperties;
import org.junit.jupiter.api.Test;

class TaskAccountsTest {

    private static final String SHARED = "gantry-task";

    private static String name(String user) {
        return TaskAccounts.perUserName("gantry-", user, SHARED);
    }

    @Test
    void a_per_user_account_is_prefixed_and_fits_in_32_characters() {
        assertThat(name("alice")).isEqualTo("gantry-alice");
        String longName = name("a-user-name-much-longer-than-linux-allows");
        assertThat(longName).hasSize(32).startsWith("gantry-a-user-name-much-");
        assertThat(name("a-user-name-much-longer-than-linux-allows-2")).isNotEqualTo(longName);
    }

    @Test
    void names_linux_refuses_are_lowercased_and_sanitized_with_a_hash_of_the_exact_name() {
        assertThat(name("John.Doe")).matches("gantry-john_doe-[0-9a-f]{8}");
        assertThat(name("nonadminTestUser")).matches("gantry-nonadmintestuser-[0-9a-f]{8}").hasSize(32);
        assertThat(List.of(name("John.Doe"), name("john.doe"), name("JOHN.DOE"), name("john_doe"), name("john-doe")))
                .doesNotHaveDuplicates()
                .allSatisfy(account -> assertThat(account).matches(TaskAccounts.ACCOUNT_NAME));
        assertThat(name("john_doe")).isEqualTo("gantry-john_doe");
    }

    @Test
    void the_same_user_gets_the_same_account_every_time() {
        assertThat(name("John.Doe")).isEqualTo(name("John.Doe"));
        assertThat(name("x".repeat(64))).isEqualTo(name("x".repeat(64)));
    }

    // a user could be named after another's hashed account, or after the shared account, and take it
    @Test
    void no_user_name_gives_the_account_of_another_user_or_the_shared_one() {
        String hashed = name("John.Doe");
        String lookalike = hashed.substring("gantry-".length());
        assertThat(name(lookalike)).isNotEqualTo(hashed).matches(TaskAccounts.ACCOUNT_NAME);
        assertThat(name("task")).isNotEqualTo(SHARED).matches("gantry-task-[0-9a-f]{8}");
    }

    @Test
    void any_name_openpai_accepts_gives_a_valid_and_distinct_account() {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-";
        Random random = new Random(22);
        Map<String, String> users = new HashMap<>();
        for (int i = 0; i < 5000; i++) {
            StringBuilder user = new StringBuilder();
            int length = 1 + random.nextInt(64);
            for (int c = 0; c < length; c++) {
                user.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String account = name(user.toString());
            assertThat(account).as(user.toString()).matches(TaskAccounts.ACCOUNT_NAME);
            String before = users.put(account, user.toString());
            assertThat(before == null || before.contentEquals(user)).as(user + " and " + before).isTrue();
        }
    }

    @Test
    void a_prefix_or_shared_account_that_cannot_make_account_names_is_refused_at_start() {
        assertThatThrownBy(() -> new TaskAccounts(settings("Gantry.", SHARED), true))
                .hasMessageContaining("gantry.runtime.local.account-prefix=Gantry.");
        assertThatThrownBy(() -> new TaskAccounts(settings("", SHARED), true))
                .hasMessageContaining("account-prefix");
        assertThatThrownBy(() -> new TaskAccounts(settings("gantry-", "Gantry Tasks"), true))
                .hasMessageContaining("gantry.runtime.local.shared-account=Gantry Tasks");
    }

    private static RuntimeProperties.Local settings(String prefix, String shared) {
        return new RuntimeProperties.Local(null, null, 0, false, RuntimeProperties.TaskAccounts.PER_USER, shared,
                prefix, "auto", null, Duration.ofDays(30), 2);
    }
}
