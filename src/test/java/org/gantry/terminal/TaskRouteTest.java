package org.gantry.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TaskRouteTest {

    @Test
    void a_login_name_names_job_role_and_index() {
        TaskRoute route = TaskRoute.parse("alice~train-2~worker_a~12");
        assertThat(route).isEqualTo(TaskRoute.of("alice", "train-2", "worker_a", 12));
        assertThat(route.jobId()).isEqualTo("alice~train-2");
        assertThat(route.loginName()).isEqualTo("alice~train-2~worker_a~12");
        assertThat(route.describe()).isEqualTo("alice~train-2 worker_a[12]");
    }

    @Test
    void role_and_index_may_be_left_out() {
        assertThat(TaskRoute.parse("alice~train")).isEqualTo(TaskRoute.ofJob("alice", "train"));
        assertThat(TaskRoute.parse("alice~train~ps"))
                .isEqualTo(new TaskRoute("alice", "train", Optional.of("ps"), OptionalInt.empty()));
        assertThat(TaskRoute.parse("alice~train~ps").loginName()).isEqualTo("alice~train~ps");
    }

    @Test
    void owners_may_have_openpai_names_with_capitals_dots_and_dashes() {
        // Bug: login names of users like John.Doe or nonadminTestUser were refused by a lowercase-only pattern
        TaskRoute route = TaskRoute.parse("John.Doe-2~train~worker~1");
        assertThat(route).isEqualTo(TaskRoute.of("John.Doe-2", "train", "worker", 1));
        assertThat(TaskRoute.parse("nonadminTestUser~train").jobOwner()).isEqualTo("nonadminTestUser");
    }

    @Test
    void a_plain_account_name_is_refused_with_the_scheme() {
        assertThatThrownBy(() -> TaskRoute.parse("root"))
                .hasMessageContaining("<user>~<job>[~<taskRole>[~<index>]]").hasMessageContaining("not root");
    }

    @Test
    void malformed_parts_are_named() {
        assertThatThrownBy(() -> TaskRoute.parse("al ice~train")).hasMessageContaining("not a valid user name");
        assertThatThrownBy(() -> TaskRoute.parse("..~train")).hasMessageContaining("not a valid user name");
        assertThatThrownBy(() -> TaskRoute.parse("alice~tr ain")).hasMessageContaining("not a valid job name");
        assertThatThrownBy(() -> TaskRoute.parse("alice~train~1worker")).hasMessageContaining("not a valid task role");
        assertThatThrownBy(() -> TaskRoute.parse("alice~train~w~-1")).hasMessageContaining("not a valid task index");
        assertThatThrownBy(() -> TaskRoute.parse("alice~train~w~01")).hasMessageContaining("not a valid task index");
        assertThatThrownBy(() -> TaskRoute.parse("alice~train~w~0~x")).hasMessageContaining("<user>~<job>");
        assertThatThrownBy(() -> TaskRoute.parse("a".repeat(300))).hasMessageContaining("<user>~<job>");
    }

    @Test
    void control_characters_never_reach_a_message_unescaped() {
        assertThatThrownBy(() -> TaskRoute.parse("alice~tr\u001b[2Jain")).hasMessageNotContaining("\u001b");
    }
}
