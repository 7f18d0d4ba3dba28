package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.RestClient.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** OpenPAI's user and group administration: admins only, clear 4xx answers, no history lost. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class UserAdminApiIT {

    @LocalServerPort
    int port;

    RestClient admin;
    RestClient user;
    String username;

    @BeforeEach
    void accounts() {
        admin = RestClient.admin(port);
        user = RestClient.newUser(port, "member");
        username = user.username();
    }

    @Test
    void a_user_without_jobs_is_removed_and_the_name_is_free_again() {
        Response removed = admin.delete("/api/v2/users/" + username);
        assertThat(removed.status()).as(removed.toString()).isEqualTo(200);
        assertThat(removed.json().get("removed").asBoolean()).isTrue();
        assertThat(removed.json().get("message").asText()).isEqualTo("user is removed successfully");
        assertThat(admin.get("/api/v2/users/" + username).status()).isEqualTo(404);
        assertThat(user.get("/api/v2/users/me").status()).isEqualTo(401);
        assertThat(admin.postJson("/api/v2/users", Map.of("username", username, "password", "long-enough"))
                .status()).isEqualTo(201);
    }

    @Test
    void a_user_with_jobs_is_disabled_instead_and_the_jobs_stay() {
        String job = TestJobs.uniqueName("kept");
        assertThat(user.postYaml("/api/v2/jobs", TestJobs.twoRoles(job)).status()).isEqualTo(202);

        Response answer = admin.delete("/api/v2/users/" + username);

        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.json().get("removed").asBoolean()).isFalse();
        assertThat(answer.json().get("disabled").asBoolean()).isTrue();
        assertThat(answer.json().get("message").asText()).contains("owns 1 job").contains("disabled instead of removed");
        assertThat(user.get("/api/v2/users/me").status()).isEqualTo(401);
        assertThat(RestClient.anonymous(port).postJson("/api/v2/authn/basic/login",
                Map.of("username", username, "password", "pw-" + username)).status()).isEqualTo(400);
        assertThat(admin.get("/api/v2/users/" + username).status()).isEqualTo(200);
        assertThat(admin.get("/api/v2/jobs/" + username + "~" + job).json().get("name").asText()).isEqualTo(job);
    }

    @Test
    void removing_a_user_is_for_administrators_and_says_what_is_wrong() {
        assertForbidden(user.delete("/api/v2/users/" + username));
        Response missing = admin.delete("/api/v2/users/nobody-" + UUID.randomUUID().toString().substring(0, 8));
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("code").asText()).isEqualTo("NoUserError");
        Response self = admin.delete("/api/v2/users/admin");
        assertThat(self.status()).isEqualTo(400);
        assertThat(self.json().get("message").asText()).contains("your own account");
        assertThat(admin.get("/api/v2/users/me").status()).isEqualTo(200);
    }

    @Test
    void administrators_add_remove_and_replace_a_users_groups() {
        String group = newGroup("team");
        String path = "/api/v2/users/" + username;

        Response added = admin.putJson(path + "/group", Map.of("groupname", group));
        assertThat(added.status()).as(added.toString()).isEqualTo(201);
        assertThat(added.json().get("message").asText()).isEqualTo("User " + username + " is added into group " + group);
        assertThat(groupsOf(username)).containsExactly("default", group);
        assertThat(admin.deleteJson(path + "/group/", Map.of("groupname", group)).status()).isEqualTo(201);
        assertThat(groupsOf(username)).containsExactly("default");
        assertNotFound(admin.deleteJson(path + "/group", Map.of("groupname", group)), "NoGroupError", "not a member");

        assertThat(admin.putJson(path + "/grouplist", Map.of("grouplist", List.of(group))).status()).isEqualTo(201);
        assertThat(groupsOf(username)).containsExactly(group);
        assertThat(admin.putJson(path + "/grouplist/", Map.of("grouplist", List.of("default", group))).status())
                .isEqualTo(201);
        assertThat(groupsOf(username)).containsExactly("default", group);

        assertNotFound(admin.putJson(path + "/grouplist", Map.of("grouplist", List.of("default", "no-such-group"))),
                "NoGroupError", "no-such-group");
        assertThat(groupsOf(username)).containsExactly("default", group);
        assertNotFound(admin.putJson(path + "/group", Map.of("groupname", "no-such-group")), "NoGroupError",
                "no-such-group");
        assertNotFound(admin.putJson("/api/v2/users/nobody-at-all/group", Map.of("groupname", group)),
                "NoUserError", "nobody-at-all");
        assertThat(admin.putJson(path + "/grouplist", Map.of()).status()).isEqualTo(400);
        assertThat(admin.putJson(path + "/group", Map.of()).status()).isEqualTo(400);
        assertForbidden(user.putJson(path + "/group", Map.of("groupname", group)));
        assertForbidden(user.putJson(path + "/grouplist", Map.of("grouplist", List.of(group))));
    }

    @Test
    void administrators_create_update_and_read_groups() {
        String group = newGroup("lab");
        JsonNode created = user.get("/api/v2/groups/" + group).json();
        assertThat(created.get("description").asText()).isEqualTo("A lab");
        assertThat(created.at("/extension/acls/virtualClusters")).extracting(JsonNode::asText).containsExactly("default");

        Response duplicate = admin.postJson("/api/v2/groups", Map.of("groupname", group));
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(duplicate.json().get("code").asText()).isEqualTo("ConflictGroupError");

        assertThat(admin.putJson("/api/v2/groups", Map.of("data", Map.of("groupname", group, "description",
                "Renamed"), "patch", true)).status()).isEqualTo(201);
        JsonNode patched = user.get("/api/v2/groups/" + group).json();
        assertThat(patched.get("description").asText()).isEqualTo("Renamed");
        assertThat(patched.at("/extension/acls/virtualClusters")).hasSize(1);
        assertThat(admin.putJson("/api/v2/groups", Map.of("data", Map.of("groupname", group))).status())
                .isEqualTo(201);
        JsonNode replaced = user.get("/api/v2/groups/" + group).json();
        assertThat(replaced.get("description").asText()).isEmpty();
        assertThat(replaced.at("/extension/acls/virtualClusters")).isEmpty();
        // OpenPAI's SDK sends the group itself, without data: a patch
        assertThat(admin.putJson("/api/v2/groups", Map.of("groupname", group, "description", "From the SDK"))
                .status()).isEqualTo(201);
        assertThat(user.get("/api/v2/groups/" + group).json().get("description").asText()).isEqualTo("From the SDK");

        assertNotFound(admin.putJson("/api/v2/groups", Map.of("data", Map.of("groupname", "no-such-group"))),
                "NoGroupError", "no-such-group");
        assertThat(admin.postJson("/api/v2/groups", Map.of("groupname", "bad name!")).status()).isEqualTo(400);
        assertThat(admin.postJson("/api/v2/groups", Map.of("description", "no name")).status()).isEqualTo(400);
        Response adminGroup = admin.postJson("/api/v2/groups", Map.of("groupname", group + "-admins",
                "extension", Map.of("acls", Map.of("admin", true))));
        assertThat(adminGroup.status()).isEqualTo(400);
        assertThat(adminGroup.json().get("message").asText()).contains("per user");
        assertThat(admin.postJson("/api/v2/groups", Map.of("groupname", group + "-x", "extension",
                Map.of("acls", Map.of("virtualClusters", List.of("no-such-vc"))))).status()).isEqualTo(400);
        assertThat(admin.get("/api/v2/groups/" + group + "-x").status()).isEqualTo(404);
        assertForbidden(user.postJson("/api/v2/groups", Map.of("groupname", group + "-mine")));
        assertForbidden(user.putJson("/api/v2/groups", Map.of("data", Map.of("groupname", group), "patch", true)));
    }

    @Test
    void a_group_is_deleted_only_without_members() {
        String group = newGroup("temp");
        assertThat(admin.putJson("/api/v2/users/" + username + "/group", Map.of("groupname", group)).status())
                .isEqualTo(201);
        JsonNode members = admin.get("/api/v2/groups/" + group + "/userlist").json();
        assertThat(members).singleElement().satisfies(m -> {
            assertThat(m.get("username").asText()).isEqualTo(username);
            assertThat(m.get("clusterAdmin").asBoolean()).isFalse();
        });
        assertForbidden(user.get("/api/v2/groups/" + group + "/userlist"));
        assertForbidden(user.delete("/api/v2/groups/" + group));

        Response refused = admin.delete("/api/v2/groups/" + group);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("message").asText()).contains("still has 1 member");
        assertThat(groupsOf(username)).contains(group);

        assertThat(admin.deleteJson("/api/v2/users/" + username + "/group", Map.of("groupname", group)).status())
                .isEqualTo(201);
        Response deleted = admin.delete("/api/v2/groups/" + group);
        assertThat(deleted.status()).as(deleted.toString()).isEqualTo(201);
        assertThat(deleted.json().get("message").asText()).isEqualTo("group is removed successfully");
        assertNotFound(admin.get("/api/v2/groups/" + group), "NoGroupError", group);
        assertNotFound(admin.delete("/api/v2/groups/" + group), "NoGroupError", group);
        assertNotFound(admin.get("/api/v2/groups/" + group + "/userlist"), "NoGroupError", group);
    }

    private String newGroup(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        Response created = admin.postJson("/api/v2/groups", Map.of("groupname", name, "description",
                "A " + prefix, "externalName", "", "extension", Map.of("acls", Map.of("admin", false,
                        "virtualClusters", List.of("default")))));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        assertThat(created.json().get("message").asText()).isEqualTo("group is created successfully");
        return name;
    }

    @Test
    void openpai_user_names_with_capitals_and_dots_sign_in_and_own_jobs() {
        // Bug: names such as nonadminTestUser or John.Doe were refused (lowercase letters, digits, '_', '-' only)
        RestClient john = RestClient.newUser(port, "John.Doe");
        String name = john.username();
        assertThat(name).startsWith("John.Doe-");
        String job = john.submit(TestJobs.twoRoles(TestJobs.uniqueName("dotted")));
        Response status = john.get("/api/v2/jobs/" + name + "~" + job);
        assertThat(status.status()).as(status.toString()).isEqualTo(200);
        assertThat(status.json().at("/jobStatus/username").asText()).isEqualTo(name);
        assertThat(admin.get("/api/v2/users/" + name).json().get("username").asText()).isEqualTo(name);
        assertThat(RestClient.newUser(port, "nonadminTestUser").username()).startsWith("nonadminTestUser-");
    }

    @Test
    void names_differing_only_in_case_are_one_account_too_many() {
        RestClient mixed = RestClient.newUser(port, "Mixed");
        String name = mixed.username();
        Response clash = admin.postJson("/api/v2/users", Map.of("username", name.toLowerCase(), "password",
                "long-enough"));
        assertThat(clash.status()).as(clash.toString()).isEqualTo(409);
        assertThat(clash.json().get("code").asText()).isEqualTo("ConflictUserError");
        assertThat(clash.json().get("message").asText()).contains(name).contains("only in case");
        // names stay case-sensitive, as in OpenPAI: the lowercase spelling is nobody
        assertNotFound(admin.get("/api/v2/users/" + name.toLowerCase()), "NoUserError", name.toLowerCase());
    }

    @Test
    void names_that_are_directories_or_hold_other_characters_are_refused_with_the_rule() {
        for (String bad : List.of("..", ".", "al ice", "a~b", "x".repeat(65), "bob/..", "")) {
            Response refused = admin.postJson("/api/v2/users", Map.of("username", bad, "password", "long-enough"));
            assertThat(refused.status()).as(bad + ": " + refused).isEqualTo(400);
            assertThat(refused.json().get("message").asText()).as(bad).contains("letters, digits, '_', '.' or '-'");
        }
    }

    private List<String> groupsOf(String name) {
        JsonNode groups = admin.get("/api/v2/users/" + name).json().get("grouplist");
        return StreamSupport.stream(groups.spliterator(), false).map(JsonNode::asText).toList();
    }

    private static void assertForbidden(Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(403);
        assertThat(response.json().get("code").asText()).isEqualTo("ForbiddenUserError");
        // OpenPAI's words, which its SDK's suite compares (they were "You are not allowed to do this.")
        assertThat(response.json().get("message").asText()).isEqualTo("Non-admin is not allow to do this operation.");
    }

    private static void assertNotFound(Response response, String code, String mentioned) {
        assertThat(response.status()).as(response.toString()).isEqualTo(404);
        assertThat(response.json().get("code").asText()).isEqualTo(code);
        assertThat(response.json().get("message").asText()).contains(mentioned);
    }
}
