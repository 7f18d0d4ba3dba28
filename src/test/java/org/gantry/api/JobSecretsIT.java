package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.sql.DataSource;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class JobSecretsIT {

    private static final String SECRET = "tok-9f3Kq7-never-shown";

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Test
    void secrets_reach_only_their_owner_masked_for_admins_and_never_the_database_or_log(CapturedOutput output) {
        RestClient owner = RestClient.newUser(port, "owner");
        RestClient other = RestClient.newUser(port, "other");
        RestClient admin = RestClient.admin(port);
        String name = TestJobs.uniqueName("secret");
        RestClient.Response submitted = owner.postYaml("/api/v2/jobs", TestJobs.withSecret(name, SECRET));
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        String path = "/api/v2/jobs/" + owner.username() + "~" + name;
        owner.putJson(path + "/tag", Map.of("value", "with-secret"));

        RestClient.Response ownerConfig = owner.get(path + "/config");
        assertThat(ownerConfig.contentType()).startsWith("text/yaml");
        assertThat(ownerConfig.body()).contains("apiToken: " + SECRET).contains("<% $secrets.apiToken %>");

        String otherConfig = other.get(path + "/config").body();
        assertThat(otherConfig).doesNotContain(SECRET).contains("apiToken:").contains("<% $secrets.apiToken %>");
        String adminConfig = admin.get(path + "/config").body();
        assertThat(adminConfig).doesNotContain(SECRET).contains("******");

        for (String readable : new String[] {path, path + "/events", path + "/attempts", "/api/v2/jobs?keyword=" + name,
                path + "/attempts/0/taskRoles/main/taskIndex/0/attempts"}) {
            assertThat(other.get(readable).body()).as(readable).doesNotContain(SECRET);
            assertThat(admin.get(readable).body()).as(readable).doesNotContain(SECRET);
        }
        assertThat(output.getAll()).doesNotContain(SECRET).contains(name);
        assertThat(databaseDump(name)).doesNotContain(SECRET).contains("<% $secrets.apiToken %>");
    }

    /** Every text column of the job's row, the bytes of its sealed secrets, and its events. */
    private String databaseDump(String name) {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        StringBuilder dump = new StringBuilder();
        jdbc.query("select * from job where name = ?", rs -> {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                byte[] bytes = rs.getBytes(i);
                dump.append(bytes == null ? "" : new String(bytes, StandardCharsets.ISO_8859_1)).append('\n');
            }
        }, name);
        jdbc.query("select e.message from job_event e join job j on j.id = e.job_id where j.name = ?",
                rs -> {
                    dump.append(rs.getString(1)).append('\n');
                }, name);
        return dump.toString();
    }
}
